export function LoginPage() { return <div>TODO LoginPage</div>; }
