import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sandboxOutcomeEndpoint, type SandboxOrderAnswer, type SandboxOutcome } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/payments/sandbox/{orderId}: the built-in checkout's Pay, Fail or Cancel. */
export const sendSandboxOutcome = ({ orderId, outcome }: { orderId: string; outcome: SandboxOutcome }) =>
  call(sandboxOutcomeEndpoint, { params: { orderId }, body: { outcome } });

export function useSendSandboxOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSandboxOutcome,
    onSuccess: (answer, { orderId }) => {
      queryClient.setQueryData<SandboxOrderAnswer>(['sandbox-order', orderId], (old) => old && { ...old, data: { ...old.data, status: answer.data.status } });
      // The billing list, and the top bar's balance a paid order raised (as after buying codes).
      // Not awaited: the page moves on to the billing records while they reload.
      for (const queryKey of [['billing-records'], ['credit-points'], ['credit-transaction-logs'], ['total-credit-points']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    // Refused because the order was decided meanwhile: the page shows it as it now is.
    onError: (_error, { orderId }) => queryClient.invalidateQueries({ queryKey: ['sandbox-order', orderId] }),
  });
}
