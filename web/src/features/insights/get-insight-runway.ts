import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { insightsRunwayEndpoint, MAX_PAGE_SIZE, type InsightRunwaySort, type InsightsRunwayRow } from '@panel/contract';
import { call } from '../../api/client';

export type InsightRunwayParams = { sort: InsightRunwaySort; order: 'asc' | 'desc'; page: number; per_page: number };

/** GET /api/insights/runway: the caller's sub-resellers with their balance, daily spend and days left, a page at a time. */
export const getInsightRunway = (params: InsightRunwayParams, signal?: AbortSignal) => call(insightsRunwayEndpoint, { query: params, signal });

export const insightRunwayQuery = (params: InsightRunwayParams) => ({
  queryKey: ['insights', 'runway', params] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getInsightRunway(params, signal),
  placeholderData: keepPreviousData,
  meta: { silent: true },
});

export const useInsightRunway = (params: InsightRunwayParams) => useQuery(insightRunwayQuery(params));

/** Every row of the runway in the table's order, page by page at the largest page size (its CSV). */
export async function fetchAllRunway(params: Pick<InsightRunwayParams, 'sort' | 'order'>): Promise<InsightsRunwayRow[]> {
  const rows: InsightsRunwayRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getInsightRunway({ ...params, page, per_page: MAX_PAGE_SIZE });
    rows.push(...answer.data);
    if (page >= answer.meta.last_page || answer.data.length === 0 || rows.length >= answer.meta.total) return rows;
  }
}
