import { useQuery } from '@tanstack/react-query';
import { activationDashboardEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/activation-log-dashboard: activations per module over the last month. */
export const getActivationDashboard = () => call(activationDashboardEndpoint);
export const activationDashboardQuery = () => ({
  queryKey: ['activation-dashboard'],
  queryFn: getActivationDashboard,
  // The chart card shows its own failure.
  meta: { silent: true },
});
export const useActivationDashboard = () => useQuery(activationDashboardQuery());
