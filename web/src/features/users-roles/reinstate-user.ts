import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reinstateUserEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** `POST /api/users/:id/reinstate`: the panel's owner lifts an admin's suspension (it signs in again, told by mail), after a step-up. */
export const reinstateUser = (id: number) => call(reinstateUserEndpoint, { params: { id } });

export function useReinstateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reinstateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
