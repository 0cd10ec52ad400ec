import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Drawer, Loader, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { StoreOrder } from '@panel/contract';
import { LANGUAGE_NAMES } from '../../i18n';
import { formatNumber, formatRecordDay, formatRecordTime } from '../../lib/format';
import { PHONE_QUERY } from '../../lib/phone';
import { useOrder } from './get-orders';
import { formatPrice } from '../../lib/money';
import { OrderStatusBadge } from './order-status';

type Props = {
  /** The order to show; none: closed. */
  id: number | undefined;
  onClose: () => void;
  /** The row's actions (approve, reject, retry) for the order shown. */
  actions?: (order: StoreOrder) => ReactNode;
};

/**
 * An order with every field (GET /api/storefront/orders/:id): who bought what for which device,
 * how it was paid and where it stands. A failed order says why and that the reseller refunds the
 * customer; a rejected one the reason the customer was given.
 */
export function OrderDrawer({ id, onClose, actions }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const order = useOrder(id);
  const data = order.data?.data;
  const none = '—';
  const rows: [string, ReactNode][] = data
    ? [
        [t('orders.columns.status'), <OrderStatusBadge key="s" status={data.status} />],
        [t('orders.columns.date'), formatRecordTime(data.created_at)],
        [t('orders.columns.email'), <bdi key="e">{data.email}</bdi>],
        [t('orders.columns.name'), data.name ?? none],
        [t('orders.fields.language'), LANGUAGE_NAMES[data.language]],
        [
          t('orders.fields.customer'),
          data.customer_id === null ? (
            none
          ) : (
            <Anchor key="c" component={Link} to={`/customers/${data.customer_id}`}>
              {t('orders.fields.openCustomer')}
            </Anchor>
          ),
        ],
        [t('orders.columns.mac'), <bdi key="m">{data.mac_address}</bdi>],
        [t('orders.columns.product'), data.product.name],
        [t('orders.fields.apps'), data.apps.map((app) => app.name).join(', ') || none],
        [t('orders.fields.package'), t(`orders.packages.${data.package}`)],
        [t('orders.columns.price'), formatPrice(data.price, data.currency)],
        [t('orders.columns.creditCost'), t('money.points', { count: data.credit_cost, points: formatNumber(data.credit_cost) })],
        [t('orders.columns.method'), t(`orders.methods.${data.method}`)],
        [t('orders.fields.paidAt'), data.paid_at ? formatRecordTime(data.paid_at) : none],
        [t('orders.fields.activatedAt'), data.activated_at ? formatRecordTime(data.activated_at) : none],
        [t('orders.fields.expiresAt'), data.is_lifetime ? t('orders.fields.lifetime') : data.expires_at ? formatRecordDay(data.expires_at) : none],
        ...(data.stripe_session_id ? [[t('orders.fields.stripeSession'), <bdi key="st">{data.stripe_session_id}</bdi>] as [string, ReactNode]] : []),
        [t('orders.fields.updatedAt'), formatRecordTime(data.updated_at)],
      ]
    : [];

  return (
    <Drawer
      opened={id !== undefined}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={<Text fw={700}>{t('orders.detail.title', { id: id ?? '' })}</Text>}
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      {order.isPending && id !== undefined && <Loader size="sm" aria-label={t('orders.detail.loading')} />}
      {order.isError && (
        <Alert color="red" variant="light" role="alert">
          {order.error.message || t('orders.detail.failed')}
        </Alert>
      )}
      {data && (
        <Stack gap="md">
          {data.status === 'failed' && (
            <Alert color="red" variant="light" title={t('orders.detail.failedTitle')}>
              <Stack gap={4}>
                {data.failure && <Text size="sm">{data.failure.message}</Text>}
                <Text size="sm" fw={500}>
                  {t('orders.detail.refund')}
                </Text>
              </Stack>
            </Alert>
          )}
          {data.status === 'rejected' && data.reject_reason && (
            <Alert color="gray" variant="light" title={t('orders.detail.rejectReason')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {data.reject_reason}
              </Text>
            </Alert>
          )}
          <Table variant="vertical" layout="fixed" withTableBorder aria-label={t('orders.detail.title', { id: data.id })}>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" w={140}>
                    {label}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {actions?.(data)}
        </Stack>
      )}
    </Drawer>
  );
}
