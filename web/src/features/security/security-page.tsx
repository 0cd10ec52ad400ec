import { Stack } from '@mantine/core';
import { TwoFactorSection } from './two-factor-section';

/** Profile → Security: one section per concern of the account's protection. */
export function SecurityPage() {
  return (
    <Stack maw={640}>
      <TwoFactorSection />
    </Stack>
  );
}
