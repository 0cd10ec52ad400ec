import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_ROLL_OVERLAP_HOURS,
  type WebhookCreateInput,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookUpdateInput,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { requireStepUp } from '../../http/step-up.js';
import { audit } from '../../lib/audit.js';
import { decryptSecret, encryptSecret, serverKey } from '../../lib/server-key.js';
import { checkWebhookUrl, hostOf } from './address-guard.js';
import { emitEvent, WEBHOOK_CHANNEL } from './outbox.js';

// What other modules use to emit their events: they reach the webhooks module through this file only.
export { emit, emitsEvents, emitWithin, excerptOf, last4 } from './events.js';
export { emitEvent, fanOut, newEventId, type EventToSend } from './outbox.js';
import { newWebhookSecret } from './sender.js';

/**
 * An account's webhook endpoints (issue 25): each account manages its own, whatever its role;
 * another account's endpoint or delivery answers 404 as if it did not exist. The secret is stored
 * encrypted with the server key and answered only by creation, a roll and the reveal.
 */

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Advisory lock namespace of an account's endpoint creations. */
const WEBHOOK_LOCK = 4_242_025;

const shown = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  include_sub_resellers: row.includeSubResellers,
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  // A passed overlap is no overlap: the worker signs with the previous secret only before it.
  previous_secret_expires_at:
    row.previousSecretEncrypted && row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > Date.now()
      ? row.previousSecretExpiresAt.toISOString()
      : null,
  created_at: row.createdAt.toISOString(),
});

/** The caller's endpoint `id`, or 404 (another account's too). */
async function ownEndpoint(ctx: Ctx, id: number, db: DbOrTx = ctx.db): Promise<EndpointRow> {
  const me = callerOf(ctx);
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, me.userId)));
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
  return row;
}

/** The URL's rules (scheme, credentials, the address it resolves to): a 422 on `url` with the reason. */
async function checkUrl(ctx: Ctx, url: string) {
  const refusal = await checkWebhookUrl(ctx.config.webhooks, url);
  if (refusal) throw new AppError('VALIDATION', { fields: { url: [refusal.key] }, params: refusal.params });
}

const host = (url: string) => hostOf(new URL(url));

export async function list(ctx: Ctx): Promise<WebhookEndpoint[]> {
  const me = callerOf(ctx);
  const rows = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, me.userId)).orderBy(webhookEndpoints.id);
  return rows.map(shown);
}

export async function create({ ctx, input }: { ctx: Ctx; input: WebhookCreateInput }) {
  const me = callerOf(ctx);
  await checkUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const events = [...new Set(input.events)];
  const row = await ctx.db.transaction(async (tx) => {
    // Two creations at once must not both pass the count: one account's creations take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(${WEBHOOK_LOCK}, ${me.userId})`);
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, me.userId));
    if (n >= WEBHOOK_ENDPOINTS_MAX) throw new AppError('WEBHOOK_LIMIT', { params: { max: WEBHOOK_ENDPOINTS_MAX } });
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        userId: me.userId,
        url: input.url,
        description: input.description ?? null,
        events,
        includeSubResellers: input.include_sub_resellers ?? false,
        secretEncrypted: encryptSecret(serverKey(ctx.config), secret),
      })
      .returning();
    await audit(
      ctx,
      {
        action: 'webhook.created',
        targetType: 'webhook',
        targetId: created!.id,
        details: { host: host(input.url), events: events, include_sub_resellers: created!.includeSubResellers },
      },
      tx,
    );
    return created!;
  });
  return { ...shown(row), secret };
}

/**
 * Replaces the endpoint's URL, description, events and sub-reseller flag; `enabled` when given.
 * Turning it on clears why the panel turned it off and its failing streak.
 */
export async function update({ ctx, id, input }: { ctx: Ctx; id: number; input: WebhookUpdateInput }) {
  await ownEndpoint(ctx, id);
  await checkUrl(ctx, input.url);
  const events = [...new Set(input.events)];
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        url: input.url,
        description: input.description ?? null,
        events,
        includeSubResellers: input.include_sub_resellers ?? false,
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        ...(input.enabled === true ? { disabledReason: null, failingSince: null } : {}),
        ...(input.enabled === false ? { disabledReason: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, callerOf(ctx).userId)))
      .returning();
    if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
    await audit(
      ctx,
      {
        action: 'webhook.updated',
        targetType: 'webhook',
        targetId: id,
        details: { host: host(row.url), events, include_sub_resellers: row.includeSubResellers, enabled: row.enabled },
      },
      tx,
    );
    // Turned on: what waited for it goes now.
    if (row.enabled) await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
    return shown(row);
  });
}

