import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../components/use-list-params';
import { useCustomers } from './get-customers';

/** Sales → Customers (issue 43; 'storefront'): the caller's customers. Growing. */
export function CustomersPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const customers = useCustomers({ page: list.page, per_page: list.pageSize, search: list.keyword });
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('customers.title')}
      </Title>
      {customers.isFetching && <span>…</span>}
    </Stack>
  );
}
