import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CREDIT_TR_TYPES, type CreditLogEntry, type CreditTrType } from '@panel/contract';
import { DataTable, type Column, type Sort } from '../../components/data-table';
import { SearchInput } from '../../components/search-input';
import { useListParams } from '../../components/use-list-params';
import { formatLogTime } from '../../lib/format';
import { useCreditTransactionLogs, type CreditLogsParams } from './get-credit-transaction-logs';
import { StatusBadge } from '../../components/status-badge';

/** The log's default order (core-panel.md §9): newest first. */
const DEFAULT_SORT: Sort = { key: 'created_at', direction: 'desc' };
const SORT_KEYS = ['created_at', 'id', 'tr_type', 'credit_point'] as const;

const TR_TYPE_KEYS: Record<string, string> = {
  [CREDIT_TR_TYPES.added]: 'credit.trTypes.added',
  [CREDIT_TR_TYPES.selfCredit]: 'credit.trTypes.selfCredit',
  [CREDIT_TR_TYPES.withdraw]: 'credit.trTypes.withdraw',
  [CREDIT_TR_TYPES.refund]: 'credit.trTypes.refund',
};
const TR_TYPE_COLORS: Record<string, string> = {
  [CREDIT_TR_TYPES.added]: 'green',
  [CREDIT_TR_TYPES.selfCredit]: 'indigo',
  [CREDIT_TR_TYPES.withdraw]: 'orange',
  [CREDIT_TR_TYPES.refund]: 'teal',
};

/**
 * One credit-share log (core-panel.md §2, §3): the ledger rows of the given transaction types,
 * searchable by e-mail, sortable and paged on the server.
 */
export function CreditLogTable({ types, label }: { types: readonly CreditTrType[]; label: string }) {
  const { t } = useTranslation();
  const list = useListParams({ sort: DEFAULT_SORT });
  const sort = list.sort ?? DEFAULT_SORT;
  const params: CreditLogsParams = {
    transaction_type: types,
    page_number: list.page,
    page_size: list.pageSize,
    keyword: list.keyword,
    sort_key: (SORT_KEYS as readonly string[]).includes(sort.key) ? (sort.key as CreditLogsParams['sort_key']) : 'created_at',
    sort_type: sort.direction,
  };
  const logs = useCreditTransactionLogs(params);
  const email = (detail: { email: string } | null) => <Text size="sm">{detail?.email ?? '—'}</Text>;

  const columns: Column<CreditLogEntry>[] = [
    {
      key: 'tr_type',
      card: 'lead',
      header: t('credit.logs.type'),
      sortable: true,
      render: (row) => (
        <StatusBadge color={TR_TYPE_COLORS[row.tr_type] ?? 'gray'}>
          {TR_TYPE_KEYS[row.tr_type] ? t(TR_TYPE_KEYS[row.tr_type]!) : row.tr_type}
        </StatusBadge>
      ),
    },
    { key: 'credit_point', card: 'lead', header: t('credit.logs.points'), sortable: true, align: 'right', render: (row) => row.credit_point },
    { key: 'creditor', header: t('credit.logs.creditor'), render: (row) => email(row.creditor_detail) },
    { key: 'debitor', header: t('credit.logs.debitor'), render: (row) => email(row.debitor_detail) },
    { key: 'creator', header: t('credit.logs.creator'), render: (row) => email(row.creator) },
    {
      key: 'created_at',
      header: t('credit.logs.createdAt'),
      sortable: true,
      render: (row) => <Text size="sm">{formatLogTime(row.created_at)}</Text>,
    },
  ];

  const page = logs.data?.data;
  return (
    <Stack gap="sm">
      <SearchInput onSearch={list.setKeyword} label={t('credit.logs.search')} placeholder={t('credit.logs.searchPlaceholder')} />
      <DataTable
        label={label}
        columns={columns}
        rows={page?.ResellerCreditShareLog}
        rowKey={(row) => row.id}
        loading={logs.isFetching}
        error={logs.isError ? logs.error.message || t('credit.logs.loadFailed') : undefined}
        emptyText={t('credit.logs.noRecords')}
        {...list.tableProps}
        lastPage={page?.last_page}
        total={page?.total}
        totalCapped={page?.total_capped}
        sort={sort}
      />
    </Stack>
  );
}
