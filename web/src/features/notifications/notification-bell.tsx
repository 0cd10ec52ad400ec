export function NotificationBell() { return <div>TODO NotificationBell</div>; }
