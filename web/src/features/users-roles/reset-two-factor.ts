import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetUserTwoFactorEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** `POST /api/users/:id/two-factor/reset`: an admin removes a staff or admin account's second factor (signed out, told by mail). */
export const resetUserTwoFactor = (id: number) => call(resetUserTwoFactorEndpoint, { params: { id } });

export function useResetUserTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
