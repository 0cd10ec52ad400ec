import { lazy, Suspense } from 'react';

/**
 * The step-up dialog (a 403 STEP_UP_REQUIRED asks for a code or a passkey, then the call runs
 * again; a money move's own dialog asks in its place instead), mounted by the signed-in screens:
 * its dialog, code field and passkey library load with the first of them, so /login does not
 * carry them.
 */
const StepUpProvider = lazy(() => import('../features/security/step-up-modal').then((m) => ({ default: m.StepUpProvider })));

export function SignedInStepUp() {
  return (
    <Suspense fallback={null}>
      <StepUpProvider />
    </Suspense>
  );
}
