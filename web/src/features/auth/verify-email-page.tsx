export function VerifyEmailPage() { return <div>TODO VerifyEmailPage</div>; }
