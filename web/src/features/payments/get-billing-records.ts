import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { billingRecordsEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** What the billing records list asks the server for (business-panel.md §7, Plans and billing). */
export type BillingListFilters = { page_number: number; page_size: number; search_title: string };

/** GET /api/billing-records: one page of orders, the caller's own, or everyone's for a plan manager. */
export const getBillingRecords = (filters: BillingListFilters, signal?: AbortSignal) =>
  call(billingRecordsEndpoint, { query: filters, signal });

export const billingRecordsQuery = (filters: BillingListFilters) => ({
  queryKey: ['billing-records', filters] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getBillingRecords(filters, signal),
  placeholderData: keepPreviousData,
  // The page shows the failure in place of the rows.
  meta: { silent: true },
});

export const useBillingRecords = (filters: BillingListFilters) => useQuery(billingRecordsQuery(filters));
