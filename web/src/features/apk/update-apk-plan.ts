import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ApkPlanAnswer } from './add-apk-plan';
import { apkPlanFormData, type ApkPlanInput } from './apk-plan-form-data';

/** POST /api/update-apk-plans/{id} (multipart); without an image the current one stays. */
export const updateApkPlan = ({ id, ...input }: ApkPlanInput & { id: number }) =>
  api<ApkPlanAnswer>(`/update-apk-plans/${id}`, { method: 'POST', body: apkPlanFormData(input) });

export function useUpdateApkPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApkPlan,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apk-plans'] }),
  });
}
