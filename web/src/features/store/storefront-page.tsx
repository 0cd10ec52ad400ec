import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Locale, PublicStorefront } from '@panel/contract';
import { ApiError } from '../../api/client';
import { OrderForm } from './order-form';
import { StoreLayout } from './store-layout';
import { formatPrice } from '../../lib/money';
import { usePublicStorefront } from './get-public-storefront';
import { useStoreLanguage } from './use-store-language';

type Product = PublicStorefront['products'][number];

type CardProps = { store: PublicStorefront; product: Product; language: Locale; onChoose: () => void; focused: boolean };

function ProductCard({ store, product, language, onChoose, focused }: CardProps) {
  const { t } = useTranslation();
  const titleId = `store-product-${product.id}`;
  const button = useRef<HTMLButtonElement>(null);
  // Back from the order form, the reader is where it left: on this product's button.
  useEffect(() => {
    if (focused) button.current?.focus();
  }, [focused]);
  return (
    <Card withBorder radius="md" padding="lg" role="listitem" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {product.name}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {t(`store.packages.${product.package}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('store.products.apps', { apps: product.apps.map((app) => app.name).join(', ') })}
        </Text>
        <Text fz={28} fw={700} mt="auto">
          {formatPrice(product.price, store.currency, language)}
        </Text>
        <Button ref={button} color={store.accent_color} fullWidth onClick={onChoose} disabled={store.methods.length === 0} aria-describedby={titleId}>
          {t('store.products.buy')}
        </Button>
      </Stack>
    </Card>
  );
}

type ProductsProps = { store: PublicStorefront; language: Locale; onChoose: (product: Product) => void; focusedId: number | undefined };

function Products({ store, language, onChoose, focusedId }: ProductsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" component="section" aria-labelledby="store-products">
      <Title order={2} id="store-products">
        {t('store.products.title')}
      </Title>
      {store.methods.length === 0 && store.products.length > 0 && (
        <Alert variant="light" color="orange">
          {t('store.products.notSelling')}
        </Alert>
      )}
      {store.products.length === 0 ? (
        <Text c="dimmed">{t('store.products.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" role="list" aria-labelledby="store-products">
          {store.products.map((product) => (
            <ProductCard
              key={product.id}
              store={store}
              product={product}
              language={language}
              onChoose={() => onChoose(product)}
              focused={product.id === focusedId}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * /store/:slug: a reseller's store, as its customers see it, without a session: its products,
 * then the chosen one's order form. A closed or unknown store says so kindly.
 */
export function StorefrontPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const store = usePublicStorefront(slug);
  const { language, choose } = useStoreLanguage(store.data?.default_language);
  const [chosen, setChosen] = useState<number>();
  /** The product whose form was left with Back: its button takes the focus again. */
  const [left, setLeft] = useState<number>();
  const product = store.data?.products.find((p) => p.id === chosen);

  if (store.isPending) {
    return (
      <StoreLayout store={undefined} language={language} onLanguage={choose} documentTitle={t('store.loading')}>
        <Center py="xl">
          <Loader aria-label={t('store.loading')} />
        </Center>
      </StoreLayout>
    );
  }

  if (store.isError) {
    const closed = store.error instanceof ApiError && store.error.status === 404;
    const title = closed ? t('store.closed.title') : t('store.failed.title');
    return (
      <StoreLayout store={undefined} language={language} onLanguage={choose} documentTitle={title}>
        <Stack gap="md" align="center" ta="center" py="xl">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" maw={520}>
            {closed ? t('store.closed.text') : t('store.failed.text')}
          </Text>
          {!closed && (
            <Button variant="default" onClick={() => void store.refetch()} loading={store.isFetching}>
              {t('store.failed.retry')}
            </Button>
          )}
        </Stack>
      </StoreLayout>
    );
  }

  const data = store.data;
  return (
    <StoreLayout store={data} language={language} onLanguage={choose} documentTitle={data.title} titleIsHeading>
      {product ? (
        <OrderForm
          key={product.id}
          slug={slug}
          store={data}
          product={product}
          language={language}
          onBack={() => {
            setLeft(product.id);
            setChosen(undefined);
          }}
        />
      ) : (
        <Products store={data} language={language} onChoose={(p) => setChosen(p.id)} focusedId={left} />
      )}
    </StoreLayout>
  );
}
