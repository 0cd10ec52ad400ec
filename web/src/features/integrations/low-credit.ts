import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lowCreditEndpoint, updateLowCreditEndpoint, type LowCreditBody } from '@panel/contract';
import { call } from '../../api/client';
import { showSuccess } from '../../lib/feedback';

/** `GET /api/profile/low-credit`: the account's low-balance line for the `credit.low` webhook event; null when none. */
export const getLowCredit = () => call(lowCreditEndpoint);
export const useLowCredit = () => useQuery({ queryKey: ['low-credit'], queryFn: getLowCredit });

/** `PATCH /api/profile/low-credit`: a new line, or none (null). */
export const updateLowCredit = (body: LowCreditBody) => call(updateLowCreditEndpoint, { body });
export function useUpdateLowCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLowCredit,
    onSuccess: (answer) => {
      queryClient.setQueryData(['low-credit'], answer);
      showSuccess(answer.msg);
    },
  });
}
