export function UpdatePasscodePage() { return <div>TODO UpdatePasscodePage</div>; }
