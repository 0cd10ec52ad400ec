import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { resetCodeAnswer, ResetCodeBody } from '@panel/contract';
import { api } from '../../api/client';

export type ResetCodeAnswer = z.infer<typeof resetCodeAnswer>;

/** POST /api/reset-code: a new value for the code, and no device bound to it any more. */
export const resetCode = (body: ResetCodeBody) => api<ResetCodeAnswer>('/reset-code', { method: 'POST', body });

export function useResetCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCode,
    // Failures open the page's error dialog.
    meta: { silent: true },
    // §4: a reset reloads the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['activation-codes'] }),
  });
}
