import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useCustomer } from './get-customers';

/** /customers/:id (issue 43; 'storefront'): one customer, its devices and orders. Growing. */
export function CustomerPage() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  const data = customer.data?.data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {data ? (data.name ?? data.email) : '…'}
      </Title>
    </Stack>
  );
}
