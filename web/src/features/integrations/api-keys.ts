import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiKeysEndpoint,
  createApiKeyEndpoint,
  revokeApiKeyEndpoint,
  updateApiKeyEndpoint,
  type ApiKeyCreateBody,
  type ApiKeyUpdateBody,
} from '@panel/contract';
import { call } from '../../api/client';

/** `GET /api/api-keys`: the account's scoped keys, never the keys themselves. */
export const getApiKeys = () => call(apiKeysEndpoint);
export const useApiKeys = () => useQuery({ queryKey: ['api-keys'], queryFn: getApiKeys });

/** `POST /api/api-keys`: the key is in this answer only. A STEP_UP_REQUIRED asks for the step-up and is sent again (api client). */
export const createApiKey = (body: ApiKeyCreateBody) => call(createApiKeyEndpoint, { body });

/** `PATCH /api/api-keys/:id`: a new name and/or cap (a new cap may ask for the step-up first, as creating does). */
export const updateApiKey = ({ id, body }: { id: number; body: ApiKeyUpdateBody }) => call(updateApiKeyEndpoint, { params: { id }, body });

export const revokeApiKey = (id: number) => call(revokeApiKeyEndpoint, { params: { id } });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['api-keys'] });
}

/** Creating shows its failures in the form. */
export const useCreateApiKey = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createApiKey, onSuccess: refresh });
};
/** Editing shows its failures in the form, as creating does. */
export const useUpdateApiKey = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: updateApiKey, onSuccess: refresh });
};
export const useRevokeApiKey = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: revokeApiKey, onSettled: refresh });
};
