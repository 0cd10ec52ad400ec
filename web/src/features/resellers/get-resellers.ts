import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResellersEndpoint, type ResellerSortKey } from '@panel/contract';
import { call } from '../../api/client';

export type ResellersParams = {
  search_title: string;
  page_number: number;
  page_size: number;
  sort_key: ResellerSortKey;
  sort_type: 'asc' | 'desc';
};

/** GET /api/total-resellers/list: the caller's resellers and sub-resellers, one page of them. */
export const getResellers = (params: ResellersParams) => call(listResellersEndpoint, { query: params });
export const resellersQuery = (params: ResellersParams) => ({
  queryKey: ['resellers', params],
  queryFn: () => getResellers(params),
  placeholderData: keepPreviousData,
  // The table shows a failure in place of its rows.
  meta: { silent: true },
});
export const useResellers = (params: ResellersParams) => useQuery(resellersQuery(params));
