import { Fragment } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { saveDownload } from '../../api/client';
import { DataTable, type Column } from '../../components/data-table';
import { toastError } from '../../components/toast';
import { useListParams } from '../../components/use-list-params';
import { csvBlob } from '../../lib/csv';
import { shownWhereItHappened } from '../../lib/feedback';
import { formatNumber } from '../../lib/format';
import { fetchAllRunway, useInsightRunway } from './get-insight-runway';
import { CsvButton, InsightSection, insightCsvRows, type InsightColumn } from './insight-card';
import type { InsightRunwaySort, InsightsRunwayRow as InsightRunwayRow } from '@panel/contract';

const DEFAULT_SORT = { key: 'days_left', direction: 'asc' as const };
const decimals = (value: number) => formatNumber(Math.round(value * 100) / 100);

/**
 * An e-mail that breaks before its '@' and its dots when the line is too short, not mid-word; a
 * part longer than the line still breaks (`break-word`, which, unlike the card's `anywhere`, does
 * not let a flex row squeeze the address to one letter a line).
 */
function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <Text size="sm" style={{ overflowWrap: 'break-word', minWidth: 0 }}>
      {/* Left to right inside, while its lines keep to the page's side (Arabic: the right). */}
      <span dir="ltr">
        {parts.map((part, index) => (
          <Fragment key={index}>
            {index > 0 && <wbr />}
            {part}
          </Fragment>
        ))}
      </span>
    </Text>
  );
}

/**
 * Runway per sub-reseller: its balance, its daily spend (an exponentially weighted average over
 * 28 days) and the days its balance lasts at that pace; the dormant (nothing spent in 30 days)
 * and the empty (balance 0) ones marked. Sorted on the server; the CSV holds every row.
 */
export function RunwayCard() {
  const { t } = useTranslation();
  const list = useListParams({ sort: DEFAULT_SORT });
  const sort = list.sort ?? DEFAULT_SORT;
  const order = { sort: sort.key as InsightRunwaySort, order: sort.direction };
  const runway = useInsightRunway({ ...order, page: list.page, per_page: list.pageSize });
  const exported = useMutation({
    mutationFn: async () => {
      const rows = await fetchAllRunway(order);
      saveDownload({ blob: csvBlob(insightCsvRows(csvColumns, rows)), filename: 'insights-runway.csv' });
    },
    // The card's own words for a failed download, in its toast.
    onError: (error) => {
      shownWhereItHappened(error);
      toastError(t('insights.runway.downloadFailed'));
    },
  });

  const daysLeft = (row: InsightRunwayRow) => (row.days_left === null ? t('insights.runway.noSpend') : formatNumber(row.days_left));
  const csvColumns: InsightColumn<InsightRunwayRow>[] = [
    { key: 'username', header: t('insights.runway.columns.username'), cell: (r) => r.username, csv: (r) => r.username },
    { key: 'balance', header: t('insights.runway.columns.balance'), cell: (r) => formatNumber(r.balance), csv: (r) => String(r.balance) },
    { key: 'daily_spend', header: t('insights.runway.columns.dailySpend'), cell: (r) => decimals(r.daily_spend), csv: (r) => r.daily_spend.toFixed(2) },
    { key: 'days_left', header: t('insights.runway.columns.daysLeft'), cell: daysLeft, csv: (r) => (r.days_left === null ? '' : String(r.days_left)) },
    { key: 'dormant', header: t('insights.runway.dormant'), cell: (r) => String(r.dormant), csv: (r) => (r.dormant ? '1' : '0') },
    { key: 'empty', header: t('insights.runway.empty'), cell: (r) => String(r.empty), csv: (r) => (r.empty ? '1' : '0') },
  ];

  const columns: Column<InsightRunwayRow>[] = [
    {
      key: 'username',
      header: t('insights.runway.columns.username'),
      sortable: true,
      card: 'lead',
      // The badges go below a long e-mail rather than squeezed beside it: never cut ("DO…").
      render: (row) => (
        <Group gap="xs" wrap="wrap">
          <EmailText email={row.username} />
          {row.empty && (
            <Badge color="red" variant="light" size="sm" style={{ flexShrink: 0 }}>
              {t('insights.runway.empty')}
            </Badge>
          )}
          {row.dormant && (
            <Badge color="gray" variant="light" size="sm" style={{ flexShrink: 0 }}>
              {t('insights.runway.dormant')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'balance', header: t('insights.runway.columns.balance'), sortable: true, render: (row) => formatNumber(row.balance) },
    { key: 'daily_spend', header: t('insights.runway.columns.dailySpend'), sortable: true, render: (row) => decimals(row.daily_spend) },
    { key: 'days_left', header: t('insights.runway.columns.daysLeft'), sortable: true, render: daysLeft },
  ];

  const answer = runway.data;
  return (
    <InsightSection
      id="insights-runway"
      title={t('insights.runway.title')}
      description={t('insights.runway.hint')}
      actions={<CsvButton name={t('insights.runway.title')} loading={exported.isPending} disabled={!answer || answer.data.length === 0} onClick={() => exported.mutate()} />}
    >
      <DataTable<InsightRunwayRow>
        label={t('insights.runway.title')}
        columns={columns}
        rows={answer?.data}
        rowKey={(row) => row.id}
        loading={runway.isFetching}
        error={runway.isError ? t('insights.runway.failed') : undefined}
        emptyText={t('insights.runway.none')}
        lastPage={answer?.meta.last_page}
        total={answer?.meta.total}
        totalCapped={answer?.meta.total_capped}
        {...list.tableProps}
      />
    </InsightSection>
  );
}
