export function EmailVerificationPage() { return <div>TODO EmailVerificationPage</div>; }
