import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deductCreditPointEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import { invalidateBalances, type CreditMoveInput } from './add-credit-point';

/** POST /api/resellers/:id/deduct-credit-point: moves points from a sub-reseller back to its parent. */
export const deductCreditPoint = ({ id, creditPoint, requestId }: CreditMoveInput) =>
  call(deductCreditPointEndpoint, {
    params: { id },
    headers: { 'request-id': requestId, timestamp: new Date().toISOString() },
    body: { resellerId: id, creditPoint },
  });

export function useDeductCreditPoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deductCreditPoint, onSuccess: () => invalidateBalances(queryClient) });
}
