import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { codeAnswer, CodeValueBody } from '@panel/contract';
import { api } from '../../api/client';

export type CodeAnswer = z.infer<typeof codeAnswer>;

/** POST /api/update-code-status: flips a code between active and inactive. */
export const updateCodeStatus = (body: CodeValueBody) => api<CodeAnswer>('/update-code-status', { method: 'POST', body });

export function useUpdateCodeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCodeStatus,
    // Failures open the page's error dialog.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['activation-codes'] }),
  });
}
