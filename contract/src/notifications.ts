import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';
import { defaultedField, pageNumberField, queryInt } from './fields.js';
import { ok } from './common.js';

export const notificationsQuery = z.object({
  page_number: pageNumberField,
  page_size: defaultedField(queryInt(1, MAX_PAGE_SIZE), DEFAULT_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

export const resellerNotification = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  created_at: z.string(),
});
export type ResellerNotification = z.infer<typeof resellerNotification>;

export const notificationsAnswer = ok({
  data: z.object({ notifications: z.array(resellerNotification), readNotifications: z.array(z.number()) }),
  meta: z.object({ current_page: z.number(), last_page: z.number(), total: z.number() }),
  unread_count: z.number(),
});
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>;

export const readNotificationsAnswer = ok({ data: z.object({ readNotifications: z.array(z.number()) }), unread_count: z.number() });
export type ReadNotificationsAnswer = z.infer<typeof readNotificationsAnswer>;
