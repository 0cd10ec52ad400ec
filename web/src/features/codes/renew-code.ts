import { useMutation, useQueryClient } from '@tanstack/react-query';
import { renewCodeEndpoint, type CodeValueBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/renew-code: a new expiry for CODE_RENEW_COST credit. */
export const renewCode = (body: CodeValueBody) => call(renewCodeEndpoint, { body });

export function useRenewCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCode,
    onSuccess: () =>
      Promise.all(
        [['activation-codes'], ['credit-points'], ['credit-transaction-logs']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
