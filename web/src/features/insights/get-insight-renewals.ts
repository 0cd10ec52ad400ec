import { useQuery } from '@tanstack/react-query';
import { insightsRenewalsEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/insights/renewals: devices expiring in 7, 30 and 90 days, the renewal rate and the credits the renewals need. */
export const getInsightRenewals = (signal?: AbortSignal) => call(insightsRenewalsEndpoint, { signal });

export const insightRenewalsQuery = () => ({
  queryKey: ['insights', 'renewals'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getInsightRenewals(signal),
  meta: { silent: true },
});

export const useInsightRenewals = () => useQuery(insightRenewalsQuery());
