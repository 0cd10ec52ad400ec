import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateApkPlanEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import { apkPlanFormData, type ApkPlanInput } from './apk-plan-form-data';

/** POST /api/update-apk-plans/{id} (multipart); without an image the current one stays. */
export const updateApkPlan = ({ id, ...input }: ApkPlanInput & { id: number }) =>
  call(updateApkPlanEndpoint, { params: { id }, body: apkPlanFormData(input) });

export function useUpdateApkPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApkPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apk-plans'] }),
  });
}
