import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { storeSalesEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import type { InsightRange } from './get-insight-activations';

/** GET /api/storefront/sales: what the caller's own store sold in the range (issue 43). */
export const getStoreSales = (params: InsightRange, signal?: AbortSignal) => call(storeSalesEndpoint, { query: params, signal });

export const useStoreSales = (params: InsightRange) =>
  useQuery({
    queryKey: ['insights', 'sales', params] as const,
    queryFn: ({ signal }) => getStoreSales(params, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
