import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { CodeValueBody, deleteCodeAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type DeleteCodeAnswer = z.infer<typeof deleteCodeAnswer>;

/** POST /api/delete-code: the answer says the points that came back to the payer (0 and why when none). */
export const deleteCode = (body: CodeValueBody) => api<DeleteCodeAnswer>('/delete-code', { method: 'POST', body });

export function useDeleteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCode,
    // Failures open the page's error dialog.
    meta: { silent: true },
    // The list, and the balance and logs a refund credited (issue 27).
    onSuccess: () =>
      Promise.all(
        [['activation-codes'], ['credit-points'], ['credit-transaction-logs']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
