import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

/** DELETE /api/delete-payment-plans/{id} (edit-delete-plan). */
export const deletePaymentPlan = (id: number) => api<{ status: true; msg: string }>(`/delete-payment-plans/${id}`, { method: 'DELETE' });

export function useDeletePaymentPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentPlan,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payment-plans'] }),
  });
}
