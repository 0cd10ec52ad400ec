import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_EVENT_KIND_NAMES, auditLogQuery, auditSentenceKey, type AuditEventKind, type AuditLogEntry } from '@panel/contract';
import { DataTable, type Column } from '../../components/data-table';
import { DateRangeInput, useDateRangeFilter } from '../../components/date-range-input';
import { SearchInput } from '../../components/search-input';
import { toastError } from '../../components/toast';
import { useListParams } from '../../components/use-list-params';
import { codeListError } from '../codes';
import { formatLogTime, formatNumber } from '../../lib/format';
import { auditDetailParts } from './audit-details';
import { useAuditLog, useExportAuditLog, type AuditLogFilters } from './get-audit-log';
import { shownWhereItHappened } from '../../lib/feedback';

const isKind = (value: string | null): value is AuditEventKind => (AUDIT_EVENT_KIND_NAMES as readonly (string | null)[]).includes(value);

/**
 * Security → Activity (issue 24; 'audit-log', checked by the route guard): the audit trail as
 * sentences, newest first, filtered by event kind, account and a date range of at most 3 months,
 * with the same rows as a CSV file. A reseller reads its own and its sub-resellers' rows.
 */
export function ActivityPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const [type, setType] = useState<AuditEventKind | ''>('');
  const dates = useDateRangeFilter(
    (from, to) => auditLogQuery.safeParse({ date_from: from, date_to: to }).error?.issues[0]?.message,
    () => list.setPage(1),
  );

  const filters: AuditLogFilters = {
    page: list.page,
    per_page: list.pageSize,
    type,
    account: list.keyword,
    date_from: dates.range.from,
    date_to: dates.range.to,
  };
  const log = useAuditLog(filters);
  const exportCsv = useExportAuditLog();
  const failure = log.isError ? codeListError(log.error) : {};

  const sentence = (row: AuditLogEntry) => {
    const amount = row.details?.amount;
    return t(`activity.sentences.${auditSentenceKey(row.action)}`, {
      actor: row.actor?.email ?? t('activity.someone'),
      target: row.target?.email ?? (row.target_id === null || row.target_type === 'user' ? t('activity.unknownAccount') : `${row.target_type} ${row.target_id}`),
      subject: row.target_id === null ? row.target_type : `${row.target_type} ${row.target_id}`,
      points: typeof amount === 'number' ? t('money.points', { count: amount, points: formatNumber(amount) }) : '',
    });
  };

  const columns: Column<AuditLogEntry>[] = [
    {
      key: 'event',
      card: 'lead',
      header: t('activity.columns.event'),
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {sentence(row)}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`activity.kinds.${row.kind}`)}
          </Text>
        </Stack>
      ),
    },
    { key: 'when', header: t('activity.columns.when'), render: (row) => <Text size="sm">{formatLogTime(row.created_at)}</Text> },
    { key: 'ip', header: t('activity.columns.ip'), render: (row) => <Text size="sm" dir="ltr">{row.ip ?? '—'}</Text> },
    {
      key: 'details',
      header: t('activity.columns.details'),
      render: (row) => {
        const parts = auditDetailParts(row, t);
        return (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {parts.length === 0
              ? '—'
              : parts.map(({ label, value }, i) => (
                  <span key={label}>
                    {i > 0 && ' · '}
                    {label}: <bdi>{value}</bdi>
                  </span>
                ))}
          </Text>
        );
      },
    },
  ];

  const answer = log.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={t('activity.type')}
            data={[{ value: '', label: t('activity.allTypes') }, ...AUDIT_EVENT_KIND_NAMES.map((kind) => ({ value: kind, label: t(`activity.kinds.${kind}`) }))]}
            value={type}
            onChange={(value) => {
              setType(isKind(value) ? value : '');
              list.setPage(1);
            }}
            allowDeselect={false}
            w={240}
          />
          <SearchInput onSearch={list.setKeyword} label={t('activity.account')} placeholder={t('activity.accountPlaceholder')} w={240} />
          <DateRangeInput
            label={t('activity.dates')}
            start={dates.picked.from}
            end={dates.picked.to}
            onChange={dates.change}
            error={dates.error ?? failure.dates}
            clearable={false}
            w={300}
          />
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exportCsv.isPending}
          disabled={answer?.meta.total === 0}
          onClick={() => exportCsv.mutate(filters, { onError: (error) => { toastError(t('activity.exportFailed')); shownWhereItHappened(error); } })}
        >
          {t('activity.export')}
        </Button>
      </Group>
      <DataTable
        label={t('activity.table')}
        columns={columns}
        rows={answer?.data}
        rowKey={(row) => row.id}
        loading={log.isFetching}
        error={failure.list && t('activity.loadFailed')}
        emptyText={t('activity.empty')}
        {...list.tableProps}
        lastPage={answer?.meta.last_page}
        total={answer?.meta.total}
        totalCapped={answer?.meta.total_capped}
      />
    </Stack>
  );
}
