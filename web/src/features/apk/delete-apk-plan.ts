import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

/** DELETE /api/delete-apk-plans/{id}. */
export const deleteApkPlan = (id: number) => api<{ status: true; msg: string }>(`/delete-apk-plans/${id}`, { method: 'DELETE' });

export function useDeleteApkPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApkPlan,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apk-plans'] }),
  });
}
