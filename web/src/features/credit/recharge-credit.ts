import { useMutation, useQueryClient } from '@tanstack/react-query';
import { encodeBase64Utf8, rechargeCreditEndpoint, type RechargeInput } from '@panel/contract';
import { call } from '../../api/client';

/**
 * POST /api/admin-recharge-credit: the three fields travel base64-encoded UTF-8 (business-panel.md
 * §5). A fresh `request-id` per attempt lets the server answer a replayed request without moving
 * the points twice; `timestamp` says when the person pressed the button.
 */
export function rechargeCredit(input: RechargeInput, requestId: string = crypto.randomUUID()) {
  return call(rechargeCreditEndpoint, {
    headers: { 'request-id': requestId, timestamp: new Date().toISOString() },
    body: {
      resellerEmail: encodeBase64Utf8(input.resellerEmail.trim()),
      creditPoint: encodeBase64Utf8(input.creditPoint),
      creditSharePasscode: encodeBase64Utf8(input.creditSharePasscode),
    },
  });
}

export function useRechargeCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RechargeInput) => rechargeCredit(input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['credit-points'] }),
        queryClient.invalidateQueries({ queryKey: ['credit-transaction-logs'] }),
        queryClient.invalidateQueries({ queryKey: ['total-credit-points'] }),
      ]),
  });
}
