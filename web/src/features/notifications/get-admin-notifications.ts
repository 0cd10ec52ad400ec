import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminNotificationsEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export type AdminNotificationsParams = { page_number: number; page_size: number };

/** GET /api/get-notifications: every notification, active or not (the admin list). */
export const getAdminNotifications = (params: AdminNotificationsParams) => call(adminNotificationsEndpoint, { query: params });
export const adminNotificationsQuery = (params: AdminNotificationsParams) => ({
  queryKey: ['admin-notifications', params],
  queryFn: () => getAdminNotifications(params),
  // The table says so in place.
  meta: { silent: true },
});
export const useAdminNotifications = (params: AdminNotificationsParams) =>
  useQuery({ ...adminNotificationsQuery(params), placeholderData: keepPreviousData });
