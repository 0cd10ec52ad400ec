import { Stack } from '@mantine/core';
import { useProfile } from '../../api/profile';
import { RequirementSection } from './requirement-section';
import { PasskeysSection } from './passkeys-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorRequiredBanner } from './two-factor-required-banner';
import { TwoFactorSection } from './two-factor-section';
import { UndoWindowSection } from './undo-window-section';

/** Profile → Security: one section per concern of the account's protection, stacked. */
export function SecurityPage() {
  // Until its own factor is on, an account sees only what it may still call: its setup and sessions.
  const profile = useProfile();
  const showRules = profile.isSuccess && profile.data.data.two_factor_setup_required !== true;
  return (
    <Stack maw={960}>
      <TwoFactorRequiredBanner />
      <TwoFactorSection />
      <PasskeysSection />
      {showRules && <RequirementSection />}
      {showRules && <UndoWindowSection />}
      <SessionsSection />
    </Stack>
  );
}
