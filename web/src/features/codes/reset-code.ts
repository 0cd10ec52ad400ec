import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetCodeEndpoint, type ResetCodeBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/reset-code: a new value for the code, and no device bound to it any more. */
export const resetCode = (body: ResetCodeBody) => call(resetCodeEndpoint, { body });

export function useResetCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCode,
    // §4: a reset reloads the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['activation-codes'] }),
  });
}
