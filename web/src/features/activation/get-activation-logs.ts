import { keepPreviousData } from '@tanstack/react-query';
import { activationLogsEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import type { ActivationListFilters } from '../../components/activation-records-table';

/** POST /api/activation-logs (core-panel.md §7): a MAC search sends the MAC as `mac_address` too. */
export const getActivationLogs = (filters: ActivationListFilters, signal?: AbortSignal) =>
  call(activationLogsEndpoint, {
    body: {
      page_number: filters.page,
      page_size: filters.pageSize,
      search_type: filters.searchType,
      keyword: filters.keyword || null,
      mac_address: filters.searchType === 'mac' && filters.keyword ? filters.keyword : null,
      sort_key: filters.sortKey,
      sort_type: filters.sortType,
      start_date: filters.startDate ?? null,
      end_date: filters.endDate ?? null,
    },
    signal,
  });

export const activationLogsQuery = (filters: ActivationListFilters) => ({
  queryKey: ['activation-logs', filters] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getActivationLogs(filters, signal),
  placeholderData: keepPreviousData,
  // The table shows a failure in place of its rows.
  meta: { silent: true },
});
