export function ResetPasswordPage() { return <div>TODO ResetPasswordPage</div>; }
