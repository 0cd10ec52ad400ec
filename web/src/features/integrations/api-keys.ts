import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreateBody, ScopedApiKeyCreatedAnswer, ScopedApiKeysAnswer } from '@panel/contract';
import { api } from '../../api/client';

/** `GET /api/api-keys`: the account's scoped keys, never the keys themselves. */
export const getApiKeys = () => api<ScopedApiKeysAnswer>('/api-keys');
export const useApiKeys = () => useQuery({ queryKey: ['api-keys'], queryFn: getApiKeys });

/** `POST /api/api-keys`: the key is in this answer only. A STEP_UP_REQUIRED asks for the step-up and is sent again (api client). */
export const createApiKey = (body: ApiKeyCreateBody) => api<ScopedApiKeyCreatedAnswer>('/api-keys', { method: 'POST', body });

export const revokeApiKey = (id: number) => api<{ status: true; msg: string }>(`/api-keys/${id}`, { method: 'DELETE' });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['api-keys'] });
}

/** Creating shows its failures in the form: no global toast. */
export const useCreateApiKey = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createApiKey, meta: { silent: true }, onSuccess: refresh });
};
export const useRevokeApiKey = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: revokeApiKey, onSettled: refresh });
};
