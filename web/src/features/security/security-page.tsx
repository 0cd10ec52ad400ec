import { Stack } from '@mantine/core';
import { SessionsSection } from './sessions-section';

/** Profile → Security: one section per concern, stacked. */
export function SecurityPage() {
  return (
    <Stack maw={960}>
      <SessionsSection />
    </Stack>
  );
}
