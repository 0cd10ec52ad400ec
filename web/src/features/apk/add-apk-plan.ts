import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { apkPlanAnswer } from '@panel/contract';
import { api } from '../../api/client';
import { apkPlanFormData, type ApkPlanInput } from './apk-plan-form-data';

export type ApkPlanAnswer = z.infer<typeof apkPlanAnswer>;

/** POST /api/add-apk-plans (multipart). */
export const addApkPlan = (input: ApkPlanInput) => api<ApkPlanAnswer>('/add-apk-plans', { method: 'POST', body: apkPlanFormData(input) });

export function useAddApkPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addApkPlan,
    // The modal shows field messages under their inputs and other failures inside itself.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['apk-plans'] }),
  });
}
