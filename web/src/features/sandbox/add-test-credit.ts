import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addTestCreditEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/sandbox/test-credit (the client adds the sandbox prefix): points for the caller's sandbox balance. */
export const addTestCredit = (creditPoints: number) => call(addTestCreditEndpoint, { body: { credit_points: creditPoints } });

export function useAddTestCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTestCredit,
    // The top bar's balance and the screens that show it, as after any other credit move.
    onSuccess: () =>
      Promise.all(
        [['credit-points'], ['total-credit-points'], ['credit-transaction-logs'], ['profile']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
