import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type ApiKeyAnswer = { status: true; msg: string; data: { api_key: string; api_access: number } };

/** GET api/resellers/:id/get-api-key: generated on the first request; a secret, so never kept once the dialog closes. */
export const getApiKey = (id: number) => api<ApiKeyAnswer>(`/resellers/${id}/get-api-key`);
export const apiKeyQuery = (id: number) => ({
  queryKey: ['reseller-api-key', id],
  queryFn: () => getApiKey(id),
  staleTime: 0,
  gcTime: 0,
  meta: { silent: true },
});
export const useApiKey = (id: number | undefined) => useQuery({ ...apiKeyQuery(id ?? 0), enabled: id !== undefined });
