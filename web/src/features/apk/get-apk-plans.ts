import { useQuery } from '@tanstack/react-query';
import type { ApkPlansAnswer } from '@panel/contract';
import { api } from '../../api/client';

/** GET /api/apk-plans: every APK plan, for every signed-in user. */
export const getApkPlans = () => api<ApkPlansAnswer>('/apk-plans');
export const apkPlansQuery = () => ({
  queryKey: ['apk-plans'],
  queryFn: getApkPlans,
  // The page shows a load failure in place of the cards.
  meta: { silent: true },
});
export const useApkPlans = () => useQuery(apkPlansQuery());
