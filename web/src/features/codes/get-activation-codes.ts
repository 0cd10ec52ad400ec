import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { activationCodesEndpoint, type CODE_SORT_KEYS } from '@panel/contract';
import { call } from '../../api/client';

export type CodeSortKey = (typeof CODE_SORT_KEYS)[number];

/** What the code list asks the server for (business-panel.md §7, Activation codes). */
export type CodeListFilters = {
  page: number;
  per_page: number;
  search_query: string;
  sort_key: CodeSortKey;
  sort_type: 'asc' | 'desc';
  /** yyyy-mm-dd, both ends included. */
  date_from: string;
  date_to: string;
};

/** GET /api/activation-codes: one page of the caller's codes (every reseller's for an admin). */
export const getActivationCodes = (filters: CodeListFilters, signal?: AbortSignal) =>
  call(activationCodesEndpoint, {
    // `_t` is the specification's cache-buster; the server ignores it.
    query: { ...filters, _t: String(Date.now()) },
    signal,
  });

export const activationCodesQuery = (filters: CodeListFilters) => ({
  queryKey: ['activation-codes', filters] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getActivationCodes(filters, signal),
  placeholderData: keepPreviousData,
  // The page shows a failure in place of the rows, or under the dates for a 422.
  meta: { silent: true },
});

export const useActivationCodes = (filters: CodeListFilters) => useQuery(activationCodesQuery(filters));
