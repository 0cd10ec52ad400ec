import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../components/use-list-params';
import { useOrders } from './get-orders';

/** Sales → Orders (issue 43; 'storefront'): the caller's store orders. Growing. */
export function OrdersPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const orders = useOrders({ page: list.page, per_page: list.pageSize, status: '', method: '', date_from: '', date_to: '', search: list.keyword });
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('orders.title')}
      </Title>
      {orders.isFetching && <span>…</span>}
    </Stack>
  );
}
