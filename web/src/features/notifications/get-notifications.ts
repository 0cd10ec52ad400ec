import { useQuery } from '@tanstack/react-query';
import { notificationsEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export type NotificationsParams = { page_number: number; page_size: number };

/** The bell asks again this often, so a new notification shows up without a reload. */
export const NOTIFICATIONS_REFETCH_MS = 50_000;

/** GET /api/resellers-notifications: the active notifications, the ones read and the unread count. */
export const getNotifications = (params: NotificationsParams) => call(notificationsEndpoint, { query: params });
export const notificationsQuery = (params: NotificationsParams) => ({
  queryKey: ['notifications', params],
  queryFn: () => getNotifications(params),
  // The bell and the popup say so in place; a toast every 50 s would be noise.
  meta: { silent: true },
});
export const useNotifications = (params: NotificationsParams, options: { refetchInterval?: number; enabled?: boolean } = {}) =>
  useQuery({ ...notificationsQuery(params), ...options });
