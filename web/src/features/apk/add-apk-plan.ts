import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addApkPlanEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import { apkPlanFormData, type ApkPlanInput } from './apk-plan-form-data';

/** POST /api/add-apk-plans (multipart). */
export const addApkPlan = (input: ApkPlanInput) => call(addApkPlanEndpoint, { body: apkPlanFormData(input) });

export function useAddApkPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addApkPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apk-plans'] }),
  });
}
