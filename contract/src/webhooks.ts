import * as z from 'zod/mini';
import { ok } from './common.js';
import { defaultedField, optionalField, pageNumberField, queryInt } from './fields.js';

/**
 * Webhooks (issue 25): an account's endpoints are told what happened, signed by the Standard
 * Webhooks specification. The event types are contract: bots switch on them.
 */
export const WEBHOOK_EVENT_TYPES = [
  'activation.succeeded',
  'credit.received',
  'credit.sent',
  'credit.low',
  'payment.completed',
  'payment.failed',
  'code.redeemed',
  'device.expiring',
  'ticket.replied',
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
export const webhookDeliveryAnswer = ok({ data: webhookDelivery });

/** GET /api/webhooks/:id/deliveries: newest first, `limit` (at most 100, default 20) per page. */
export const webhookDeliveriesQuery = z.object({
  page: pageNumberField,
  limit: defaultedField(z.pipe(queryInt(1, Number.MAX_SAFE_INTEGER), z.transform((n: number) => Math.min(n, 100))), 20),
});

/** POST /api/webhooks/:id/test: the test event's id (its `webhook-id`), queued for the endpoint. */
export const webhookTestAnswer = ok({ data: z.object({ event_id: z.string(), delivery_id: z.number() }) });
