import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentPlanBody } from '@panel/contract';
import { api } from '../../api/client';
import type { PaymentPlanAnswer } from './add-payment-plan';

/** PUT /api/update-payment-plans/{id} (edit-delete-plan): the whole plan, as the add form sends it. */
export const updatePaymentPlan = ({ id, body }: { id: number; body: PaymentPlanBody }) =>
  api<PaymentPlanAnswer>(`/update-payment-plans/${id}`, { method: 'PUT', body });

export function useUpdatePaymentPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentPlan,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-plans'] }),
  });
}
