import * as z from 'zod/mini';
import { ok, listMeta } from './common.js';
import { LOCALES } from './constants.js';
import { dateField, dateRangeChecks } from './credit.js';
import { macAddressField } from './devices.js';
import { endpoint } from './endpoint.js';
import { emailField, idLikeField, idParam, keywordField, nameField, noNul, optionalField, pageNumberField, pageSizeField } from './fields.js';
import { STOREFRONT_METHODS, STOREFRONT_PACKAGES, storefrontSlugParam } from './storefront.js';

/**
 * Storefront orders (issue 43): a customer's purchase on a store, and its way from payment to
 * activation. The customer holds its order by `order_token`; the reseller sees and acts on its own.
 */

/**
 * - `pending_payment`: a card order whose Checkout the customer has not paid yet.
 * - `awaiting_approval`: a manual order, waiting for the reseller to see the money and approve it.
 * - `waiting_credit`: paid, but the reseller's balance does not cover it: it activates by itself,
 *   oldest first, as soon as credit arrives (or on retry).
 * - `activated`: the device is activated; the receipt is sent.
 * - `failed`: paid, but it can no longer be delivered (the device became lifetime meanwhile…): the
 *   reseller refunds the customer, the panel never holds its money.
 * - `rejected`: a manual order the reseller turned down; nothing was charged.
 */
export const STORE_ORDER_STATUSES = ['pending_payment', 'awaiting_approval', 'waiting_credit', 'activated', 'failed', 'rejected'] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

export const REJECT_REASON_MAX = 500;
/** Orders a client address may place a minute on the public API. */
export const STORE_ORDERS_PER_MINUTE = 30;

// ---------------------------------------------------------------------------------------------
// The customer's side
// ---------------------------------------------------------------------------------------------

/** POST /api/public/storefronts/:slug/orders. */
export const placeStoreOrderBody = z.object({
  product_id: idLikeField('validation.invalid'),
  mac_address: macAddressField(),
  email: emailField,
  name: optionalField(nameField),
  method: z.enum(STOREFRONT_METHODS, 'validation.invalid'),
  language: optionalField(z.enum(LOCALES, 'validation.invalid')),
});
export type PlaceStoreOrderInput = z.input<typeof placeStoreOrderBody>;
export type PlaceStoreOrderBody = z.output<typeof placeStoreOrderBody>;

export const placedStoreOrder = z.object({
  id: z.number(),
  status: z.enum(STORE_ORDER_STATUSES),
  /** 256 random bits: the customer's only key to the order (GET /api/public/orders/:id). Answered once. */
  order_token: z.string(),
  /** Card orders: Stripe Checkout, where the customer pays. */
  checkout_url: z.optional(z.string()),
  /** Manual orders: how to pay, in the reseller's words. */
  instructions: z.optional(z.string()),
  /** When the store has a Telegram bot (issue 44): `https://t.me/<bot>?start=<customer code>`, to get the receipt and reminders there. */
  telegram_url: z.optional(z.string()),
});
export type PlacedStoreOrder = z.infer<typeof placedStoreOrder>;
export const placedStoreOrderAnswer = ok({ data: placedStoreOrder });

export const publicStoreOrder = z.object({
  id: z.number(),
  status: z.enum(STORE_ORDER_STATUSES),
  method: z.enum(STOREFRONT_METHODS),
  product_name: z.string(),
  package: z.enum(STOREFRONT_PACKAGES),
  apps: z.array(z.object({ id: z.number(), name: z.string() })),
  mac_address: z.string(),
  price: z.number(),
  currency: z.string(),
  /** Manual orders while they wait: how to pay. */
  instructions: z.nullable(z.string()),
  /** Once activated: the device's new expiry; null for lifetime. */
  expires_at: z.nullable(z.string()),
  is_lifetime: z.boolean(),
  /** Why a failed or rejected order ended, in the caller's language. */
  reason: z.nullable(z.string()),
  created_at: z.string(),
  activated_at: z.nullable(z.string()),
  /** When the store has a Telegram bot (issue 44): the customer's start link to it (receipts, reminders, /status). */
  telegram_url: z.optional(z.string()),
});
export type PublicStoreOrder = z.infer<typeof publicStoreOrder>;
export const publicStoreOrderAnswer = ok({ data: publicStoreOrder });

// ---------------------------------------------------------------------------------------------
// The reseller's side
// ---------------------------------------------------------------------------------------------

