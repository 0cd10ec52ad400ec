import * as z from 'zod/mini';
import { ok, okEnvelope, listMeta } from './common.js';
import { LOCALES } from './constants.js';
import { macAddressField } from './devices.js';
import { endpoint } from './endpoint.js';
import { emailField, idLikeField, idParam, keywordField, nameField, noNul, optionalField, pageNumberField, pageSizeField, queryInt, ID_MAX } from './fields.js';
import { STORE_ORDER_STATUSES } from './store-orders.js';

/**
 * A reseller's customers (issue 43): filed by e-mail when they order from the store, or added by
 * hand, with the devices they own. Every customer is its account's own.
 */

export const CUSTOMER_PHONE_MAX = 40;
export const CUSTOMER_NOTES_MAX = 2000;
export const CUSTOMERS_CSV_COLUMNS = ['id', 'name', 'email', 'phone', 'language', 'devices', 'orders', 'created_at'] as const;

/** POST /api/customers and PUT /api/customers/:id: a name or an e-mail at least (422 on `name`). */
export const customerInput = z
  .object({
    name: optionalField(nameField),
    email: optionalField(emailField),
    phone: optionalField(z.string().check(z.trim(), z.maxLength(CUSTOMER_PHONE_MAX, 'validation.tooLong'), z.regex(/^[+\d][\d\s().-]*$/, 'validation.phoneInvalid'))),
    language: optionalField(z.enum(LOCALES, 'validation.invalid')),
    notes: optionalField(z.string().check(z.trim(), z.maxLength(CUSTOMER_NOTES_MAX, 'validation.tooLong'), noNul)),
  })
  .check(z.refine((v) => Boolean(v.name || v.email), { message: 'validation.customerNameOrEmail', path: ['name'] }));
export type CustomerInput = z.input<typeof customerInput>;
export type CustomerFields = z.output<typeof customerInput>;

export const customerDevice = z.object({
  /** The link's device id (DELETE /api/customers/:id/devices/:deviceId). */
  device_id: z.number(),
  mac_address: z.string(),
  app: z.object({ id: z.number(), name: z.string() }),
  expires_at: z.string(),
  is_lifetime: z.boolean(),
  is_trial: z.boolean(),
  status: z.enum(['active', 'expired', 'disabled']),
});
export type CustomerDevice = z.infer<typeof customerDevice>;

export const customer = z.object({
  id: z.number(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  language: z.enum(LOCALES),
  notes: z.nullable(z.string()),
  devices_count: z.number(),
  orders_count: z.number(),
  /** Its reminders (issue 44): off since it unsubscribed, or its reseller turned them off. */
  reminders: z.object({ enabled: z.boolean(), off_since: z.nullable(z.string()) }),
  /** Whether it linked its Telegram chat with the store's bot (issue 44). */
  telegram_linked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customer>;

/** A customer's page: its devices with app, expiry and status, and its orders (newest first, the last 50). */
export const customerDetail = z.extend(customer, {
  devices: z.array(customerDevice),
  orders: z.array(
    z.object({
      id: z.number(),
      status: z.enum(STORE_ORDER_STATUSES),
      product_name: z.string(),
      mac_address: z.string(),
      price: z.number(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

export const customersQuery = z.object({
  page: pageNumberField,
  per_page: pageSizeField,
  /** Part of a name, an e-mail or a phone number, or a MAC address (or its start). */
  search: keywordField,
});
export type CustomersQuery = z.infer<typeof customersQuery>;

export const customersAnswer = ok({ data: z.array(customer), meta: listMeta });
export type CustomersAnswer = z.infer<typeof customersAnswer>;
export const customerAnswer = ok({ data: customerDetail });

/** POST /api/customers/:id/devices. */
export const linkCustomerDeviceBody = z.object({ mac_address: macAddressField(), app_id: idLikeField('validation.invalid') });
export type LinkCustomerDeviceBody = z.output<typeof linkCustomerDeviceBody>;

/** PUT /api/customers/:id/reminders (issue 44). */
export const customerRemindersBody = z.object({ enabled: z.boolean('validation.invalid') });

export const customerDeviceParams = z.object({
  id: queryInt(1, ID_MAX, { min: 'validation.invalid', max: 'validation.invalid' }),
  deviceId: queryInt(1, ID_MAX, { min: 'validation.invalid', max: 'validation.invalid' }),
});

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['customers'];
const permission = 'storefront';

export const customersEndpoint = endpoint({
  method: 'GET',
  path: '/customers',
  tags,
  permission,
  description: "The caller's customers, newest first, in capped pages; `search` matches part of a name, e-mail or phone number, or a MAC address of one of its devices. `total_capped` says `total` is a lower bound.",
  query: customersQuery,
  answer: customersAnswer,
});

/** A CSV download: the answer is the file. */
export const customersExportEndpoint = endpoint({
  method: 'GET',
  path: '/customers/export',
  tags,
  permission,
  description: `The caller's customers (GET /api/customers's search) as CSV: ${CUSTOMERS_CSV_COLUMNS.join(', ')}. Cells starting with = + - @ are prefixed with a quote.`,
  query: customersQuery,
});

export const createCustomerEndpoint = endpoint({
  method: 'POST',
  path: '/customers',
  tags,
  permission,
  description: 'Adds a customer by hand: a name or an e-mail at least. An e-mail already on file for the caller: 422 on `email`.',
  body: customerInput,
  answer: customerAnswer,
  status: 201,
});

export const customerEndpoint = endpoint({
  method: 'GET',
  path: '/customers/:id',
  tags,
  permission,
  description: "A customer's page: its details, its devices (app, expiry, status) and its orders. Another account's: 404 CUSTOMER_NOT_FOUND.",
  params: idParam,
  answer: customerAnswer,
});

export const updateCustomerEndpoint = endpoint({
  method: 'PUT',
  path: '/customers/:id',
  tags,
  permission,
  description: 'Replaces the customer\'s details (checked as on creation).',
  params: idParam,
  body: customerInput,
  answer: customerAnswer,
});

export const deleteCustomerEndpoint = endpoint({
  method: 'DELETE',
  path: '/customers/:id',
  tags,
  permission,
  description: 'Removes the customer and its device links. Its orders stay, without it.',
  params: idParam,
  answer: okEnvelope,
});

export const linkCustomerDeviceEndpoint = endpoint({
  method: 'POST',
  path: '/customers/:id/devices',
  tags,
  permission,
  description:
    "Links a device to the customer: one the caller activated, or one a player registered that is still on its trial (the customer about to buy). Any other device: 422 on `mac_address`. Linking it again changes nothing.",
  params: idParam,
  body: linkCustomerDeviceBody,
  answer: customerAnswer,
});

export const unlinkCustomerDeviceEndpoint = endpoint({
  method: 'DELETE',
  path: '/customers/:id/devices/:deviceId',
  tags,
  permission,
  description: 'Unlinks the device from the customer; the device itself is unchanged.',
  params: customerDeviceParams,
  answer: customerAnswer,
});

export const customerRemindersEndpoint = endpoint({
  method: 'PUT',
  path: '/customers/:id/reminders',
  tags,
  permission,
  description: "Turns the customer's reminders on again (after it unsubscribed) or off (issue 44). Answers its page, with `reminders.off_since`.",
  params: idParam,
  body: customerRemindersBody,
  answer: customerAnswer,
});
