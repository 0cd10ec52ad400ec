import { useMemo } from 'react';
import { Button, ColorInput, Grid, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  LOCALES,
  STOREFRONT_SLUG_MAX,
  STOREFRONT_SUPPORT_MAX,
  STOREFRONT_TITLE_MAX,
  storefrontSettingsInput,
  type Locale,
  type Storefront,
  type StorefrontSettings,
} from '@panel/contract';
import { CopyValueButton } from '../../components/copy-value-button';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { SectionCard } from '../../components/section-card';
import { currentLocale, LANGUAGE_NAMES } from '../../i18n';
import { currencyCodes, currencyLabel } from './money';
import { StorePreview } from './store-preview';
import { useSaveStorefront } from './storefront';

type Values = {
  slug: string;
  title: string;
  enabled: boolean;
  accent_color: string;
  currency: string;
  default_language: Locale;
  support: { email: string; whatsapp: string; telegram: string };
};

/** Accent colours white text reads well on (each at least 4.5:1), offered as swatches. */
export const SWATCHES = ['#1864ab', '#237032', '#c92a2a', '#862e9c', '#5f3dc4', '#a33a0a', '#0b7285', '#212529'];

/** The address customers buy at: the server's own base once the store exists, this panel's before. */
export function publicUrlFor(store: Storefront | null, slug: string): string {
  const base = store ? store.public_url.slice(0, store.public_url.lastIndexOf('/store/')) : window.location.origin;
  return `${base}/store/${encodeURIComponent(slug.trim().toLowerCase())}`;
}

function initialValues(store: Storefront | null): Values {
  const locale = currentLocale();
  return {
    slug: store?.slug ?? '',
    title: store?.title ?? '',
    enabled: store?.enabled ?? true,
    accent_color: store?.accent_color ?? SWATCHES[0]!,
    currency: store?.currency ?? (locale === 'br' ? 'BRL' : 'EUR'),
    default_language: store?.default_language ?? locale,
    support: { email: store?.support.email ?? '', whatsapp: store?.support.whatsapp ?? '', telegram: store?.support.telegram ?? '' },
  };
}

/**
 * Storefront → settings: the first setup (no store yet) and every later edit, checked by the
 * contract's schema as the server checks it, beside a preview of the store that follows the typing.
 */
export function SettingsForm({ store }: { store: Storefront | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const save = useSaveStorefront();
  const form = useZodForm<Values, StorefrontSettings>(storefrontSettingsInput, {
    initialValues: initialValues(store),
    // The colour's contrast is told as it is picked, not only on save (the preview shows it too).
    validateInputOnChange: ['accent_color'],
  });
  const currencies = useMemo(() => currencyCodes().map((code) => ({ value: code, label: currencyLabel(code) })), []);
  const submit = form.submit((body) => save.mutate(body, { onError: form.fail }));
  const publicUrl = publicUrlFor(store, form.values.slug);
  const label = (key: string) => t(`storefront.settings.${key}`);

  return (
    <SectionCard title={t(store ? 'storefront.settings.title' : 'storefront.settings.setupTitle')} description={t(store ? 'storefront.settings.description' : 'storefront.settings.setupDescription')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label={label('storeTitle')}
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('title')}
                error={errorText(form.errors.title, 'title', { max: STOREFRONT_TITLE_MAX, label: label('storeTitle') })}
              />
              <TextInput
                label={label('slug')}
                withAsterisk
                dir="ltr"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                {...form.getInputProps('slug')}
                description={
                  <Group component="span" gap={4} wrap="nowrap" align="center">
                    <Text component="span" size="xs" dir="ltr" style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="public-url">
                      {publicUrl}
                    </Text>
                    {store && store.slug === form.values.slug.trim().toLowerCase() && <CopyValueButton value={store.public_url} label={label('copyPublicUrl')} />}
                  </Group>
                }
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={errorText(form.errors.slug, 'slug', { max: STOREFRONT_SLUG_MAX, label: label('slug') })}
              />
              <ColorInput
                label={label('accentColor')}
                description={label('accentColorHint')}
                withAsterisk
                format="hex"
                dir="ltr"
                swatches={SWATCHES}
                swatchesPerRow={8}
                withEyeDropper={false}
                {...form.getInputProps('accent_color')}
                error={errorText(form.errors.accent_color, 'accent_color', { label: label('accentColor') })}
              />
              <Select
                label={label('currency')}
                description={label('currencyHint')}
                withAsterisk
                searchable
                data={currencies}
                allowDeselect={false}
                {...form.getInputProps('currency')}
                error={errorText(form.errors.currency, 'currency', { label: label('currency') })}
              />
              <Select
                label={label('defaultLanguage')}
                description={label('defaultLanguageHint')}
                data={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
                allowDeselect={false}
                {...form.getInputProps('default_language')}
              />
              <Text fw={600} size="sm" mt="xs">
                {label('support')}
              </Text>
              <Text size="xs" c="dimmed" mt={-8}>
                {label('supportHint')}
              </Text>
              <TextInput
                label={label('supportEmail')}
                type="email"
                dir="ltr"
                autoComplete="off"
                {...form.getInputProps('support.email')}
                error={errorText(form.errors['support.email'], 'email', { label: label('supportEmail') })}
              />
              <TextInput
                label={label('supportWhatsapp')}
                dir="ltr"
                inputMode="tel"
                autoComplete="off"
                {...form.getInputProps('support.whatsapp')}
                error={errorText(form.errors['support.whatsapp'], 'whatsapp', { max: STOREFRONT_SUPPORT_MAX, label: label('supportWhatsapp') })}
              />
              <TextInput
                label={label('supportTelegram')}
                dir="ltr"
                autoComplete="off"
                {...form.getInputProps('support.telegram')}
                error={errorText(form.errors['support.telegram'], 'telegram', { max: STOREFRONT_SUPPORT_MAX, label: label('supportTelegram') })}
              />
              <Switch
                mt="xs"
                label={label('enabled')}
                description={label('enabledHint')}
                {...form.getInputProps('enabled', { type: 'checkbox' })}
              />
              <FormAlert form={form} />
              <FormActions form={form}>
                <Button type="submit" loading={save.isPending}>
                  {t(store ? 'common.save' : 'storefront.settings.create')}
                </Button>
              </FormActions>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <div style={{ position: 'sticky', top: 80 }}>
            <StorePreview title={form.values.title} accentColor={form.values.accent_color} logoUrl={store?.logo_url ?? null} currency={form.values.currency} enabled={form.values.enabled} />
          </div>
        </Grid.Col>
      </Grid>
    </SectionCard>
  );
}
