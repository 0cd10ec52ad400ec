import { useQuery } from '@tanstack/react-query';
import type { NotificationsAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type NotificationsParams = { page_number: number; page_size: number };

/** The bell asks again this often, so a new notification shows up without a reload. */
export const NOTIFICATIONS_REFETCH_MS = 50_000;

export const getNotifications = (params: NotificationsParams) =>
  api<NotificationsAnswer>('/resellers-notifications', { query: params });
export const notificationsQuery = (params: NotificationsParams) => ({
  queryKey: ['notifications', params],
  queryFn: () => getNotifications(params),
  // The bell and the popup say so in place; a toast every 50 s would be noise.
  meta: { silent: true },
});
export const useNotifications = (params: NotificationsParams, options: { refetchInterval?: number; enabled?: boolean } = {}) =>
  useQuery({ ...notificationsQuery(params), ...options });
