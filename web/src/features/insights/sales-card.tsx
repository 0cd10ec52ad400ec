import { Alert, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STORE_ORDER_STATUSES, type StoreSales } from '@panel/contract';
import { saveDownload } from '../../api/client';
import { csvBlob } from '../../lib/csv';
import { formatNumber } from '../../lib/format';
import { currencyDigits, formatPrice } from '../../lib/money';
import { OrderStatusBadge } from '../orders';
import type { InsightRange } from './get-insight-activations';
import { useStoreSales } from './get-store-sales';
import { CsvButton, InsightSection } from './insight-card';

/** The card's figures as CSV lines: each currency's revenue (in major units, as a spreadsheet sums them), the credit spent, each status's orders. */
function salesCsv(sales: StoreSales, t: (key: string) => string): string[][] {
  return [
    [t('insights.sales.csv.figure'), t('insights.sales.csv.key'), t('insights.sales.csv.value')],
    ...sales.revenue.map((r) => [t('insights.sales.revenue'), r.currency, (r.amount / 10 ** currencyDigits(r.currency)).toFixed(currencyDigits(r.currency))]),
    ...sales.revenue.map((r) => [t('insights.sales.paidOrders'), r.currency, String(r.orders)]),
    [t('insights.sales.creditsSpent'), '', String(sales.credits_spent)],
    ...STORE_ORDER_STATUSES.map((s) => [t('insights.sales.ordersByStatus'), s, String(sales.orders_by_status[s] ?? 0)]),
  ];
}

/**
 * Sales (issue 43; shown to callers with 'storefront'): what the caller's own store sold in the
 * screen's range: the revenue of the activated orders per currency (a store may have changed
 * its currency), the credit points they cost, and the orders placed by their status now.
 */
export function SalesCard({ range }: { range: InsightRange }) {
  const { t } = useTranslation();
  const answer = useStoreSales(range);
  const sales = answer.data?.data;
  const title = t('insights.sales.title');
  const placed = sales ? STORE_ORDER_STATUSES.reduce((sum, s) => sum + (sales.orders_by_status[s] ?? 0), 0) : 0;

  let body;
  if (answer.isPending) body = <Skeleton h={160} aria-label={t('insights.loading', { name: title })} />;
  else if (answer.isError || !sales) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {t('insights.sales.failed')}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {sales.revenue.length === 0 ? (
            <Figure label={t('insights.sales.revenue')} value={t('insights.sales.noRevenue')} />
          ) : (
            sales.revenue.map((r) => (
              <Figure
                key={r.currency}
                label={t('insights.sales.revenueIn', { currency: r.currency })}
                value={formatPrice(r.amount, r.currency)}
                note={t('insights.sales.paidOrdersCount', { amount: formatNumber(r.orders) })}
              />
            ))
          )}
          <Figure label={t('insights.sales.creditsSpent')} value={formatNumber(sales.credits_spent)} />
        </SimpleGrid>
        <div>
          <Title order={3} size="h5" id="insights-sales-status-title">
            {t('insights.sales.ordersByStatus')}
          </Title>
          {placed === 0 ? (
            <Text size="sm" c="dimmed">
              {t('insights.sales.noOrders')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={0} type="native">
              <Table aria-labelledby="insights-sales-status-title" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('insights.sales.status')}</Table.Th>
                    <Table.Th scope="col">{t('insights.sales.orders')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {STORE_ORDER_STATUSES.map((status) => (
                    <Table.Tr key={status}>
                      <Table.Td>
                        <OrderStatusBadge status={status} />
                      </Table.Td>
                      <Table.Td>{formatNumber(sales.orders_by_status[status] ?? 0)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </div>
      </Stack>
    );
  }

  return (
    <InsightSection
      id="insights-sales"
      title={title}
      description={t('insights.sales.hint')}
      actions={
        <CsvButton
          name={title}
          disabled={!sales}
          onClick={() => sales && saveDownload({ blob: csvBlob(salesCsv(sales, t)), filename: `insights-sales-${range.from}_${range.to}.csv` })}
        />
      }
    >
      {body}
    </InsightSection>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}
