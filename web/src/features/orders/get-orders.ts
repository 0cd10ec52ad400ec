import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { storeOrderEndpoint, storeOrdersEndpoint, storeOrdersExportEndpoint, type StoreOrderStatus, type StorefrontMethod } from '@panel/contract';
import { call, callDownload, saveDownload } from '../../api/client';

/** What the Orders screen asks the server for. */
export type OrderListFilters = {
  page: number;
  per_page: number;
  status: StoreOrderStatus | '';
  method: StorefrontMethod | '';
  /** yyyy-mm-dd, both ends included. */
  date_from: string;
  date_to: string;
  search: string;
};

/** GET /api/storefront/orders: one page of the caller's store orders, newest first (the client leaves empty filters out). */
export const getOrders = (filters: OrderListFilters, signal?: AbortSignal) => call(storeOrdersEndpoint, { query: filters, signal });

export const useOrders = (filters: OrderListFilters) =>
  useQuery({
    queryKey: ['store-orders', filters] as const,
    queryFn: ({ signal }) => getOrders(filters, signal),
    placeholderData: keepPreviousData,
    // The page shows a failure in place of the rows, or under the dates for a 422.
    meta: { silent: true },
  });

/** GET /api/storefront/orders/:id: one order with every field. */
export const useOrder = (id: number | undefined) =>
  useQuery({
    queryKey: ['store-orders', 'one', id] as const,
    queryFn: ({ signal }) => call(storeOrderEndpoint, { params: { id: id! }, signal }),
    enabled: id !== undefined,
    meta: { silent: true },
  });

/** GET /api/storefront/orders/export: every order of the list's filters, as the server's CSV file. */
export function useExportOrders() {
  return useMutation({
    mutationFn: ({ page: _, per_page: __, ...filters }: OrderListFilters) =>
      callDownload(storeOrdersExportEndpoint, { query: filters, fallbackName: 'store-orders.csv' }),
    onSuccess: saveDownload,
  });
}
