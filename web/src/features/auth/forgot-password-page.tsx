export function ForgotPasswordPage() { return <div>TODO ForgotPasswordPage</div>; }
