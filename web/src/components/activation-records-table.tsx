import { useState, type ReactNode } from 'react';
import { Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ACTIVATION_SORT_KEYS,
  dateRangeBody,
  SEARCH_TYPES,
  type ActivatedAppsAnswer,
  type ActivationRecord,
} from '@panel/contract';
import { formatLogTime, formatRecordDay, formatRecordTime } from '../lib/format';
import { AppName } from './app-name';
import { DateRangeInput } from './date-range-input';
import { DataTable, type Column, type Sort } from './data-table';
import { ModuleSelect } from './module-select';
import { SearchInput } from './search-input';
import { StatusBadge } from './status-badge';
import { useListParams } from './use-list-params';

type ActivationSortKey = (typeof ACTIVATION_SORT_KEYS)[number];
type ActivationSearchType = (typeof SEARCH_TYPES)[number];

/** What the activated apps list and the activation logs ask the server for; each call words it its own way. */
export type ActivationListFilters = {
  page: number;
  pageSize: number;
  keyword: string;
  searchType: ActivationSearchType;
  sortKey: ActivationSortKey;
  sortType: 'asc' | 'desc';
  startDate?: string;
  endDate?: string;
  moduleId?: number;
};

/** Both calls answer the same page of activation records. */
type ActivationListAnswer = ActivatedAppsAnswer;

type Props = {
  /** The table's accessible name. */
  label: string;
  /** The feature's query for one page (key, call, placeholder data, silent failures). */
  query: (filters: ActivationListFilters) => UseQueryOptions<ActivationListAnswer, Error, ActivationListAnswer, readonly unknown[]>;
  /** The Remarks cell; without it the column is not shown. */
  remarks?: (row: ActivationRecord) => ReactNode;
  /** Offers a module filter (the activated apps list). */
  moduleFilter?: boolean;
  /** Whole-list actions above the filters (Export CSV), told when the unfiltered list is known to be empty. */
  actions?: (empty: boolean) => ReactNode;
  /** A row's actions (Undo); without it the column is not shown. */
  rowActions?: (row: ActivationRecord) => ReactNode;
  /** The activation logs: their times in the log style (core-panel.md §9), the activated apps list's in the record style. */
  log?: boolean;
};

/** Newest first (core-panel.md §9). */
const DEFAULT_SORT: Sort = { key: 'created_at', direction: 'desc' };
const isSortKey = (key: string): key is ActivationSortKey => (ACTIVATION_SORT_KEYS as readonly string[]).includes(key);

/**
 * The activation records of the activated apps list (business-panel.md §2) and the activation
 * logs (core-panel.md §2): a general or MAC search (at least 3 characters, 500 ms pause), a date
 * range of at most 3 months with the end not before the start (checked here with the contract's
 * rule, so a wrong range is never sent), sortable columns and pages, all on the server.
 */
