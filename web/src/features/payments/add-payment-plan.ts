import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { paymentPlanAnswer, PaymentPlanBody } from '@panel/contract';
import { api } from '../../api/client';

export type PaymentPlanAnswer = z.infer<typeof paymentPlanAnswer>;

/** POST /api/add-payment-plans (add-plan). */
export const addPaymentPlan = (body: PaymentPlanBody) => api<PaymentPlanAnswer>('/add-payment-plans', { method: 'POST', body });

export function useAddPaymentPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentPlan,
    // The modal shows field messages under their inputs and other failures inside itself.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-plans'] }),
  });
}