export const storeOrder = z.object({
  id: z.number(),
  status: z.enum(STORE_ORDER_STATUSES),
  method: z.enum(STOREFRONT_METHODS),
  product: z.object({ id: z.number(), name: z.string() }),
  apps: z.array(z.object({ id: z.number(), name: z.string() })),
  package: z.enum(STOREFRONT_PACKAGES),
  price: z.number(),
  currency: z.string(),
  credit_cost: z.number(),
  mac_address: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  language: z.enum(LOCALES),
  customer_id: z.nullable(z.number()),
  paid_at: z.nullable(z.string()),
  activated_at: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  is_lifetime: z.boolean(),
  /** Failed: why, as a message key and in the caller's language. */
  failure: z.nullable(z.object({ code: z.string(), message: z.string() })),
  reject_reason: z.nullable(z.string()),
  stripe_session_id: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StoreOrder = z.infer<typeof storeOrder>;
export const storeOrderAnswer = ok({ data: storeOrder });

export const storeOrdersQuery = z
  .object({
    page: pageNumberField,
    per_page: pageSizeField,
    status: optionalField(z.enum(STORE_ORDER_STATUSES, 'validation.invalid')),
    method: optionalField(z.enum(STOREFRONT_METHODS, 'validation.invalid')),
    date_from: optionalField(dateField),
    date_to: optionalField(dateField),
    /** A MAC address (or its start), an e-mail (or part of it), or an order id. */
    search: keywordField,
  })
  .check(...dateRangeChecks('date_from', 'date_to'));
export type StoreOrdersQuery = z.infer<typeof storeOrdersQuery>;
export const storeOrdersAnswer = ok({ data: z.array(storeOrder), meta: listMeta });
export type StoreOrdersAnswer = z.infer<typeof storeOrdersAnswer>;

export const rejectStoreOrderBody = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(REJECT_REASON_MAX, 'validation.tooLong'), noNul),
});
export type RejectStoreOrderBody = z.infer<typeof rejectStoreOrderBody>;

export const STORE_ORDERS_CSV_COLUMNS = ['id', 'created_at', 'status', 'method', 'product', 'mac_address', 'email', 'name', 'price', 'currency', 'credit_cost', 'activated_at', 'expires_at'] as const;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['storefront'];
const permission = 'storefront';

export const placeStoreOrderEndpoint = endpoint({
  method: 'POST',
  path: '/public/storefronts/:slug/orders',
  tags,
  public: true,
  security: [],
  description:
    "A customer's order, without a session. Checked before any money is taken, each a 422 naming its field: `mac_address` malformed, never registered by a player on every app of the product (the customer opens the app on the TV first), lifetime already or disabled on one of them; `email` malformed; `method` not set up on this store; `product_id` not an active product of this store. Answers 201 with `order_token` (keep it: it is the only key to the order, and is never answered again), and `checkout_url` (card: Stripe Checkout) or `instructions` (manual: how to pay; the reseller approves). 30 orders a minute per client address (429 with Retry-After). 404 STOREFRONT_NOT_FOUND when the store is closed.",
  params: storefrontSlugParam,
  body: placeStoreOrderBody,
  answer: placedStoreOrderAnswer,
  status: 201,
});

export const publicStoreOrderEndpoint = endpoint({
  method: 'GET',
  path: '/public/orders/:id',
  tags,
  public: true,
  security: [{ bearer: [] }],
  description:
    'The order as its customer sees it, with `Authorization: Bearer <order_token>`: its status and, once activated, the new expiry. Without the token, or with another order\'s: 404 ORDER_NOT_FOUND (the same answer as for an unknown id).',
  params: idParam,
  answer: publicStoreOrderAnswer,
});

export const storeOrdersEndpoint = endpoint({
  method: 'GET',
  path: '/storefront/orders',
  tags,
  permission,
  description:
    "The caller's store orders, newest first, in capped pages. Filters: `status`, `method`, `date_from`/`date_to` (yyyy-mm-dd, both included, at most 3 months apart), `search` (a MAC address or its start, part of an e-mail, or an order id). `total_capped` says `total` is a lower bound.",
  query: storeOrdersQuery,
  answer: storeOrdersAnswer,
});

/** A CSV download: the answer is the file. */
export const storeOrdersExportEndpoint = endpoint({
  method: 'GET',
  path: '/storefront/orders/export',
  tags,
  permission,
  description: `The orders of GET /api/storefront/orders's filters as CSV, oldest first: ${STORE_ORDERS_CSV_COLUMNS.join(', ')}. Cells starting with = + - @ are prefixed with a quote.`,
  query: storeOrdersQuery,
});

export const storeOrderEndpoint = endpoint({
  method: 'GET',
  path: '/storefront/orders/:id',
  tags,
  permission,
  description: "One of the caller's orders; another account's answers 404 ORDER_NOT_FOUND.",
  params: idParam,
  answer: storeOrderAnswer,
});

export const approveStoreOrderEndpoint = endpoint({
  method: 'POST',
  path: '/storefront/orders/:id/approve',
  tags,
  permission,
  description:
    "The reseller saw the money of a manual order (`awaiting_approval`): the device is activated at once, the caller's credit charged with its ledger row, exactly once however many approvals race. When the balance does not cover it the order becomes `waiting_credit`; when it can no longer be delivered, `failed`. Any other status: 409 ORDER_STATE.",
  params: idParam,
  answer: storeOrderAnswer,
});

export const rejectStoreOrderEndpoint = endpoint({
  method: 'POST',
  path: '/storefront/orders/:id/reject',
  tags,
  permission,
  description: 'Ends a manual order that waits for approval, with `reason` (shown to the customer); nothing is charged. Any other status: 409 ORDER_STATE.',
  params: idParam,
  body: rejectStoreOrderBody,
  answer: storeOrderAnswer,
});

export const retryStoreOrderEndpoint = endpoint({
  method: 'POST',
  path: '/storefront/orders/:id/retry',
  tags,
  permission,
  description:
    'Tries a `waiting_credit` order again now (it also activates by itself when credit arrives). It stays `waiting_credit` while the balance does not cover it. Any other status: 409 ORDER_STATE.',
  params: idParam,
  answer: storeOrderAnswer,
});
