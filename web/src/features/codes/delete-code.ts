import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteCodeEndpoint, type CodeValueBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/delete-code: the answer says the points that came back to the payer (0 and why when none). */
export const deleteCode = (body: CodeValueBody) => call(deleteCodeEndpoint, { body });

export function useDeleteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCode,
    // The list, and the balance and logs a refund credited (issue 27).
    onSuccess: () =>
      Promise.all(
        [['activation-codes'], ['credit-points'], ['credit-transaction-logs']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
