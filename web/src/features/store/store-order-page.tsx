import { Anchor, Button, Center, Divider, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { PublicStoreOrder } from '@panel/contract';
import { ApiError } from '../../api/client';
import { formatRecordTime } from '../../lib/format';
import { FINAL_STATUSES, usePublicOrder } from './get-public-order';
import { usePublicStorefront } from './get-public-storefront';
import { OrderStatus, PaymentInstructions } from './order-status';
import { orderTokenOf } from './order-tokens';
import { NEUTRAL_ACCENT, StoreLayout } from './store-layout';
import { formatPrice } from '../../lib/money';
import { TelegramLink } from './telegram-link';
import { useStoreLanguage } from './use-store-language';

function Detail({ label, value, ltr = false }: { label: string; value: string; ltr?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} dir={ltr ? 'ltr' : undefined} style={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
        {value}
      </Text>
    </div>
  );
}

function OrderDetails({ order }: { order: PublicStoreOrder }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
      <Detail label={t('store.orderPage.product')} value={`${order.product_name} · ${t(`store.packages.${order.package}`)}`} />
      <Detail label={t('store.orderPage.apps')} value={order.apps.map((app) => app.name).join(', ')} />
      <Detail label={t('store.orderPage.mac')} value={order.mac_address} ltr />
      <Detail label={t('store.orderPage.price')} value={formatPrice(order.price, order.currency)} />
      <Detail label={t('store.orderPage.method')} value={t(`store.methods.${order.method}`)} />
      <Detail label={t('store.orderPage.placed')} value={formatRecordTime(order.created_at)} />
    </SimpleGrid>
  );
}

/**
 * /store/:slug/orders/:id: the customer's order, read with the token this browser kept when it was
 * placed (never in the URL). It follows the order every 5 s until it is activated, failed or rejected.
 */
export function StoreOrderPage() {
  const { t } = useTranslation();
  const { slug = '', id = '' } = useParams();
  const orderId = Number(id);
  const kept = Number.isSafeInteger(orderId) && orderId > 0 ? orderTokenOf(orderId) : undefined;
  const store = usePublicStorefront(slug);
  const { language, choose } = useStoreLanguage(kept?.language ?? store.data?.default_language);
  const order = usePublicOrder(orderId, kept?.token, language);
  // The placing page's answer: the instructions show at once, before the first read of the order.
  const placed = (useLocation().state as { instructions?: string } | null)?.instructions;
  const accent = store.data?.accent_color ?? NEUTRAL_ACCENT;
  const storeLink = `/store/${encodeURIComponent(slug)}?lang=${language}`;
  const heading = t('store.orderPage.title', { id: Number.isSafeInteger(orderId) ? orderId : id });

  let body;
  if (!kept) {
    body = (
      <Stack gap="sm">
        <Title order={1}>{t('store.orderPage.noToken.title')}</Title>
        <Text>{t('store.orderPage.noToken.text')}</Text>
      </Stack>
    );
  } else if (order.isPending) {
    body = (
      <Stack gap="md">
        <Title order={1}>{heading}</Title>
        <Center py="lg">
          <Loader aria-label={t('store.loading')} />
        </Center>
      </Stack>
    );
  } else if (order.isError && !order.data) {
    const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 401);
    body = (
      <Stack gap="sm" align="flex-start">
        <Title order={1}>{missing ? t('store.orderPage.notFound.title') : t('store.orderPage.failed.title')}</Title>
        <Text>{missing ? t('store.orderPage.notFound.text') : t('store.orderPage.failed.text')}</Text>
        {!missing && (
          <Button variant="default" onClick={() => void order.refetch()} loading={order.isFetching}>
            {t('store.failed.retry')}
          </Button>
        )}
      </Stack>
    );
  } else {
    const data = order.data;
    const instructions = data.instructions ?? placed;
    const waiting = !FINAL_STATUSES.includes(data.status);
    body = (
      <Stack gap="lg">
        <Title order={1}>{heading}</Title>
        <OrderStatus order={data} />
        {data.status === 'awaiting_approval' && instructions && <PaymentInstructions instructions={instructions} accent={accent} />}
        {waiting && (
          <Text size="sm" c="dimmed">
            {t('store.orderPage.followsItself')}
          </Text>
        )}
        {data.telegram_url && <TelegramLink url={data.telegram_url} accent={accent} />}
        <Divider />
        <OrderDetails order={data} />
        <Text size="sm" c="dimmed">
          {t('store.orderPage.receipt')}
        </Text>
      </Stack>
    );
  }

  return (
    <StoreLayout store={store.data} language={language} onLanguage={choose} documentTitle={store.data ? `${heading} · ${store.data.title}` : heading}>
      <Stack gap="lg" maw={720} mx="auto">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          {body}
        </Paper>
        <Anchor component={Link} to={storeLink}>
          {t('store.orderPage.backToStore')}
        </Anchor>
      </Stack>
    </StoreLayout>
  );
}
