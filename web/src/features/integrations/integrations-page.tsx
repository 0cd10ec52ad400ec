import { Stack } from '@mantine/core';
import { allowed, session } from '../../lib/session';
import { ApiKeysSection } from './api-keys-section';
import { LowCreditForm } from './low-credit-form';
import { WebhooksSection } from './webhooks-section';

/**
 * Profile → Integrations (issue 25): what a reseller's bots are told (webhook endpoints, and the
 * low-balance line whose `credit.low` they receive) and what they may do (scoped API keys), one
 * section each, stacked as Profile → Security is,
 * each shown by its own permission (the route asks either).
 */
export function IntegrationsPage() {
  const permissions = session.permissions();
  return (
    <Stack maw={1100}>
      {allowed(permissions, 'webhooks') && (
        <>
          <WebhooksSection />
          <LowCreditForm />
        </>
      )}
      {allowed(permissions, 'api-keys') && <ApiKeysSection />}
    </Stack>
  );
}
