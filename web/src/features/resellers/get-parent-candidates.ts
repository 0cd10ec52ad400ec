import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH, switchAssignCandidatesEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/resellers-switch-assign-list?query=…: accounts that may become the parent. */
export const getParentCandidates = (query: string, signal?: AbortSignal) => call(switchAssignCandidatesEndpoint, { query: { query }, signal });
export const parentCandidatesQuery = (query: string) => ({
  queryKey: ['parent-candidates', query],
  queryFn: ({ signal }: { signal: AbortSignal }) => getParentCandidates(query, signal),
  enabled: query.length >= SEARCH_MIN_LENGTH,
  placeholderData: keepPreviousData,
  // The picker shows 'Error loading reseller list' under itself.
  meta: { silent: true },
  retry: false,
});
export const useParentCandidates = (query: string) => useQuery(parentCandidatesQuery(query));
