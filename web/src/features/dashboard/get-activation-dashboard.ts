import { useQuery } from '@tanstack/react-query';
import type { ActivationDashboardAnswer } from '@panel/contract';
import { api } from '../../api/client';

/** GET /api/activation-log-dashboard: activations per module over the last month. */
export const getActivationDashboard = () => api<ActivationDashboardAnswer>('/activation-log-dashboard');
export const activationDashboardQuery = () => ({
  queryKey: ['activation-dashboard'],
  queryFn: getActivationDashboard,
  // The chart card shows its own failure.
  meta: { silent: true },
});
export const useActivationDashboard = () => useQuery(activationDashboardQuery());
