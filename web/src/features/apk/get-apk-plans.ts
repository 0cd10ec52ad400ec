import { useQuery } from '@tanstack/react-query';
import { apkPlansEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/apk-plans: every APK plan, for every signed-in user. */
export const getApkPlans = () => call(apkPlansEndpoint);
export const apkPlansQuery = () => ({
  queryKey: ['apk-plans'],
  queryFn: getApkPlans,
  // The page shows a load failure in place of the cards.
  meta: { silent: true },
});
export const useApkPlans = () => useQuery(apkPlansQuery());
