import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LogoSection } from './logo-section';
import { ManualPaymentForm } from './manual-payment-form';
import { SettingsForm } from './settings-form';
import { StripeSection } from './stripe-section';
import { useStorefront } from './storefront';

/**
 * Sales → Storefront (issue 43): the store's settings with a live preview, its logo, and its two
 * payment methods. Before the first save only the settings are shown: the rest needs a store.
 */
export function StorefrontPage() {
  const { t } = useTranslation();
  const query = useStorefront();
  if (query.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('storefront.loading')} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {t('storefront.loadFailed')}
      </Alert>
    );
  }
  const store = query.data.data;
  return (
    <Stack maw={1100}>
      {/* Keyed by the store: its first save starts the form again from the saved (normalised) values. */}
      <SettingsForm key={store ? `store-${store.id}` : 'new'} store={store} />
      {store && (
        <>
          <LogoSection store={store} />
          <StripeSection store={store} />
          <ManualPaymentForm store={store} />
        </>
      )}
    </Stack>
  );
}
