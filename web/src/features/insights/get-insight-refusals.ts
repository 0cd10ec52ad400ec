import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { insightsRefusalsEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import type { InsightRange } from './get-insight-activations';

/** GET /api/insights/refusals: the refused activations of the range, counted by reason. */
export const getInsightRefusals = (params: InsightRange, signal?: AbortSignal) => call(insightsRefusalsEndpoint, { query: params, signal });

export const insightRefusalsQuery = (params: InsightRange) => ({
  queryKey: ['insights', 'refusals', params] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getInsightRefusals(params, signal),
  placeholderData: keepPreviousData,
  meta: { silent: true },
});

export const useInsightRefusals = (params: InsightRange) => useQuery(insightRefusalsQuery(params));
