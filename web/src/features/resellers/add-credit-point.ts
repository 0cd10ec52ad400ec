import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addCreditPointEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export type CreditMoveInput = { id: number; creditPoint: number; requestId: string };

/**
 * POST /api/resellers/:id/add-credit-point: moves points from the caller's balance to the
 * reseller's. The `request-id` makes a retried request answer the first result instead of moving twice.
 */
export const addCreditPoint = ({ id, creditPoint, requestId }: CreditMoveInput) =>
  call(addCreditPointEndpoint, {
    params: { id },
    headers: { 'request-id': requestId, timestamp: new Date().toISOString() },
    body: { resellerId: id, creditPoint },
  });

export function useAddCreditPoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCreditPoint, onSuccess: () => invalidateBalances(queryClient) });
}

/** Both balances of a move changed: the list's, the top bar's and the logs. */
export const invalidateBalances = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all(
    ['resellers', 'credit-points', 'credit-transaction-logs', 'total-credit-points'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
