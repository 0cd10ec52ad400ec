import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disableApiAccessEndpoint, enableApiAccessEndpoint, resellerApiKeyEndpoint, type AnswerOf } from '@panel/contract';
import { call } from '../../api/client';

/** POST api/resellers/:id/enable-api-access or disable-api-access: takes effect on the next API call. */
export const setApiAccess = ({ id, enabled }: { id: number; enabled: boolean }) =>
  call(enabled ? enableApiAccessEndpoint : disableApiAccessEndpoint, { params: { id } });

export function useSetApiAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApiAccess,
    onSuccess: (answer, { id }) => {
      queryClient.setQueryData<AnswerOf<typeof resellerApiKeyEndpoint>>(['reseller-api-key', id], (old) =>
        old ? { ...old, data: { ...old.data, api_access: answer.data.api_access } } : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['resellers'] });
    },
  });
}
