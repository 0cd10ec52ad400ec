import * as z from 'zod/mini';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';
import { defaultedField, idParam, optionalField, pageNumberField, queryInt } from './fields.js';

/**
 * Webhooks (issue 25): an account's endpoints are told what happened, signed by the Standard
 * Webhooks specification. The event types are contract: bots switch on them.
 */
export const WEBHOOK_EVENT_TYPES = [
  'activation.succeeded',
  'activation.undone',
  'credit.received',
  'credit.sent',
  'credit.low',
  'payment.completed',
  'payment.failed',
  'code.redeemed',
  'code.deleted',
  'device.expiring',
  'ticket.replied',
  'order.awaiting_approval',
  'order.activated',
  'order.waiting_credit',
  'order.failed',
] as const;
/** `webhook.test` is sent by the test button only; an endpoint never subscribes to it. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | 'webhook.test';

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** An account's endpoints, at most. */
export const WEBHOOK_ENDPOINTS_MAX = 16;
/** How much of a receiver's answer a delivery attempt keeps (and reads at most). */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 1024;
/** A rolled secret keeps signing beside the new one this long, unless ended at once. */
export const WEBHOOK_ROLL_OVERLAP_HOURS = 24;
/** An endpoint that failed every attempt this long is turned off (`disabled_reason` 'failing') and its owner mailed. */
export const WEBHOOK_FAILING_DISABLE_DAYS = 5;
/** Deliveries and their attempts are kept this long, then deleted. */
export const WEBHOOK_KEEP_DAYS = 30;
/** How long the receiver has to answer (connection, headers and the first 1 KB). */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** The Profile → Integrations screen: the mail that tells of a turned-off endpoint links to it. */
export const INTEGRATIONS_PATH = '/profile/integrations';
/**
 * `error` of an attempt that got no answer: the receiver did not answer in time, the address is
 * refused (private or reserved, checked on the address connected to), or the connection failed
 * (refused, reset, unknown host, TLS). An answer with any status has `status_code` and no error.
 */
export const WEBHOOK_ATTEMPT_ERRORS = ['timeout', 'address_refused', 'connection_failed'] as const;
export type WebhookAttemptError = (typeof WEBHOOK_ATTEMPT_ERRORS)[number];

export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES, 'validation.webhookEvent');

const webhookFields = {
  /** Checked again on the server: scheme, credentials, length, and the address it resolves to. */
  url: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(WEBHOOK_URL_MAX, 'validation.tooLong')),
  description: optionalField(z.string().check(z.trim(), z.maxLength(WEBHOOK_DESCRIPTION_MAX, 'validation.tooLong'))),
  events: z.array(webhookEventType).check(z.minLength(1, 'validation.webhookEventsRequired')),
  /** Also the direct sub-resellers' events (the parent's own endpoint). */
  include_sub_resellers: z.optional(z.boolean()),
};

export const webhookCreateInput = z.object(webhookFields);
export type WebhookCreateInput = z.infer<typeof webhookCreateInput>;

export const webhookUpdateInput = z.object({ ...webhookFields, enabled: z.optional(z.boolean()) });
export type WebhookUpdateInput = z.infer<typeof webhookUpdateInput>;

export const webhookRollInput = z.object({ expire_now: z.optional(z.boolean()) });
/** The roll's body may be left out: the previous secret then keeps signing for the overlap. */
export const webhookRollBody = z.nullish(webhookRollInput);

