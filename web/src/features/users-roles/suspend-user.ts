import { useMutation, useQueryClient } from '@tanstack/react-query';
import { suspendUserEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/**
 * `POST /api/users/:id/suspend`: the panel's owner suspends another admin (its sessions end at once,
 * it cannot sign in, it is told by mail). Asks for a step-up first: the API client opens it by itself.
 */
export const suspendUser = (id: number) => call(suspendUserEndpoint, { params: { id } });

export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
