import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { customerEndpoint, customersEndpoint, customersExportEndpoint } from '@panel/contract';
import { call, callDownload, saveDownload } from '../../api/client';

export type CustomerListFilters = { page: number; per_page: number; search: string };

/** GET /api/customers: one page of the caller's customers, newest first. */
export const getCustomers = (filters: CustomerListFilters, signal?: AbortSignal) => call(customersEndpoint, { query: filters, signal });

export const useCustomers = (filters: CustomerListFilters) =>
  useQuery({
    queryKey: ['customers', filters] as const,
    queryFn: ({ signal }) => getCustomers(filters, signal),
    placeholderData: keepPreviousData,
    // The page shows a failure in place of the rows.
    meta: { silent: true },
  });

/** GET /api/customers/:id: the customer with its devices and orders. */
export const useCustomer = (id: number) =>
  useQuery({
    queryKey: ['customer', id] as const,
    queryFn: ({ signal }) => call(customerEndpoint, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    meta: { silent: true },
  });

/** GET /api/customers/export: every customer of the search, as the server's CSV file. */
export function useExportCustomers() {
  return useMutation({
    mutationFn: ({ search }: Pick<CustomerListFilters, 'search'>) => callDownload(customersExportEndpoint, { query: { search }, fallbackName: 'customers.csv' }),
    onSuccess: saveDownload,
  });
}
