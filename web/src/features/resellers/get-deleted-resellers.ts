import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deletedResellersEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import type { ResellersParams } from './get-resellers';

/** GET /api/deleted-resellers/list: removed resellers, which keep their ledger and can come back. */
export const getDeletedResellers = (params: ResellersParams) => call(deletedResellersEndpoint, { query: params });
export const deletedResellersQuery = (params: ResellersParams) => ({
  queryKey: ['deleted-resellers', params],
  queryFn: () => getDeletedResellers(params),
  placeholderData: keepPreviousData,
  meta: { silent: true },
});
export const useDeletedResellers = (params: ResellersParams) => useQuery(deletedResellersQuery(params));
