import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCodesEndpoint, type CodeType } from '@panel/contract';
import { call } from '../../api/client';

export type CreateCodesInput = { subscriptionType: CodeType; codeCount: number; resellerEmail?: string };

/** POST /api/sendingcode: buys 1 to 10 codes with the caller's credit (or for the reseller named). */
export const createCodes = (input: CreateCodesInput) => call(createCodesEndpoint, { body: input });

export function useCreateCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCodes,
    // The list, and the top bar's balance the purchase spent.
    onSuccess: () =>
      Promise.all(
        [['activation-codes'], ['credit-points'], ['credit-transaction-logs']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