export function ActivationRecordsTable({ label, query, remarks, moduleFilter, actions, rowActions, log }: Props) {
  const { t } = useTranslation();
  const formatTime = log ? formatLogTime : formatRecordTime;
  const list = useListParams({ sort: DEFAULT_SORT });
  const sort = list.sort ?? DEFAULT_SORT;
  const [searchType, setSearchType] = useState<ActivationSearchType>('general');
  const [moduleId, setModuleId] = useState<string | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [rangeError, setRangeError] = useState<string>();
  const [range, setRange] = useState<{ startDate?: string; endDate?: string }>({});

  const changeRange = (nextStart: string, nextEnd: string) => {
    setStart(nextStart);
    setEnd(nextEnd);
    const problem = nextStart && nextEnd ? dateRangeBody.safeParse({ start_date: nextStart, end_date: nextEnd }).error?.issues[0]?.message : undefined;
    setRangeError(problem && t(problem));
    // A wrong range keeps the rows of the last right one: nothing is sent until it is corrected.
    if (problem) return;
    setRange({ startDate: nextStart || undefined, endDate: nextEnd || undefined });
    list.setPage(1);
  };

  const records = useQuery(
    query({
      page: list.page,
      pageSize: list.pageSize,
      keyword: list.keyword,
      searchType,
      sortKey: isSortKey(sort.key) ? sort.key : 'created_at',
      sortType: sort.direction,
      ...range,
      moduleId: moduleId ? Number(moduleId) : undefined,
    }),
  );

  const columns: Column<ActivationRecord>[] = [
    { key: 'module', header: t('activatedApps.columns.module'), sortable: true, render: (row) => <AppName id={row.app_id} name={row.module} /> },
    {
      key: 'mac_address',
      header: t('activatedApps.columns.macAddress'),
      sortable: true,
      render: (row) => (
        <Text size="sm" dir="ltr" ff="monospace">
          {row.mac_address}
        </Text>
      ),
    },
    { key: 'reseller_email', header: t('activatedApps.columns.resellerEmail'), render: (row) => row.reseller_detail.email },
    {
      key: 'box_expiry_date',
      card: 'lead',
      fit: 'nowrap',
      header: t('activatedApps.columns.expiry'),
      sortable: true,
      // An undone activation (issue 27) keeps its row, marked: the device went back to what it had.
      render: (row) => (
        <Group gap={6} wrap="wrap">
          <Text size="sm" td={row.refunded_at ? 'line-through' : undefined}>
            {row.is_lifetime ? t('activatedApps.lifetime') : formatRecordDay(row.box_expiry_date)}
          </Text>
          {row.refunded_at && (
            <Tooltip label={t('activatedApps.refundedOn', { date: formatTime(row.refunded_at) })}>
              <span>
                <StatusBadge color="gray">{t('activatedApps.refunded')}</StatusBadge>
              </span>
            </Tooltip>
          )}
        </Group>
      ),
    },
    { key: 'credit_point', card: 'lead', header: t('activatedApps.columns.credit'), sortable: true, align: 'right', render: (row) => row.credit_point },
    ...(remarks ? [{ key: 'comment', header: t('activatedApps.columns.remarks'), render: remarks, width: 220 }] : []),
    { key: 'activated_from', header: t('activatedApps.columns.activatedFrom'), render: (row) => t(`activatedApps.sources.${row.activated_from}`, { defaultValue: row.activated_from }) },
    {
      key: 'created_at',
      header: t('activatedApps.columns.createdAt'),
      sortable: true,
      fit: 'nowrap',
      render: (row) => <Text size="sm">{formatTime(row.created_at)}</Text>,
    },
    ...(rowActions ? [{ key: 'actions', header: t('activatedApps.columns.actions'), align: 'right' as const, render: rowActions }] : []),
  ];

  const page = records.data?.data;
  const filtered = Boolean(list.keyword || range.startDate || range.endDate || moduleId);
  return (
    <Stack gap="sm">
      {actions && <Group justify="flex-end">{actions(!filtered && page?.total === 0)}</Group>}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t('activatedApps.filters.searchType')}
          value={searchType}
          onChange={(value) => {
            setSearchType(value);
            list.setPage(1);
          }}
          data={SEARCH_TYPES.map((type) => ({ value: type, label: t(`activatedApps.filters.searchTypes.${type}`) }))}
        />
        <SearchInput
          onSearch={list.setKeyword}
          label={t('activatedApps.filters.search')}
          placeholder={searchType === 'mac' ? t('activatedApps.filters.macPlaceholder') : t('activatedApps.filters.generalPlaceholder')}
          w={280}
        />
        <DateRangeInput label={t('activatedApps.filters.dates')} start={start} end={end} onChange={changeRange} error={rangeError} w={300} />
        {moduleFilter && (
          <ModuleSelect
            label={t('activatedApps.filters.module')}
            placeholder={t('activatedApps.filters.allModules')}
            clearable
            value={moduleId}
            onChange={(value) => {
              setModuleId(value);
              list.setPage(1);
            }}
            w={200}
          />
        )}
      </Group>
      <DataTable
        label={label}
        columns={columns}
        rows={page?.data}
        rowKey={(row) => row.id}
        loading={records.isFetching}
        error={records.isError ? records.error.message || t('activatedApps.loadFailed') : undefined}
        emptyText={t('activatedApps.noRecords')}
        {...list.tableProps}
        lastPage={page?.last_page}
        total={page?.total}
        totalCapped={page?.total_capped}
        sort={sort}
      />
    </Stack>
  );
}
