import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { insightsActivationsEndpoint, type InsightInterval } from '@panel/contract';
import { call } from '../../api/client';

export type InsightRange = { from: string; to: string };
export type InsightActivationsParams = InsightRange & { interval: InsightInterval };

/** GET /api/insights/activations: activations and credits per period of the range, by application and by package. */
export const getInsightActivations = (params: InsightActivationsParams, signal?: AbortSignal) =>
  call(insightsActivationsEndpoint, { query: params, signal });

export const insightActivationsQuery = (params: InsightActivationsParams) => ({
  queryKey: ['insights', 'activations', params] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getInsightActivations(params, signal),
  placeholderData: keepPreviousData,
  // Each card shows its own failure.
  meta: { silent: true },
});

export const useInsightActivations = (params: InsightActivationsParams) => useQuery(insightActivationsQuery(params));
