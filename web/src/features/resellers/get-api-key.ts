import { useQuery } from '@tanstack/react-query';
import { resellerApiKeyEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET api/resellers/:id/get-api-key: generated on the first request; a secret, so never kept once the dialog closes. */
export const getApiKey = (id: number) => call(resellerApiKeyEndpoint, { params: { id } });
export const apiKeyQuery = (id: number) => ({
  queryKey: ['reseller-api-key', id],
  queryFn: () => getApiKey(id),
  staleTime: 0,
  gcTime: 0,
  meta: { silent: true },
});
export const useApiKey = (id: number | undefined) => useQuery({ ...apiKeyQuery(id ?? 0), enabled: id !== undefined });
