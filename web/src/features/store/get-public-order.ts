import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { publicStoreOrderEndpoint, type StoreOrderStatus } from '@panel/contract';
import { ApiError, call } from '../../api/client';

/** The statuses an order does not leave: the page stops asking. */
export const FINAL_STATUSES: readonly StoreOrderStatus[] = ['activated', 'failed', 'rejected'];
/** How often the order page asks again while the order is on its way. */
export const ORDER_POLL_MS = 5_000;

/** `GET /api/public/orders/:id` with the order's token as the bearer (never the session's). */
export const getPublicOrder = (id: number, token: string) =>
  call(publicStoreOrderEndpoint, { params: { id }, token, allowUnauthorized: true }).then((answer) => answer.data);

/** `language` is in the key: a failure's reason is written in the language the order is read in. */
export const publicOrderQuery = (id: number, token: string, language: string) =>
  queryOptions({
    queryKey: ['public-order', id, token, language],
    queryFn: () => getPublicOrder(id, token),
    meta: { silent: true },
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    // Followed every 5 s until it is final (activated, failed, rejected); a failed ask is tried again too.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status && FINAL_STATUSES.includes(status)) return false;
      const error = query.state.error;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
      return ORDER_POLL_MS;
    },
  });

export const usePublicOrder = (id: number, token: string | undefined, language: string) =>
  useQuery({ ...publicOrderQuery(id, token ?? '', language), enabled: Boolean(token), placeholderData: keepPreviousData });
