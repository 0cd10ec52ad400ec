import { useQuery } from '@tanstack/react-query';
import { paymentPlansEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/payment-plans: every payment plan (add-plan, edit-delete-plan or purchase-package). */
export const getPaymentPlans = () => call(paymentPlansEndpoint);
export const paymentPlansQuery = () => ({
  queryKey: ['payment-plans'],
  queryFn: getPaymentPlans,
  // The page shows a load failure in place of the cards.
  meta: { silent: true },
});
export const usePaymentPlans = () => useQuery(paymentPlansQuery());