/** An endpoint as its owner's list shows it: never its secret. */
export const webhookEndpoint = z.object({
  id: z.number(),
  url: z.string(),
  description: z.nullable(z.string()),
  events: z.array(z.string()),
  include_sub_resellers: z.boolean(),
  enabled: z.boolean(),
  /** Why the panel turned it off: the receiver answered 410 Gone, or failed everything for 5 days. */
  disabled_reason: z.nullable(z.enum(['gone', 'failing'])),
  /** Until when the previous secret signs beside the current one (after a roll). */
  previous_secret_expires_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhooksAnswer = ok({ data: z.array(webhookEndpoint) });
export const webhookAnswer = ok({ data: webhookEndpoint });
/** Creation, roll and reveal: the secret, in the one answer made for it. */
export const webhookSecretAnswer = ok({ data: z.extend(webhookEndpoint, { secret: z.string() }) });
export type WebhookSecretAnswer = z.infer<typeof webhookSecretAnswer>;

export const webhookAttempt = z.object({
  attempted_at: z.string(),
  /** Null: no answer (time-out, refused connection, refused address). */
  status_code: z.nullable(z.number()),
  duration_ms: z.number(),
  /** The first 1 KB of the answer. */
  response_body: z.nullable(z.string()),
  error: z.nullable(z.string()),
});

export const webhookDelivery = z.object({
  id: z.number(),
  /** The `webhook-id` header: the same on every attempt and redelivery. */
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  next_attempt_at: z.nullable(z.string()),
  created_at: z.string(),
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveriesAnswer = ok({
  data: z.array(webhookDelivery),
  /** `has_more`: an older page exists (the list is not counted). */
  meta: z.optional(z.object({ current_page: z.number(), per_page: z.number(), has_more: z.boolean() })),
});
export type WebhookDeliveriesAnswer = z.infer<typeof webhookDeliveriesAnswer>;
export const webhookDeliveryAnswer = ok({ data: webhookDelivery });

/** GET /api/webhooks/:id/deliveries: newest first, `limit` (at most 100, default 20) per page. */
export const webhookDeliveriesQuery = z.object({
  page: pageNumberField,
  limit: defaultedField(z.pipe(queryInt(1, Number.MAX_SAFE_INTEGER), z.transform((n: number) => Math.min(n, 100))), 20),
});

/** POST /api/webhooks/:id/test: the test event's id (its `webhook-id`), queued for the endpoint. */
export const webhookTestAnswer = ok({ data: z.object({ event_id: z.string(), delivery_id: z.number() }) });

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────
// Profile → Integrations: the caller's webhook endpoints. Another account's endpoint or delivery answers 404.

const tags = ['webhooks'];
const permission = 'webhooks';
const EVENTS = WEBHOOK_EVENT_TYPES.map((e) => `\`${e}\``).join(', ');

export const webhooksEndpoint = endpoint({
  method: 'GET',
  path: '/webhooks',
  tags,
  permission,
  description: "The caller's webhook endpoints, oldest first, without their secrets.",
  answer: webhooksAnswer,
});

export const createWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/webhooks',
  tags,
  permission,
  description:
    `Adds an endpoint (at most 16 per account) and answers it with its signing \`secret\` (\`whsec_\` + base64), to verify the \`webhook-signature\` header with. ` +
    `\`events\`: any of ${EVENTS}. \`include_sub_resellers\`: also the direct sub-resellers' events. ` +
    'The URL must be https (http only for hosts of WEBHOOK_ALLOWED_HOSTS or with WEBHOOK_ALLOW_PRIVATE), without credentials, and its host must not resolve to a loopback, private, link-local or reserved address: otherwise 422 on `url` with the reason.',
  body: webhookCreateInput,
  answer: webhookSecretAnswer,
  status: 201,
});

export const updateWebhookEndpoint = endpoint({
  method: 'PUT',
  path: '/webhooks/:id',
  tags,
  permission,
  description:
    'Replaces the endpoint\'s URL, description, events and `include_sub_resellers` (checked as on creation); `enabled` turns it off or on (on again after the panel turned it off: `disabled_reason` is cleared and waiting deliveries go).',
  params: idParam,
  body: webhookUpdateInput,
  answer: webhookAnswer,
});

export const deleteWebhookEndpoint = endpoint({
  method: 'DELETE',
  path: '/webhooks/:id',
  tags,
  permission,
  description: 'Deletes the endpoint, its deliveries and their attempts.',
  params: idParam,
  answer: okEnvelope,
});

export const testWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/webhooks/:id/test',
  tags,
  permission,
  description: 'Queues a `webhook.test` event to this endpoint only (whatever events it wants); it is sent within seconds. 409 when the endpoint is off.',
  params: idParam,
  answer: webhookTestAnswer,
});

export const rollWebhookSecretEndpoint = endpoint({
  method: 'POST',
  path: '/webhooks/:id/roll-secret',
  tags,
  permission,
  description:
    'A new signing secret, answered once here. The previous one keeps signing beside it (both signatures in `webhook-signature`) for 24 hours, or stops at once with `expire_now`. Needs a recent second factor when the account has one (403 STEP_UP_REQUIRED).',
  params: idParam,
  body: webhookRollBody,
  answer: webhookSecretAnswer,
});