/** Deletes the endpoint with its deliveries and their attempts. */
export async function remove({ ctx, id }: { ctx: Ctx; id: number }) {
  const me = callerOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, me.userId)))
      .returning({ url: webhookEndpoints.url });
    if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
    await audit(ctx, { action: 'webhook.deleted', targetType: 'webhook', targetId: id, details: { host: host(row.url) } }, tx);
  });
}

/** Queues a `webhook.test` event to this endpoint only, whatever it subscribes to. */
export async function sendTest({ ctx, id }: { ctx: Ctx; id: number }) {
  const me = callerOf(ctx);
  const endpoint = await ownEndpoint(ctx, id);
  if (!endpoint.enabled) throw new AppError('WEBHOOK_DISABLED');
  return ctx.db.transaction(async (tx) => {
    const eventId = await emitEvent(tx, {
      userId: me.userId,
      type: 'webhook.test',
      endpointId: id,
      data: { endpoint_id: id, message: 'A test event from the reseller panel.' },
    });
    const [delivery] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.endpointId, id)));
    return { event_id: eventId, delivery_id: delivery!.id };
  });
}

/**
 * A new secret; the current one becomes the previous one and keeps signing beside it for
 * WEBHOOK_ROLL_OVERLAP_HOURS (receivers switch without losing an event), or stops at once with
 * `expire_now` (a leaked secret). After a step-up: the answer holds the new secret.
 */
export async function rollSecret({ ctx, id, input }: { ctx: Ctx; id: number; input: { expire_now?: boolean } }) {
  requireStepUp(ctx);
  const me = callerOf(ctx);
  const key = serverKey(ctx.config);
  const secret = newWebhookSecret();
  const expireNow = input.expire_now ?? false;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secretEncrypted: encryptSecret(key, secret),
        previousSecretEncrypted: expireNow ? null : webhookEndpoints.secretEncrypted,
        previousSecretExpiresAt: expireNow ? null : sql`now() + make_interval(hours => ${WEBHOOK_ROLL_OVERLAP_HOURS})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, me.userId)))
      .returning();
    if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
    await audit(ctx, { action: 'webhook.secret_rolled', targetType: 'webhook', targetId: id, details: { host: host(row.url), expire_now: expireNow } }, tx);
    return { ...shown(row), secret };
  });
}

/** The current secret, shown again: after a step-up when the account has a second factor. */
export async function revealSecret({ ctx, id }: { ctx: Ctx; id: number }) {
  requireStepUp(ctx);
  const row = await ownEndpoint(ctx, id);
  await audit(ctx, { action: 'webhook.secret_viewed', targetType: 'webhook', targetId: id, details: { host: host(row.url) } });
  return { ...shown(row), secret: decryptSecret(serverKey(ctx.config), row.secretEncrypted) };
}

type DeliveryRow = {
  id: number;
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
  createdAt: Date;
};

async function withAttempts(db: DbOrTx, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(webhookAttempts.attemptedAt, webhookAttempts.id)
    : [];
  return rows.map((r) => ({
    id: r.id,
    event_id: r.eventId,
    event_type: r.eventType,
    status: r.status,
    next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    attempts: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        attempted_at: a.attemptedAt.toISOString(),
        status_code: a.statusCode,
        duration_ms: a.durationMs,
        response_body: a.responseBody,
        error: a.error,
      })),
  }));
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookEvents.type,
  status: webhookDeliveries.status,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
};

/** The endpoint's deliveries, newest first, each with its attempts (oldest first). */
export async function deliveries({ ctx, id, query }: { ctx: Ctx; id: number; query: { page: number; limit: number } }) {
  await ownEndpoint(ctx, id);
  const rows = await ctx.db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const hasMore = rows.length > query.limit;
  return {
    data: await withAttempts(ctx.db, rows.slice(0, query.limit)),
    meta: { current_page: query.page, per_page: query.limit, has_more: hasMore },
  };
}

/**
 * Sends a delivery again, with the same `webhook-id`, within seconds. A finished one (succeeded or
 * failed) gets one more attempt, and no new series of retries if it fails; a pending one is
 * simply brought forward.
 */
export async function redeliver({ ctx, id }: { ctx: Ctx; id: number }) {
  const me = callerOf(ctx);
  const retries = ctx.config.webhooks.retrySchedule.length;
  return ctx.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ enabled: webhookEndpoints.enabled })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.userId, me.userId)));
    if (!owned) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
    if (!owned.enabled) throw new AppError('WEBHOOK_DISABLED');
    await tx.execute(sql`
      update webhook_deliveries set
        attempt_count = case when status = 'pending' then attempt_count else greatest(attempt_count, ${retries}) end,
        next_attempt_at = case when status = 'pending' then least(next_attempt_at, now()) else now() end,
        status = 'pending'
      where id = ${id}`);
    await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
    const rows = await tx
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.id, id));
    return (await withAttempts(tx, rows))[0]!;
  });
}
