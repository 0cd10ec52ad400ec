import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetResellerTwoFactorEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/**
 * `POST /api/resellers/:id/two-factor/reset`: the parent (or an admin) removes the account's second
 * factor; the account is signed out everywhere and told by mail.
 */
export const resetTwoFactor = (id: number) => call(resetResellerTwoFactorEndpoint, { params: { id } });

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['resellers'] }),
  });
}
