import { useEffect, useRef } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BILLING_PAGE_SIZES, type BillingRecord } from '@panel/contract';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { DataTable, type Column } from '../../components/data-table';
import { LongId } from '../../components/long-id';
import { SearchInput } from '../../components/search-input';
import { toastError, toastWarning } from '../../components/toast';
import { useListParams } from '../../components/use-list-params';
import { formatRecordTime, formatMoney, formatNumber } from '../../lib/format';
import { BillingStatusBadge } from './billing-status-badge';
import { useExportBillingRecords } from './export-billing-records';
import { useBillingRecords } from './get-billing-records';
import { paymentFailureMessage } from './payment-errors';

/**
 * The card provider's return (Stripe's success and cancel URLs are /billing?payment=success and
 * ?payment=cancelled): a toast says how it went, then the parameter goes, so a reload or the
 * back button does not say it again. The points themselves arrive with the provider's webhook.
 */
function usePaymentReturn() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const payment = params.get('payment');
  // Once per visit, even when the effect runs twice (React's strict mode).
  const handled = useRef(false);
  useEffect(() => {
    if (payment === null || handled.current) return;
    handled.current = true;
    if (payment === 'success') {
      showSuccess(t('billing.return.success'));
      void queryClient.invalidateQueries({ queryKey: ['credit-points'] });
    } else if (payment === 'cancelled') {
      toastWarning(t('billing.return.cancelled'));
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
  }, [payment, queryClient, setParams, t]);
}

/**
 * Billing records (business-panel.md §2; purchase-package, add-plan or edit-delete-plan, checked
 * by the route guard): the orders, the caller's own or everyone's for a plan manager, newest
 * first, searchable by plan title or buyer, in pages of 10, 20, 30 or 50, and as a CSV file.
 */
export function BillingRecordsPage() {
  const { t } = useTranslation();
  usePaymentReturn();
  const list = useListParams();
  const filters = { page_number: list.page, page_size: list.pageSize, search_title: list.keyword };
  const records = useBillingRecords(filters);
  const exportCsv = useExportBillingRecords((rows) => [
    [
      t('billing.columns.order'),
      t('billing.columns.resellerName'),
      t('billing.columns.resellerEmail'),
      t('billing.columns.plan'),
      t('billing.columns.amount'),
      t('billing.columns.currency'),
      t('billing.columns.creditPoints'),
      t('billing.columns.status'),
      t('billing.columns.transactionId'),
      t('billing.columns.createdAt'),
    ],
    // Amounts and points stay plain numbers, for the spreadsheet to compute with.
    ...rows.map((record) => [
      record.orderId,
      record.reseller_name,
      record.reseller_email,
      record.plan_title,
      record.amount,
      record.currency,
      String(record.credit_point),
      t(`billing.statuses.${record.status}`),
      record.transaction_id ?? '',
      formatRecordTime(record.created_at),
    ]),
  ]);

  // At 1280 px every column fits, none clipped: ids are cut to one line (whole in their tooltip
  // and copy button), plan titles to two.
  const columns: Column<BillingRecord>[] = [
    {
      key: 'orderId',
      header: t('billing.columns.order'),
      card: 'id',
      render: (record) => <LongId value={record.orderId} copyLabel={t('billing.copyOrder')} maw={90} />,
    },
    {
      key: 'reseller',
      header: t('billing.columns.reseller'),
      render: (record) => (
        <>
          <Text size="sm">{record.reseller_name}</Text>
          <Text size="xs" c="dimmed">
            {record.reseller_email}
          </Text>
        </>
      ),
    },
    {
      key: 'plan',
      header: t('billing.columns.plan'),
      render: (record) => (
        <Text size="sm" lineClamp={2} miw={120} title={record.plan_title} dir="auto">
          {record.plan_title}
        </Text>
      ),
    },
    {
      key: 'amount',
      header: t('billing.columns.amount'),
      card: 'lead',
      render: (record) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(record.amount, record.currency)}
        </Text>
      ),
    },
    { key: 'creditPoints', header: t('billing.columns.creditPoints'), render: (record) => <Text size="sm">{formatNumber(record.credit_point)}</Text> },
    { key: 'status', header: t('billing.columns.status'), card: 'lead', render: (record) => <BillingStatusBadge status={record.status} /> },
    {
      key: 'transactionId',
      header: t('billing.columns.transactionId'),
      card: 'id',
      render: (record) => (record.transaction_id ? <LongId value={record.transaction_id} copyLabel={t('billing.copyTransaction')} /> : '—'),
    },
    {
      key: 'createdAt',
      header: t('billing.columns.createdAt'),
      render: (record) => <Text size="sm">{formatRecordTime(record.created_at)}</Text>,
    },
  ];

  const answer = records.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchInput onSearch={list.setKeyword} label={t('billing.search')} placeholder={t('billing.searchPlaceholder')} w={280} />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exportCsv.isPending}
          // An empty search has nothing to export.
          disabled={answer?.meta.total === 0}
          onClick={() =>
            exportCsv.mutate(
              { search_title: list.keyword },
              {
                onSuccess: (count) => showSuccess(t('billing.exported', { count })),
                onError: (error) => {
                  toastError(t('billing.exportFailed'));
                  shownWhereItHappened(error);
                },
              },
            )
          }
        >
          {t('billing.export')}
        </Button>
      </Group>
      <DataTable
        label={t('billing.table')}
        columns={columns}
        rows={answer?.data}
        rowKey={(record) => record.orderId}
        loading={records.isFetching}
        error={records.isError ? paymentFailureMessage(records.error, 'billing.loadFailed') : undefined}
        emptyText={t('billing.empty')}
        {...list.tableProps}
        pageSizes={BILLING_PAGE_SIZES}
        lastPage={answer?.meta.last_page}
        total={answer?.meta.total}
        totalCapped={answer?.meta.total_capped}
      />
    </Stack>
  );
}
