import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';
import { defaultedField, idParam, pageNumberField, queryInt } from './fields.js';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';
import { ticketTextLength } from './tickets.js';

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

// ---------------------------------------------------------------------------------------------
// The admin side (business-panel.md §2 Add notification and Notification list, §5, §7)
// ---------------------------------------------------------------------------------------------

/** §5: at most 65,000 characters of text (an image counting as one) and 10 MB of embedded images. */
export const NOTIFICATION_TEXT_MAX_LENGTH = 65_000;
export const NOTIFICATION_TITLE_MAX_LENGTH = 255;
export const NOTIFICATION_IMAGES_MAX_BYTES = 10 * 1024 * 1024;
/** The request around it: the images' base64 (4/3 of their bytes) and the HTML. */
export const NOTIFICATION_BODY_MAX_BYTES = 15 * 1024 * 1024;

/** Bytes of the base64 images embedded in `html` (data:image/…;base64,…). */
export function embeddedImageBytes(html: string): number {
  let bytes = 0;
  for (const match of html.matchAll(/data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=]+)/gi)) bytes += Math.floor((match[1]!.length * 3) / 4);
  return bytes;
}

/** POST /api/create-notifications: both required ('All fields are required'). */
export const createNotificationBody = z.object({
  title: z.string('validation.allFieldsRequired').check(z.trim(), z.minLength(1, 'validation.allFieldsRequired'), z.maxLength(NOTIFICATION_TITLE_MAX_LENGTH, 'validation.tooLong')),
  description: z.string('validation.allFieldsRequired').check(
    z.minLength(1, { message: 'validation.allFieldsRequired', abort: true }),
    z.refine((html) => ticketTextLength(html) > 0, 'validation.allFieldsRequired'),
    z.refine((html) => ticketTextLength(html.replace(/data:[^"']*/g, '')) <= NOTIFICATION_TEXT_MAX_LENGTH, 'validation.notificationTooLong'),
    z.refine((html) => embeddedImageBytes(html) <= NOTIFICATION_IMAGES_MAX_BYTES, 'validation.notificationImagesTooLarge'),
  ),
});
export type CreateNotificationBody = z.infer<typeof createNotificationBody>;

export const adminNotification = z.object({ id: z.number(), title: z.string(), description: z.string(), status: z.number(), created_at: z.string() });
export type AdminNotification = z.infer<typeof adminNotification>;

/** GET /api/get-notifications: every notification, newest first, active or not. */
export const adminNotificationsAnswer = ok({
  data: z.object({ notifications: z.array(adminNotification) }),
  meta: z.object({ current_page: z.number(), last_page: z.number(), total: z.number() }),
});
export type AdminNotificationsAnswer = z.infer<typeof adminNotificationsAnswer>;

export const notificationStatusAnswer = ok({ data: adminNotification });
export const notificationDeletedAnswer = ok({ statusCode: z.number(), message: z.string() });

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['notifications'];
/** The bell and the Offers & notifications screen read the reseller's notifications. */
export const NOTIFICATION_READERS = ['notif-bell', 'offers&notifications'] as const;

export const notificationsEndpoint = endpoint({
  method: 'GET',
  path: '/resellers-notifications',
  tags,
  permission: NOTIFICATION_READERS,
  query: notificationsQuery,
  answer: notificationsAnswer,
});

export const markNotificationReadEndpoint = endpoint({
  method: 'POST',
  path: '/notifications/:id/read',
  tags,
  permission: NOTIFICATION_READERS,
  params: idParam,
  answer: readNotificationsAnswer,
});

export const markAllNotificationsReadEndpoint = endpoint({
  method: 'POST',
  path: '/notifications/read-all',
  tags,
  permission: NOTIFICATION_READERS,
  answer: readNotificationsAnswer,
});

/** Takes a body up to NOTIFICATION_BODY_MAX_BYTES (the route's own limit). */
export const createNotificationEndpoint = endpoint({
  method: 'POST',
  path: '/create-notifications',
  tags,
  permission: 'add-res-notif',
  description:
    "Publishes an announcement or offer to every reseller's bell: title and rich-text description (at most 65,000 characters of text, base64 raster images up to 10 MB in all), sanitised before it is stored.",
  body: createNotificationBody,
  answer: okEnvelope,
  status: 201,
});

export const adminNotificationsEndpoint = endpoint({
  method: 'GET',
  path: '/get-notifications',
  tags,
  permission: ['res-notif-list', 'add-res-notif'],
  description: 'Every notification, active or not, newest first (the admin list).',
  query: notificationsQuery,
  answer: adminNotificationsAnswer,
});

export const changeNotificationStatusEndpoint = endpoint({
  method: 'PUT',
  path: '/change-notifications/:id/status',
  tags,
  permission: 'res-notif-list',
  description: 'Switches a notification between 1 (Active) and 0 (Not Active).',
  params: idParam,
  answer: notificationStatusAnswer,
});

export const deleteNotificationEndpoint = endpoint({
  method: 'DELETE',
  path: '/delete-notifications/:id',
  tags,
  permission: 'res-notif-list',
  description: 'Deletes a notification and its read marks.',
  params: idParam,
  answer: notificationDeletedAnswer,
});

// ---------------------------------------------------------------------------------------------
// Social widget (core-panel.md §2, §7)
// ---------------------------------------------------------------------------------------------

/** International form: + and 8 to 15 digits (E.164); spaces and dashes typed between are ignored. */
export const WHATSAPP_PATTERN = /^\+[1-9]\d{7,14}$/;
export const TELEGRAM_PATTERN = /^@?[A-Za-z0-9_]{5,32}$/;

const blankable = (pattern: RegExp, message: string, normalise: (v: string) => string) =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(64, message)))),
    z.transform((v) => (v ? normalise(v) : null)),
  ).check(z.refine((v) => v === null || pattern.test(v), message));

/** POST /api/set-social-widget: requestData {whatsapp, telegram}; an empty field clears it. */
export const setSocialWidgetBody = z.object({
  requestData: z.object({
    whatsapp: blankable(WHATSAPP_PATTERN, 'validation.whatsappInvalid', (v) => v.replace(/[\s-]/g, '')),
    telegram: blankable(TELEGRAM_PATTERN, 'validation.telegramInvalid', (v) => v),
  }),
});
export type SetSocialWidgetBody = z.infer<typeof setSocialWidgetBody>;

export const socialWidget = z.nullable(
  z.object({ id: z.number(), whatsapp_number: z.nullable(z.string()), telegram_number: z.nullable(z.string()), created_by: z.nullable(z.number()) }),
);
export const socialWidgetAnswer = ok({ data: z.object({ SocialWidget: socialWidget }) });
export type SocialWidgetAnswer = z.infer<typeof socialWidgetAnswer>;
