import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePaymentPlanEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** DELETE /api/delete-payment-plans/{id} (edit-delete-plan). */
export const deletePaymentPlan = (id: number) => call(deletePaymentPlanEndpoint, { params: { id } });

export function useDeletePaymentPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-plans'] }),
  });
}
