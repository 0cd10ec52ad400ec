import { Stack } from '@mantine/core';
import { WebhooksSection } from './webhooks-section';

/**
 * Profile → Integrations (issue 25): what a reseller's bots are told (webhook endpoints) and
 * what they may do (scoped API keys), one section each, stacked as Profile → Security is.
 */
export function IntegrationsPage() {
  return (
    <Stack maw={1100}>
      <WebhooksSection />
      {/*
        LEAD, at merge: the low-credit threshold form (./low-credit-form.tsx, `credit.low`'s line,
        from its helper) goes here, right under the endpoints that receive that event.
      */}
      {/*
        LEAD, at merge: <ApiKeysSection /> (./api-keys-section.tsx, from the API keys helper) goes
        here. The route asks 'webhooks'; with keys on the page, widen it to ['webhooks', 'api-keys']
        and show each section by its own permission (session.has).
      */}
    </Stack>
  );
}
