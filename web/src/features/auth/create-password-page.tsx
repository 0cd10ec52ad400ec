export function CreatePasswordPage() { return <div>TODO CreatePasswordPage</div>; }
