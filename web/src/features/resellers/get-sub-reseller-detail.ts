import { useQuery } from '@tanstack/react-query';
import { subResellerDetailEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/get-subresellers-by-id/{id}: the account to move, with its parent when it has one. */
export const getSubResellerDetail = (id: number) => call(subResellerDetailEndpoint, { params: { id } });
export const subResellerDetailQuery = (id: number) => ({
  queryKey: ['sub-reseller-detail', id],
  queryFn: () => getSubResellerDetail(id),
  meta: { silent: true },
  retry: false,
  staleTime: 0,
});
export const useSubResellerDetail = (id: number) => useQuery(subResellerDetailQuery(id));
