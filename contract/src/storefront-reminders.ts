import * as z from 'zod/mini';
import { ok, okEnvelope } from './common.js';
import { LOCALES } from './constants.js';
import { endpoint } from './endpoint.js';
import { optionalField } from './fields.js';

/**
 * Customer reminders (issue 44): before and after a customer's device expires, the store writes to
 * its customer (e-mail, and Telegram when linked) with a signed renewal link that opens the store
 * pre-filled. The reseller's side (settings, the last reminders sent, a preview of the mail) and
 * the customer's (the renewal link's read, the one-click unsubscribe).
 */

/** A milestone is 0 to 30 days from the expiry. */
export const REMINDER_DAYS_MAX = 30;
export const DEFAULT_REMINDER_DAYS_BEFORE: readonly number[] = [7, 3, 1];
export const DEFAULT_REMINDER_DAYS_AFTER: readonly number[] = [1];
/** How many of the last reminders Sales → Storefront → Reminders lists. */
export const REMINDERS_SENT_LIST = 50;
/** How long a renewal link opens the store. */
export const RENEWAL_LINK_DAYS = 30;
export const REMINDER_PHASES = ['before', 'after'] as const;
export type ReminderPhase = (typeof REMINDER_PHASES)[number];
/** Per channel: sent, failed, or null when the customer has no such channel. */
export const REMINDER_CHANNEL_STATUSES = ['sent', 'failed'] as const;

/** Where a reminder's renewal link opens the store, pre-filled: `/store/:slug/renew/:token`. */
export const storeRenewPath = (slug: string, token: string) => `/store/${encodeURIComponent(slug)}/renew/${token}`;

/**
 * A list of milestones: whole days from 0 to 30, each once (422 on the list). Answered in time
 * order: the days before from the farthest (7, 3, 1), the days after from the nearest (1, 7).
 */
const daysField = (order: 'desc' | 'asc') =>
  z.pipe(
    z.array(z.number('validation.reminderDays')).check(
      z.maxLength(REMINDER_DAYS_MAX + 1, 'validation.reminderDays'),
      z.refine((days) => days.every((d) => Number.isInteger(d) && d >= 0 && d <= REMINDER_DAYS_MAX), 'validation.reminderDays'),
      z.refine((days) => new Set(days).size === days.length, 'validation.reminderDaysRepeated'),
    ),
    z.transform((days) => [...days].sort((a, b) => (order === 'desc' ? b - a : a - b))),
  );

export const reminderSettingsInput = z.object({
  enabled: z.boolean('validation.invalid'),
  days_before: daysField('desc'),
  days_after: daysField('asc'),
});
export type ReminderSettingsInput = z.input<typeof reminderSettingsInput>;
export type ReminderSettings = z.output<typeof reminderSettingsInput>;

export const reminderSettings = z.object({ enabled: z.boolean(), days_before: z.array(z.number()), days_after: z.array(z.number()) });
export const reminderSettingsAnswer = ok({ data: reminderSettings });
export type ReminderSettingsAnswer = z.infer<typeof reminderSettingsAnswer>;

export const sentReminder = z.object({
  id: z.number(),
  customer: z.object({ id: z.number(), name: z.nullable(z.string()), email: z.nullable(z.string()) }),
  mac_address: z.string(),
  app: z.object({ id: z.number(), name: z.string() }),
  phase: z.enum(REMINDER_PHASES),
  days: z.number(),
  /** The expiry the milestone was counted from. */
  expires_at: z.string(),
  email_status: z.nullable(z.enum(REMINDER_CHANNEL_STATUSES)),
  telegram_status: z.nullable(z.enum(REMINDER_CHANNEL_STATUSES)),
  /** Null while a node is still sending it (or all its channels failed and it waits for another try). */
  sent_at: z.nullable(z.string()),
});
export type SentReminder = z.infer<typeof sentReminder>;
export const sentRemindersAnswer = ok({ data: z.array(sentReminder) });
export type SentRemindersAnswer = z.infer<typeof sentRemindersAnswer>;

export const reminderPreviewQuery = z.object({ language: optionalField(z.enum(LOCALES, 'validation.invalid')) });
export const reminderPreview = z.object({ language: z.enum(LOCALES), subject: z.string(), text: z.string(), html: z.string() });
export type ReminderPreview = z.infer<typeof reminderPreview>;
export const reminderPreviewAnswer = ok({ data: reminderPreview });

