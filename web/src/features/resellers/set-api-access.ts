import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ApiKeyAnswer } from './get-api-key';

type Answer = { status: true; msg: string; data: { api_access: number } };

/** POST api/resellers/:id/enable-api-access or disable-api-access: takes effect on the next API call. */
export const setApiAccess = ({ id, enabled }: { id: number; enabled: boolean }) =>
  api<Answer>(`/resellers/${id}/${enabled ? 'enable' : 'disable'}-api-access`, { method: 'POST' });

export function useSetApiAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApiAccess,
    meta: { silent: true },
    onSuccess: (answer, { id }) => {
      queryClient.setQueryData<ApiKeyAnswer>(['reseller-api-key', id], (old) =>
        old ? { ...old, data: { ...old.data, api_access: answer.data.api_access } } : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['resellers'] });
    },
  });
}
