import { useState } from 'react';
import { Badge, Button, Code, Group, List, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { stripeKeysInput, type Storefront, type StripeKeysInput } from '@panel/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyValueButton } from '../../components/copy-value-button';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { SectionCard } from '../../components/section-card';
import { useRemoveStripe, useSaveStripe } from './storefront';

/** The Stripe events that mean paid (the webhook's description in the contract). */
export const STRIPE_EVENTS = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'] as const;

/**
 * Card payments on the reseller's own Stripe account: where Stripe sends its events, which events,
 * and the two keys. The keys are never shown again (configured and the key's last 4 only); saving
 * or removing them asks for the second factor when the account has one (the API client's step-up).
 */
export function StripeSection({ store }: { store: Storefront }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const save = useSaveStripe();
  const remove = useRemoveStripe();
  const [confirming, setConfirming] = useState(false);
  const form = useZodForm<StripeKeysInput>(stripeKeysInput, { initialValues: { secret_key: '', webhook_secret: '' } });
  const submit = form.submit((body) => save.mutate(body, { onError: form.fail, onSuccess: () => form.reset() }));
  const { configured, key_last4: last4 } = store.stripe;

  return (
    <SectionCard
      title={t('storefront.stripe.title')}
      description={t('storefront.stripe.description')}
      aside={
        <Badge color={configured ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
          {configured ? t('storefront.stripe.configured', { last4: last4 ?? '' }) : t('storefront.stripe.notConfigured')}
        </Badge>
      }
    >
      <Stack gap="md">
        <List type="ordered" size="sm" spacing="xs">
          <List.Item>
            <Text size="sm">{t('storefront.stripe.stepEndpoint')}</Text>
            <Group gap={4} wrap="nowrap" align="center">
              <Code dir="ltr" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }} data-testid="stripe-webhook-url">
                {store.stripe_webhook_url}
              </Code>
              <CopyValueButton value={store.stripe_webhook_url} label={t('storefront.stripe.copyWebhookUrl')} />
            </Group>
          </List.Item>
          <List.Item>
            <Text size="sm">{t('storefront.stripe.stepEvents')}</Text>
            <Group gap={6} mt={4}>
              {STRIPE_EVENTS.map((event) => (
                <Code key={event} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                  {event}
                </Code>
              ))}
            </Group>
          </List.Item>
          <List.Item>
            <Text size="sm">{t('storefront.stripe.stepKeys')}</Text>
          </List.Item>
        </List>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={t('storefront.stripe.secretKey')}
              description={t('storefront.stripe.secretKeyHint')}
              placeholder="sk_live_…"
              dir="ltr"
              autoComplete="off"
              withAsterisk
              {...form.getInputProps('secret_key')}
              error={errorText(form.errors.secret_key, 'secret_key', { label: t('storefront.stripe.secretKey') })}
            />
            <PasswordInput
              label={t('storefront.stripe.webhookSecret')}
              description={t('storefront.stripe.webhookSecretHint')}
              placeholder="whsec_…"
              dir="ltr"
              autoComplete="off"
              withAsterisk
              {...form.getInputProps('webhook_secret')}
              error={errorText(form.errors.webhook_secret, 'webhook_secret', { label: t('storefront.stripe.webhookSecret') })}
            />
            <FormAlert form={form} />
            <FormActions
              form={form}
              leading={
                configured ? (
                  <Button variant="light" color="red" onClick={() => setConfirming(true)}>
                    {t('storefront.stripe.remove')}
                  </Button>
                ) : undefined
              }
            >
              <Button type="submit" loading={save.isPending}>
                {t(configured ? 'storefront.stripe.replace' : 'storefront.stripe.save')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('storefront.stripe.removeTitle')}
        message={t('storefront.stripe.removeMessage')}
        confirmLabel={t('storefront.stripe.remove')}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </SectionCard>
  );
}