/** A signed link's token: URL-safe base64, short. Anything longer names nothing. */
export const reminderTokenParam = z.object({ token: z.string().check(z.maxLength(128, 'validation.invalid')) });

/** What the store's renewal page opens with. */
export const renewal = z.object({
  slug: z.string(),
  product_id: z.number(),
  mac_address: z.string(),
  /** The product's apps: what the renewal activates on the MAC. */
  app_ids: z.array(z.number()),
});
export type Renewal = z.infer<typeof renewal>;
export const renewalAnswer = ok({ data: renewal });

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['storefront'];
const permission = 'storefront';

const MILESTONES =
  'A milestone is due when the expiry is within that many days: a day-before milestone `d` from `d` days before the expiry until the expiry (0 before is never due: the expiry has come; use 0 after); a day-after milestone `d` from `d` days after the expiry until the next larger day-after milestone, or for one day for the largest. Only the nearest due milestone of a device is sent, once per expiry (a device found 2 days before its expiry with 7, 3, 1 gets the 3-day one, never the 7): a renewed device starts again from its new expiry. Lifetime and disabled devices, devices another account has since activated, customers who unsubscribed, and stores turned off get none.';

export const reminderSettingsEndpoint = endpoint({
  method: 'GET',
  path: '/storefront/reminders',
  tags,
  permission,
  description: `The store's customer reminders: on or off (off until turned on), the days before and after a device's expiry (defaults 7, 3, 1 and 1). 404 STOREFRONT_NOT_SET_UP before the store is set up.`,
  answer: reminderSettingsAnswer,
});

export const saveReminderSettingsEndpoint = endpoint({
  method: 'PUT',
  path: '/storefront/reminders',
  tags,
  permission,
  description: `Each day is a whole number from 0 to 30, each once (422 on \`days_before\` or \`days_after\`); the lists are answered in time order. Reminders go out from REMINDER_HOUR, once across all nodes, by e-mail and by Telegram when the customer linked its chat, each with a renewal link valid ${RENEWAL_LINK_DAYS} days and a one-click unsubscribe (RFC 8058). ${MILESTONES} 404 STOREFRONT_NOT_SET_UP before the store is set up.`,
  body: reminderSettingsInput,
  answer: reminderSettingsAnswer,
});

export const sentRemindersEndpoint = endpoint({
  method: 'GET',
  path: '/storefront/reminders/sent',
  tags,
  permission,
  description: `The caller's last ${REMINDERS_SENT_LIST} customer reminders, newest first: the customer, the device, the milestone, the expiry, and the status of each channel.`,
  answer: sentRemindersAnswer,
});

export const reminderPreviewEndpoint = endpoint({
  method: 'GET',
  path: '/storefront/reminders/preview',
  tags,
  permission,
  description: "The reminder mail as a customer gets it in `language` (default: the store's), filled with example values. 404 STOREFRONT_NOT_SET_UP before the store is set up.",
  query: reminderPreviewQuery,
  answer: reminderPreviewAnswer,
});

export const publicRenewalEndpoint = endpoint({
  method: 'GET',
  path: '/public/renewals/:token',
  tags,
  public: true,
  security: [],
  description: `A reminder's renewal link (\`/store/:slug/renew/:token\`), read by the store's page to open pre-filled: the store's slug, the product to buy again (the one the device was last sold with, else the store's first active product for its app), the MAC and the product's apps. The token is signed by the panel and valid ${RENEWAL_LINK_DAYS} days. A bad, altered or expired token, a customer or device no longer linked, or a closed store: 404 REMINDER_LINK_NOT_FOUND. The order placed from it is an ordinary storefront order.`,
  params: reminderTokenParam,
  answer: renewalAnswer,
});

export const unsubscribeRemindersEndpoint = endpoint({
  method: 'POST',
  path: '/public/reminders/unsubscribe/:token',
  tags,
  public: true,
  security: [],
  description:
    "The `List-Unsubscribe` address of every reminder mail (RFC 8058 one-click: the body `List-Unsubscribe=One-Click` as application/x-www-form-urlencoded or multipart/form-data, or none). Stops the reminders of the customer the signed token names; its reseller can turn them on again. Posting again changes nothing. A bad token: 404 REMINDER_LINK_NOT_FOUND.",
  params: reminderTokenParam,
  consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  answer: okEnvelope,
});