export const webhookSecretEndpoint = endpoint({
  method: 'GET',
  path: '/webhooks/:id/secret',
  tags,
  permission,
  description: 'The endpoint with its current signing secret. Needs a recent second factor when the account has one (403 STEP_UP_REQUIRED).',
  params: idParam,
  answer: webhookSecretAnswer,
});

export const webhookDeliveriesEndpoint = endpoint({
  method: 'GET',
  path: '/webhooks/:id/deliveries',
  tags,
  permission,
  description:
    'The endpoint\'s deliveries of the last 30 days, newest first, `limit` per page (default 20, at most 100): the event, its status and next attempt, and each attempt with its time, status code (null: no answer, see `error`), duration and the first 1 KB of the answer.',
  params: idParam,
  query: webhookDeliveriesQuery,
  answer: webhookDeliveriesAnswer,
});

export const redeliverWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/webhook-deliveries/:id/redeliver',
  tags,
  permission,
  description:
    'Sends the delivery again within seconds, with the same `webhook-id` (a receiver that already has it can tell). A finished delivery gets one more attempt; a pending one is brought forward. 409 when the endpoint is off.',
  params: idParam,
  answer: webhookDeliveryAnswer,
});

// ---------------------------------------------------------------------------------------------
// What each event's `data` holds (issue 25). Every event's `data` also carries `account_id`: the
// account it happened to (a parent's endpoint with `include_sub_resellers` tells its
// sub-resellers' events apart by it). Dates are ISO 8601 strings in UTC; amounts are whole credit
// points. Events are emitted for the live side only: the sandbox's moves send nothing.
// ---------------------------------------------------------------------------------------------

const isoDate = z.string();
/** The other account of a credit move. */
const webhookAccount = z.object({ id: z.number(), name: z.string(), email: z.string() });

/**
 * `activation.succeeded`: one paid activation of one MAC address in one or more apps (the
 * multi-app call, and each successful row of a bulk file or of Renewals due). A device is one
 * MAC address in one app: each app names its device row and that device's new expiry.
 */
export const activationSucceededData = z.object({
  device: z.object({ mac_address: z.string() }),
  apps: z.array(z.object({ id: z.number(), name: z.string(), device_id: z.number(), expires_at: z.nullable(isoDate) })),
  /** As the activation lists answer it: '1-Year' or 'Lifetime'. */
  package: z.enum(['1-Year', 'Lifetime']),
  /** The soonest new expiry of the apps; null for Lifetime. */
  expires_at: z.nullable(isoDate),
  cost: z.number(),
  balance_after: z.number(),
  /** Where it was made: the multi-app call, or a bulk file (Renewals due runs one too). */
  source: z.enum(['multi-app', 'bulk-file', 'storefront']),
  ledger_id: z.number(),
});

/**
 * `credit.sent` and `credit.received` follow the points: `credit.sent` goes to the account whose
 * balance went down by a move to another account, `credit.received` to the one whose balance went
 * up. A share (recharge, add credit) is sent by the giver; a withdrawal (deduct) is sent by the
 * sub-reseller the points were taken from, `tr_type` 'Withdraw' telling it was its parent's move.
 * An admin's self credit, and a refund (an undone activation, issue 27), is `credit.received` with no counterparty. Spends (activations, codes)
 * and purchases are reported by their own events, not by these.
 */
export const creditMovedData = z.object({
  amount: z.number(),
  counterparty: z.nullable(webhookAccount),
  balance_after: z.number(),
  /** The ledger's type: 'Added Credit', 'Withdraw', 'Added Self Credit' or 'Refund'. */
  tr_type: z.string(),
  ledger_id: z.number(),
});

/**
 * `credit.low`: a move took the balance under the account's own line (Integrations). Sent once
 * per fall: not again until a move brings the balance back to or above the line.
 */
export const creditLowData = z.object({ balance: z.number(), threshold: z.number() });

const webhookOrder = z.object({
  order_id: z.string(),
  /** completed, failed, or cancelled (the buyer gave up or the checkout expired). */
  status: z.enum(['completed', 'failed', 'cancelled']),
  amount: z.string(),
  currency: z.string(),
});

/** The plan the order bought (its id null once the plan is gone; the name is the order's copy). */
const webhookPlan = z.object({ id: z.nullable(z.number()), name: z.string() });

