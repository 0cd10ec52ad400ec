import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { storeOrdersEndpoint, type StoreOrderStatus, type StorefrontMethod } from '@panel/contract';
import { call } from '../../api/client';

/** What the Orders screen asks the server for. */
export type OrderListFilters = {
  page: number;
  per_page: number;
  status: StoreOrderStatus | '';
  method: StorefrontMethod | '';
  /** yyyy-mm-dd, both ends included; '' for no bound. */
  date_from: string;
  date_to: string;
  search: string;
};

/** Empty filters are left out: the contract reads a missing key as "any". */
export const orderListQuery = ({ status, method, date_from, date_to, ...rest }: OrderListFilters) => ({
  ...rest,
  ...(status && { status }),
  ...(method && { method }),
  ...(date_from && { date_from }),
  ...(date_to && { date_to }),
});

/** GET /api/storefront/orders: one page of the caller's store orders, newest first. */
export const getOrders = (filters: OrderListFilters, signal?: AbortSignal) => call(storeOrdersEndpoint, { query: orderListQuery(filters), signal });

export const useOrders = (filters: OrderListFilters) =>
  useQuery({
    queryKey: ['store-orders', filters] as const,
    queryFn: ({ signal }) => getOrders(filters, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
