import { useQuery } from '@tanstack/react-query';
import type { PaymentPlansAnswer } from '@panel/contract';
import { api } from '../../api/client';

/** GET /api/payment-plans: every payment plan (add-plan, edit-delete-plan or purchase-package). */
export const getPaymentPlans = () => api<PaymentPlansAnswer>('/payment-plans');
export const paymentPlansQuery = () => ({
  queryKey: ['payment-plans'],
  queryFn: getPaymentPlans,
  // The page shows a load failure in place of the cards.
  meta: { silent: true },
});
export const usePaymentPlans = () => useQuery(paymentPlansQuery());
