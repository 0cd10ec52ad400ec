import { useMutation } from '@tanstack/react-query';
import { purchasePackageEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/purchase-package (purchase-package): opens a pending order and answers where to pay it. */
export const purchasePackage = (planId: number) => call(purchasePackageEndpoint, { body: { payment_plan_id: planId } });

export function usePurchasePackage() {
  return useMutation({
    mutationFn: purchasePackage,
  });
}
