import * as z from 'zod/mini';
import { ok } from './common.js';
import { defaultedField, pageNumberField, pageSizeField, queryInt } from './fields.js';
import { endpoint } from './endpoint.js';

/**
 * Renewals due (issue 13): the caller's activated devices whose paid time ends soon, so that a
 * reseller renews them before the customer calls.
 */

/** How far ahead the list may look, in days. */
export const EXPIRING_WITHIN_DAYS_MIN = 1;
export const EXPIRING_WITHIN_DAYS_MAX = 400;
/** The horizon when the call does not name one (an empty value too). */
export const EXPIRING_WITHIN_DAYS_DEFAULT = 30;
/** The horizons the Renewals due screen offers as tabs. */
export const EXPIRING_WITHIN_DAYS_TABS = [7, 30, 90, 365] as const;

/** GET /api/expiring-devices. */
export const expiringDevicesQuery = z.object({
  within_days: defaultedField(
    queryInt(EXPIRING_WITHIN_DAYS_MIN, EXPIRING_WITHIN_DAYS_MAX, {
      min: 'validation.withinDays',
      max: 'validation.withinDays',
      invalid: 'validation.withinDays',
    }),
    EXPIRING_WITHIN_DAYS_DEFAULT,
  ),
  page_number: pageNumberField,
  page_size: pageSizeField,
});
export type ExpiringDevicesQuery = z.infer<typeof expiringDevicesQuery>;
export type ExpiringDevicesParams = z.input<typeof expiringDevicesQuery>;

/** One device (an application and a MAC address) whose paid time ends within the horizon. */
export const expiringDevice = z.object({
  /** The device's id. */
  id: z.number(),
  mac_address: z.string(),
  app_id: z.number(),
  /** The application's name. */
  app: z.string(),
  /** ISO time the paid time ends. */
  expire_date: z.string(),
  /** The reseller whose activation the device carries. */
  reseller_id: z.number(),
  reseller_email: z.string(),
  /** The remark of the device's latest activation (null when it had none). */
  remark: z.nullable(z.string()),
});
export type ExpiringDevice = z.infer<typeof expiringDevice>;

export const expiringDevicesAnswer = ok({
  data: z.object({
    data: z.array(expiringDevice),
    within_days: z.number(),
    current_page: z.number(),
    last_page: z.number(),
    total: z.number(),
    /** True when more devices match than the server counts (1,000 past the page's first row): `total` is a lower bound. */
    total_capped: z.boolean(),
  }),
});
export type ExpiringDevicesAnswer = z.infer<typeof expiringDevicesAnswer>;

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

export const expiringDevicesEndpoint = endpoint({
  method: 'GET',
  path: '/expiring-devices',
  tags: ['activation'],
  permission: 'platform-users list',
  description:
    "Renewals due. Permission `platform-users list` (the activated apps list's). The caller's activated devices and its sub-resellers' (an admin: every reseller's) whose expiry falls within the next `within_days` days (1 to 400, default 30 when missing or empty; anything else is a 422), soonest first; never lifetime, disabled or already expired devices. Each row carries the application, the activating reseller's e-mail and the remark of the device's latest activation. Paged by `page_number` and `page_size` (at most 100).",
  query: expiringDevicesQuery,
  answer: expiringDevicesAnswer,
});
