export function DashboardPage() { return <div>TODO DashboardPage</div>; }
