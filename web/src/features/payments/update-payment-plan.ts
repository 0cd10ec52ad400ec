import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePaymentPlanEndpoint, type PaymentPlanBody } from '@panel/contract';
import { call } from '../../api/client';

/** PUT /api/update-payment-plans/{id} (edit-delete-plan): the whole plan, as the add form sends it. */
export const updatePaymentPlan = ({ id, body }: { id: number; body: PaymentPlanBody }) =>
  call(updatePaymentPlanEndpoint, { params: { id }, body });

export function useUpdatePaymentPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-plans'] }),
  });
}
