import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { subResellersEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export type SubResellersParams = {
  page: number;
  pageSize: number;
  search: string;
  sort_key?: 'credit_point';
  sort_type?: 'asc' | 'desc';
};

/** GET /api/sub-resellers-list/{id}: one page of a reseller's sub-resellers, and the reseller itself. */
export const getSubResellers = (id: number, params: SubResellersParams) => call(subResellersEndpoint, { params: { id }, query: params });
export const subResellersQuery = (id: number, params: SubResellersParams) => ({
  queryKey: ['sub-resellers', id, params],
  queryFn: () => getSubResellers(id, params),
  placeholderData: keepPreviousData,
  // The table shows the failure in place of its rows.
  meta: { silent: true },
  retry: false,
});
export const useSubResellers = (id: number, params: SubResellersParams) => useQuery(subResellersQuery(id, params));
