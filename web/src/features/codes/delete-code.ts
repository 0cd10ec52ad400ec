import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { CodeValueBody, deleteCodeAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type DeleteCodeAnswer = z.infer<typeof deleteCodeAnswer>;

/** POST /api/delete-code. */
export const deleteCode = (body: CodeValueBody) => api<DeleteCodeAnswer>('/delete-code', { method: 'POST', body });

export function useDeleteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCode,
    // Failures open the page's error dialog.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['activation-codes'] }),
  });
}
