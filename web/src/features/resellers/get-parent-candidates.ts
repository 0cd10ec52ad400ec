import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '@panel/contract';
import type * as z from 'zod/mini';
import type { resellerCandidatesAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type ParentCandidatesAnswer = z.infer<typeof resellerCandidatesAnswer>;

/** GET /api/resellers-switch-assign-list?query=…: accounts that may become the parent. */
export const getParentCandidates = (query: string, signal?: AbortSignal) =>
  api<ParentCandidatesAnswer>('/resellers-switch-assign-list', { query: { query }, signal });
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
