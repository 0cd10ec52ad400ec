import { keepPreviousData } from '@tanstack/react-query';
import { activatedAppsEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import type { ActivationListFilters } from '../../components/activation-records-table';

/** POST /api/activated-apps-list (business-panel.md §7): one page of the devices the caller activated. */
export const getActivatedApps = (filters: ActivationListFilters, signal?: AbortSignal) =>
  call(activatedAppsEndpoint, {
    body: {
      requestData: {
        moduleType: filters.moduleId ?? null,
        pageNumber: filters.page,
        pageSize: filters.pageSize,
        keyword: filters.keyword || null,
        search_type: filters.searchType,
        sort_key: filters.sortKey,
        sort_type: filters.sortType,
        start_date: filters.startDate ?? null,
        end_date: filters.endDate ?? null,
      },
    },
    signal,
  });

export const activatedAppsQuery = (filters: ActivationListFilters) => ({
  queryKey: ['activated-apps', filters] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getActivatedApps(filters, signal),
  placeholderData: keepPreviousData,
  // The table shows a failure in place of its rows.
  meta: { silent: true },
});
