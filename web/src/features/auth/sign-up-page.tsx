export function SignUpPage() { return <div>TODO SignUpPage</div>; }