/** `payment.completed`: an order was paid and its points credited. */
export const paymentCompletedData = z.object({
  order: webhookOrder,
  plan: webhookPlan,
  points: z.number(),
  balance_after: z.number(),
});

/** `payment.failed`: an order closed without payment (failed, or cancelled); nothing was credited. */
export const paymentFailedData = z.object({
  order: webhookOrder,
  plan: webhookPlan,
  points: z.number(),
});

/**
 * `code.redeemed`: a player redeemed one of the account's activation codes. The code's value
 * still works as a bearer secret until reset, so only its last 4 digits are told (`last4`), as
 * a card's are; the id finds it in the codes list.
 */
export const codeRedeemedData = z.object({
  code: z.object({ id: z.number(), last4: z.string(), type: z.enum(['yearly', 'lifetime']), expires_at: z.nullable(isoDate) }),
  device: z.object({ id: z.number(), mac_address: z.string() }),
  app: z.object({ id: z.number(), name: z.string() }),
  /** The device's expiry after the redeem; null for lifetime. */
  expires_at: z.nullable(isoDate),
});

/**
 * `activation.undone` (issue 27): one activation row (one app of a request) was undone, the device
 * put back as it was and the row's cost given back to the account that paid it, which gets the
 * event. `refunded_points` may be 0 (a request's cost split over more apps than points).
 */
export const activationUndoneData = z.object({
  activation_id: z.number(),
  device: z.object({ id: z.number(), mac_address: z.string() }),
  app: z.object({ id: z.number(), name: z.string() }),
  package: z.enum(['1-Year', 'Lifetime']),
  refunded_points: z.number(),
  /** The payer's balance after the refund. */
  balance_after: z.number(),
  /** The refund's ledger row; null when nothing was refunded. */
  ledger_id: z.nullable(z.number()),
});

/**
 * `code.deleted` (issue 27): an activation code was deleted; within the undo window an unredeemed
 * one's price went back (`refunded_points`, else 0). Sent to the account that paid for the code.
 * As for `code.redeemed`, the value is never sent: its last 4 digits only.
 */
export const codeDeletedData = z.object({
  code: z.object({ id: z.number(), last4: z.string(), type: z.enum(['yearly', 'lifetime']) }),
  refunded_points: z.number(),
});

/**
 * `device.expiring`: once a day with the expiry reminder, the account's devices (not lifetime,
 * not disabled) ending within `within_days` days, soonest first, at most 100 of `total`
 * (EXPIRY_REMINDER_MAX_ROWS). Sent
 * whether the reminder mail is switched on or off: the switch is the mail's.
 */
export const deviceExpiringData = z.object({
  day: z.string(),
  within_days: z.number(),
  devices: z.array(z.object({ id: z.number(), mac_address: z.string(), app: z.object({ id: z.number(), name: z.string() }), expires_at: isoDate })),
  total: z.number(),
});

/** `ticket.replied`: someone else (the support side) commented on the account's ticket. */
export const ticketRepliedData = z.object({
  ticket: z.object({ id: z.number(), subject: z.string(), status: z.string() }),
  reply: z.object({
    id: z.number(),
    author: z.object({ id: z.number(), name: z.string() }),
    created_at: isoDate,
    /** The first 200 characters of the comment, its whitespace collapsed. */
    excerpt: z.string(),
  }),
});

/**
 * `order.*` (issue 43): a storefront order moved. `awaiting_approval`: a manual order waits for the
 * reseller; `activated`: delivered and charged; `waiting_credit`: paid, the balance does not cover
 * it (it activates by itself when credit arrives); `failed`: paid but undeliverable, refund the customer.
 */
export const storeOrderEventData = z.object({
  order: z.object({
    id: z.number(),
    status: z.string(),
    method: z.enum(['stripe', 'manual']),
    product: z.object({ id: z.number(), name: z.string() }),
    app_ids: z.array(z.number()),
    package: z.enum(['one_year', 'lifetime']),
    price: z.number(),
    currency: z.string(),
    credit_cost: z.number(),
    mac_address: z.string(),
    email: z.string(),
    /** Once activated: the new expiry; null for lifetime or before. */
    expires_at: z.nullable(isoDate),
    /** `failed`: why, as a message key. */
    failure_reason: z.nullable(z.string()),
  }),
});

