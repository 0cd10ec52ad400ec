import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ResellersAnswer } from '@panel/contract';
import { api } from '../../api/client';
import type { ResellersParams } from './get-resellers';

/** GET /api/deleted-resellers/list: removed resellers, which keep their ledger and can come back. */
export const getDeletedResellers = (params: ResellersParams) => api<ResellersAnswer>('/deleted-resellers/list', { query: params });
export const deletedResellersQuery = (params: ResellersParams) => ({
  queryKey: ['deleted-resellers', params],
  queryFn: () => getDeletedResellers(params),
  placeholderData: keepPreviousData,
  meta: { silent: true },
});
export const useDeletedResellers = (params: ResellersParams) => useQuery(deletedResellersQuery(params));
