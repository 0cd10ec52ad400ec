import { useState } from 'react';
import { Alert, Center, Loader, Stack, Tabs } from '@mantine/core';
import { IconBell, IconBrandTelegram, IconSettings } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LogoSection } from './logo-section';
import { ManualPaymentForm } from './manual-payment-form';
import { RemindersSection } from './reminders-section';
import { SettingsForm } from './settings-form';
import { StripeSection } from './stripe-section';
import { useStorefront } from './storefront';
import { TelegramSection } from './telegram-section';

type Tab = 'settings' | 'reminders' | 'telegram';

/**
 * Sales → Storefront (issue 43): the store's settings with a live preview, its logo, and its two
 * payment methods. Before the first save only the settings are shown: the rest needs a store.
 * Once it exists, two more tabs (issue 44): the customer reminders and the store's Telegram bot;
 * a tab's content is mounted only while it is open (its queries are asked then, not before).
 */
export function StorefrontPage() {
  const { t } = useTranslation();
  const query = useStorefront();
  const [tab, setTab] = useState<Tab>('settings');
  // The tabs' icons give way on a phone: the three names (Einstellungen, Configurações…) then fit one row at 375 px.
  const phone = useMediaQuery('(max-width: 30em)');
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
  // Keyed by the store: its first save starts the form again from the saved (normalised) values.
  const settings = <SettingsForm key={store ? `store-${store.id}` : 'new'} store={store} />;
  if (!store) return <Stack maw={1100}>{settings}</Stack>;
  return (
    <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false} maw={1100}>
      <Tabs.List mb="md">
        <Tabs.Tab value="settings" leftSection={phone ? undefined : <IconSettings size={16} aria-hidden />}>
          {t('storefront.tabs.settings')}
        </Tabs.Tab>
        <Tabs.Tab value="reminders" leftSection={phone ? undefined : <IconBell size={16} aria-hidden />}>
          {t('storefront.tabs.reminders')}
        </Tabs.Tab>
        <Tabs.Tab value="telegram" leftSection={phone ? undefined : <IconBrandTelegram size={16} aria-hidden />}>
          {t('storefront.tabs.telegram')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="settings">
        <Stack>
          {settings}
          <LogoSection store={store} />
          <StripeSection store={store} />
          <ManualPaymentForm store={store} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="reminders">
        <RemindersSection language={store.default_language} />
      </Tabs.Panel>
      <Tabs.Panel value="telegram">
        <TelegramSection store={store} />
      </Tabs.Panel>
    </Tabs>
  );
}
