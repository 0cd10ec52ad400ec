export function UpdateEmailPage() { return <div>TODO UpdateEmailPage</div>; }