/** The `data` of each event type, as the panel sends it (`account_id` added to each). */
export type WebhookEventData = {
  'activation.succeeded': z.infer<typeof activationSucceededData>;
  'credit.received': z.infer<typeof creditMovedData>;
  'credit.sent': z.infer<typeof creditMovedData>;
  'credit.low': z.infer<typeof creditLowData>;
  'payment.completed': z.infer<typeof paymentCompletedData>;
  'payment.failed': z.infer<typeof paymentFailedData>;
  'code.redeemed': z.infer<typeof codeRedeemedData>;
  'code.deleted': z.infer<typeof codeDeletedData>;
  'activation.undone': z.infer<typeof activationUndoneData>;
  'device.expiring': z.infer<typeof deviceExpiringData>;
  'ticket.replied': z.infer<typeof ticketRepliedData>;
  'order.awaiting_approval': z.infer<typeof storeOrderEventData>;
  'order.activated': z.infer<typeof storeOrderEventData>;
  'order.waiting_credit': z.infer<typeof storeOrderEventData>;
  'order.failed': z.infer<typeof storeOrderEventData>;
};

/**
 * Each event type's `data` schema (without `account_id`, which every event adds): the OpenAPI
 * document publishes them as components (`WebhookEvent.<type>`) for bot authors.
 */
export const WEBHOOK_EVENT_DATA = {
  'activation.succeeded': activationSucceededData,
  'activation.undone': activationUndoneData,
  'credit.received': creditMovedData,
  'credit.sent': creditMovedData,
  'credit.low': creditLowData,
  'payment.completed': paymentCompletedData,
  'payment.failed': paymentFailedData,
  'code.redeemed': codeRedeemedData,
  'code.deleted': codeDeletedData,
  'device.expiring': deviceExpiringData,
  'ticket.replied': ticketRepliedData,
  'order.awaiting_approval': storeOrderEventData,
  'order.activated': storeOrderEventData,
  'order.waiting_credit': storeOrderEventData,
  'order.failed': storeOrderEventData,
} as const satisfies Record<(typeof WEBHOOK_EVENT_TYPES)[number], z.ZodMiniType>;

export const TICKET_REPLY_EXCERPT_MAX = 200;

// ---------------------------------------------------------------------------------------------
// The low-balance line (Profile → Integrations): GET and PATCH /api/profile/low-credit.
// ---------------------------------------------------------------------------------------------

export const LOW_CREDIT_THRESHOLD_MAX = 1_000_000_000;

/** A whole number from 0 to LOW_CREDIT_THRESHOLD_MAX, as a number or its digits; null or '' for none. */
export const lowCreditBody = z.object({
  threshold: z.pipe(
    z.transform((value: unknown): unknown => (value === '' || value === undefined ? null : value)),
    z.nullable(
      z.pipe(
        z.union([z.number('validation.lowCreditThreshold'), z.pipe(z.string('validation.lowCreditThreshold').check(z.regex(/^\d{1,15}$/, 'validation.lowCreditThreshold')), z.transform(Number))], 'validation.lowCreditThreshold'),
        z.int('validation.lowCreditThreshold').check(z.minimum(0, 'validation.lowCreditThreshold'), z.maximum(LOW_CREDIT_THRESHOLD_MAX, 'validation.lowCreditThresholdMax')),
      ),
    ),
  ),
});
export type LowCreditBody = z.infer<typeof lowCreditBody>;
export const lowCreditAnswer = ok({ data: z.object({ threshold: z.nullable(z.number()) }) });

/**
 * The low-balance line's calls, served by the profile module: declared here beside their schemas,
 * so that auth.ts, which /login loads, does not bring this file to the sign-in screen.
 */
export const lowCreditEndpoint = endpoint({
  method: 'GET',
  path: '/profile/low-credit',
  tags: ['profile'],
  description: "The account's low-balance threshold for the `credit.low` webhook event; null when none.",
  answer: lowCreditAnswer,
});

export const updateLowCreditEndpoint = endpoint({
  method: 'PATCH',
  path: '/profile/low-credit',
  tags: ['profile'],
  description: `threshold: a whole number from 0 to ${LOW_CREDIT_THRESHOLD_MAX} (digits accepted), or null or '' for none. A move that takes the balance under it sends one \`credit.low\` event, not again until the balance is back at or above it. Setting it sends nothing; a balance already at or above the new line re-arms the event.`,
  body: lowCreditBody,
  answer: lowCreditAnswer,
});
