export function ProfilePage() { return <div>TODO ProfilePage</div>; }
