import { useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { subResellerDetailAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type SubResellerDetailAnswer = z.infer<typeof subResellerDetailAnswer>;

/** GET /api/get-subresellers-by-id/{id}: the account to move, with its parent when it has one. */
export const getSubResellerDetail = (id: number) => api<SubResellerDetailAnswer>(`/get-subresellers-by-id/${id}`);
export const subResellerDetailQuery = (id: number) => ({
  queryKey: ['sub-reseller-detail', id],
  queryFn: () => getSubResellerDetail(id),
  meta: { silent: true },
  retry: false,
  staleTime: 0,
});
export const useSubResellerDetail = (id: number) => useQuery(subResellerDetailQuery(id));
