import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { lowCreditAnswer, LowCreditBody } from '@panel/contract';
import { api } from '../../api/client';
import { showSuccess } from '../../lib/feedback';

type LowCreditAnswer = z.infer<typeof lowCreditAnswer>;

/** `GET /api/profile/low-credit`: the account's low-balance line for the `credit.low` webhook event; null when none. */
export const getLowCredit = () => api<LowCreditAnswer>('/profile/low-credit');
export const useLowCredit = () => useQuery({ queryKey: ['low-credit'], queryFn: getLowCredit });

/** `PATCH /api/profile/low-credit`: a new line, or none (null). */
export const updateLowCredit = (body: LowCreditBody) => api<LowCreditAnswer>('/profile/low-credit', { method: 'PATCH', body });
export function useUpdateLowCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLowCredit,
    // The form shows the field message under its input and other failures inside itself.
    meta: { silent: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(['low-credit'], answer);
      showSuccess(answer.msg);
    },
  });
}
