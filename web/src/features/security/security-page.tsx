import { Stack } from '@mantine/core';
import { PasskeysSection } from './passkeys-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/** Profile → Security: one section per concern of the account's protection, stacked. */
export function SecurityPage() {
  return (
    <Stack maw={960}>
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
    </Stack>
  );
}
