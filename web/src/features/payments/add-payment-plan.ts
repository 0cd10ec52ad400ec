import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addPaymentPlanEndpoint, type PaymentPlanBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/add-payment-plans (add-plan). */
export const addPaymentPlan = (body: PaymentPlanBody) => call(addPaymentPlanEndpoint, { body });

export function useAddPaymentPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-plans'] }),
  });
}
