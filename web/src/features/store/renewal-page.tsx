import { Alert, Anchor, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Locale, PublicStorefront } from '@panel/contract';
import { ApiError } from '../../api/client';
import { usePublicStorefront } from './get-public-storefront';
import { useRenewal } from './get-renewal';
import { OrderForm } from './order-form';
import { StoreLayout } from './store-layout';
import { useStoreLanguage } from './use-store-language';

const storePath = (slug: string, language: Locale) => `/store/${encodeURIComponent(slug)}?lang=${language}`;

/** A dead end of the renewal page, with the way to the store's own page. */
function Ending({ store, slug, language, onLanguage, title, text }: { store: PublicStorefront | undefined; slug: string; language: Locale; onLanguage: (l: Locale) => void; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <StoreLayout store={store} language={language} onLanguage={onLanguage} documentTitle={title}>
      <Stack gap="md" align="center" ta="center" py="xl">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" maw={520}>
          {text}
        </Text>
        <Anchor component={Link} to={storePath(slug, language)}>
          {t('store.renewal.toStore')}
        </Anchor>
      </Stack>
    </StoreLayout>
  );
}

/**
 * /store/:slug/renew/:token (issue 44): a reminder's renewal link. The signed token names the
 * device and the product to buy again; the store's order form opens with both, and the order
 * placed is an ordinary storefront order. An expired or altered link says so, with the way to the
 * store's page.
 */
export function RenewalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { slug = '', token = '' } = useParams();
  // Both at once: the link's answer names the same store as its address (else the link is not this store's).
  const renewal = useRenewal(token);
  const store = usePublicStorefront(slug);
  const { language, choose } = useStoreLanguage(store.data?.default_language);
  const ending = (title: string, text: string, face: PublicStorefront | undefined = store.data) => (
    <Ending store={face} slug={slug} language={language} onLanguage={choose} title={title} text={text} />
  );

  if (renewal.isPending || store.isPending) {
    return (
      <StoreLayout store={undefined} language={language} onLanguage={choose} documentTitle={t('store.loading')}>
        <Center py="xl">
          <Loader aria-label={t('store.loading')} />
        </Center>
      </StoreLayout>
    );
  }
  const failed = [renewal.error, store.error].find((error) => error && !(error instanceof ApiError && error.status === 404));
  if (failed) {
    return (
      <StoreLayout store={undefined} language={language} onLanguage={choose} documentTitle={t('store.failed.title')}>
        <Stack gap="md" align="center" ta="center" py="xl">
          <Title order={1} size="h2">
            {t('store.failed.title')}
          </Title>
          <Text c="dimmed">{t('store.failed.text')}</Text>
          <Button variant="default" onClick={() => void Promise.all([renewal.refetch(), store.refetch()])} loading={renewal.isFetching || store.isFetching}>
            {t('store.failed.retry')}
          </Button>
        </Stack>
      </StoreLayout>
    );
  }
  if (store.isError) return ending(t('store.closed.title'), t('store.closed.text'), undefined);
  if (renewal.isError || renewal.data.slug !== slug.toLowerCase()) return ending(t('store.renewal.expiredTitle'), t('store.renewal.expiredText'));

  const product = store.data.products.find((p) => p.id === renewal.data.product_id);
  // The product was withdrawn since the mail went out, or the store takes no orders now: its page shows what it sells.
  if (!product || store.data.methods.length === 0) return ending(t('store.renewal.unavailableTitle'), t('store.renewal.unavailableText'));

  return (
    <StoreLayout store={store.data} language={language} onLanguage={choose} documentTitle={`${t('store.renewal.title')} · ${store.data.title}`}>
      <Stack gap="md">
        <Alert variant="light" color="gray" title={t('store.renewal.title')}>
          {t('store.renewal.text')}
        </Alert>
        <OrderForm
          slug={slug}
          store={store.data}
          product={product}
          language={language}
          macAddress={renewal.data.mac_address}
          onBack={() => void navigate(storePath(slug, language))}
        />
      </Stack>
    </StoreLayout>
  );
}
