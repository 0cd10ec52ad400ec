import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteApkPlanEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** DELETE /api/delete-apk-plans/{id}. */
export const deleteApkPlan = (id: number) => call(deleteApkPlanEndpoint, { params: { id } });

export function useDeleteApkPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApkPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apk-plans'] }),
  });
}
