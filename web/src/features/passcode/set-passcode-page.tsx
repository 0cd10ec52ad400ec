export function SetPasscodePage() { return <div>TODO SetPasscodePage</div>; }
