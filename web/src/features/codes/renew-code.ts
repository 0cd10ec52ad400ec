import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { CodeValueBody, renewCodeAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type RenewCodeAnswer = z.infer<typeof renewCodeAnswer>;

/** POST /api/renew-code: a new expiry for CODE_RENEW_COST credit. */
export const renewCode = (body: CodeValueBody) => api<RenewCodeAnswer>('/renew-code', { method: 'POST', body });

export function useRenewCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCode,
    // Failures open the page's error dialog.
    meta: { silent: true },
    onSuccess: () =>
      Promise.all(
        [['activation-codes'], ['credit-points'], ['credit-transaction-logs']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
