import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { INTEGRATIONS_PATH, WEBHOOK_FAILING_DISABLE_DAYS, WEBHOOK_KEEP_DAYS, WEBHOOK_TIMEOUT_SECONDS } from '@panel/contract';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import type { Mailer } from '../../mail/mailer.js';
import { accountLocale, webhookDisabledMail } from '../../mail/templates.js';
import { decryptSecret, serverKey } from '../../lib/server-key.js';
import { checkUrlForm, deliveryAgents, hostOf, type DeliveryAgents } from './address-guard.js';
import { WEBHOOK_CHANNEL } from './outbox.js';
import { sendAttempt, signatureHeader, type AttemptResult } from './sender.js';
import type { PanelMetrics, WebhookOutcome } from '../metrics/panel-metrics.js';

/**
 * The delivery worker, one in each API node (started by src/start.ts), all on one database:
 *
 * - A claim is one statement: the due deliveries (pending, `next_attempt_at` passed, endpoint on),
 *   `FOR UPDATE SKIP LOCKED` so that nodes claiming at once take different rows, get
 *   `next_attempt_at = now() + lease` and their attempt counted, and the claim commits before
 *   anything is sent. A node that dies after that leaves a delivery whose lease runs out: another
 *   node takes it again (the receiver may then get it twice, with the same `webhook-id`).
 * - The outcome is recorded only if the delivery is still this claim's (its attempt count
 *   unchanged): a node whose lease ran out while it waited cannot undo a later attempt's outcome.
 * - New deliveries wake the workers through NOTIFY at their commit (outbox.ts); a poll every
 *   second finds the retries that fell due and anything a lost notification missed.
 */

export type WebhookWorkerDeps = {
  /** The live database (never the sandbox's: its webhook tables are the live ones anyway). */
  db: Db;
  /** For LISTEN; without it the worker only polls. */
  database?: Pick<Database, 'listen'>;
  mailer: Mailer;
  config: Pick<Config, 'webhooks' | 'publicUrl' | 'serverKey' | 'dataDir'>;
  log: FastifyBaseLogger;
  /** Counts each attempt's outcome once recorded; a worker without it (some tests) counts nothing. */
  metrics?: PanelMetrics;
};

export type WebhookWorkerOptions = {
  /** How often due deliveries are looked for without a notification: 1 s. */
  pollMs?: number;
  /** Deliveries in flight at once, per node: 8. */
  concurrency?: number;
  /** The time a receiver has, connection and answer: WEBHOOK_TIMEOUT_SECONDS. */
  timeoutMs?: number;
  /** How long a claim is this node's before another node may take the delivery again: the time-out and a minute. */
  leaseMs?: number;
  /** How often deliveries past WEBHOOK_KEEP_DAYS are deleted: hourly. */
  cleanupMs?: number;
  /** Called each time a claim comes back (every poll at the least): readiness's heartbeat of this worker. */
  heartbeat?: () => void;
};

export type WebhookWorker = {
  /** Looks for due deliveries now (what a notification does). */
  wake(): void;
  /** Resolves when nothing is in flight: no claim, no delivery. */
  settled(): Promise<void>;
  /** Stops claiming; resolves when the deliveries in flight are recorded. */
  stop(): Promise<void>;
};

/** A claimed delivery with what sending it needs. */
export type ClaimedDelivery = {
  id: number;
  eventId: string;
  attempt: number;
  endpointId: number;
  url: string;
  secretEncrypted: string;
  previousSecretEncrypted: string | null;
  type: string;
  data: unknown;
  createdAt: Date;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Claims up to `limit` due deliveries for `leaseMs` (committed when it returns): see the top of
 * this file. Exported for the tests, which stand for a node that dies after claiming.
 */
export async function claimDeliveries(db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with due as (
      select d.id from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id
      where d.status = 'pending' and d.next_attempt_at <= now() and e.enabled
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked
    ),
    claimed as (
      update webhook_deliveries d
      set next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}), attempt_count = d.attempt_count + 1
      from due where d.id = due.id
      returning d.id, d.event_id, d.endpoint_id, d.attempt_count
    )
    select c.id, c.event_id, c.attempt_count, c.endpoint_id, e.url, e.secret_encrypted,
      case when e.previous_secret_expires_at > now() then e.previous_secret_encrypted end as previous_secret_encrypted,
      ev.type, ev.data, ev.created_at
    from claimed c
    join webhook_endpoints e on e.id = c.endpoint_id
    join webhook_events ev on ev.id = c.event_id`);
  return rowsOf<{
    id: number;
    event_id: string;
    attempt_count: number;
    endpoint_id: number;
    url: string;
    secret_encrypted: string;
    previous_secret_encrypted: string | null;
    type: string;
    data: unknown;
    created_at: Date | string;
  }>(result).map((r) => ({
    id: Number(r.id),
    eventId: r.event_id,
    attempt: Number(r.attempt_count),
    endpointId: Number(r.endpoint_id),
    url: r.url,
    secretEncrypted: r.secret_encrypted,
    previousSecretEncrypted: r.previous_secret_encrypted,
    type: r.type,
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as unknown) : r.data,
    createdAt: new Date(r.created_at),
  }));
}

/** The request of one attempt: the Standard Webhooks headers and the JSON body `{ type, timestamp, data }`. */
export function deliveryRequest(key: Buffer, delivery: ClaimedDelivery, at: Date) {
  const body = JSON.stringify({ type: delivery.type, timestamp: delivery.createdAt.toISOString(), data: delivery.data });
  const secrets = [delivery.secretEncrypted, delivery.previousSecretEncrypted].filter((s): s is string => s !== null).map((s) => decryptSecret(key, s));
  return {
    body,
    headers: {
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatureHeader(secrets, delivery.eventId, at, body),
    },
  };
}

function outcomeOf(result: AttemptResult, attempt: number, schedule: number[]): WebhookOutcome {
  if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) return 'succeeded';
  if (result.statusCode === 410) return 'gone';
  return attempt <= schedule.length ? 'retry' : 'failed';
}

/**
 * Records an attempt and its consequences in one transaction: the attempt row; the delivery's
 * status and next attempt (only while the claim is still this one's); the endpoint's failing
 * streak, and its turning off on 410 Gone or after WEBHOOK_FAILING_DISABLE_DAYS of failures.
 * Answers the owner to mail when this attempt turned a failing endpoint off.
 */
async function record(db: Db, delivery: ClaimedDelivery, at: Date, result: AttemptResult, schedule: number[], outcome: WebhookOutcome) {
  if (outcome === 'succeeded') {
    // The common case in one round trip: three tables, each row written once.
    await db.execute(sql`
      with attempt as (
        insert into webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, response_body, error)
        values (${delivery.id}, ${at.toISOString()}::timestamptz, ${result.statusCode}, ${result.durationMs}, ${result.body}, ${result.error})
      ),
      delivered as (
        update webhook_deliveries set status = 'succeeded', next_attempt_at = null
        where id = ${delivery.id} and attempt_count = ${delivery.attempt} and status = 'pending'
      )
      update webhook_endpoints set failing_since = null where id = ${delivery.endpointId} and failing_since is not null`);
    return null;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, response_body, error)
      values (${delivery.id}, ${at.toISOString()}::timestamptz, ${result.statusCode}, ${result.durationMs}, ${result.body}, ${result.error})`);
    const status = outcome === 'retry' ? 'pending' : 'failed';
    const next = outcome === 'retry' ? sql`now() + make_interval(secs => ${schedule[delivery.attempt - 1]!})` : sql`null`;
    await tx.execute(sql`
      update webhook_deliveries set status = ${status}, next_attempt_at = ${next}
      where id = ${delivery.id} and attempt_count = ${delivery.attempt} and status = 'pending'`);
    if (outcome === 'gone') {
      await tx.execute(sql`
        update webhook_endpoints set enabled = false, disabled_reason = 'gone', updated_at = now()
        where id = ${delivery.endpointId} and enabled`);
      return null;
    }
    // A failure: the streak starts now if it had not; five days of it turn the endpoint off.
    await tx.execute(sql`
      update webhook_endpoints set failing_since = coalesce(failing_since, ${at.toISOString()}::timestamptz)
      where id = ${delivery.endpointId}`);
    // Of nodes recording at once, one turns it off (the row lock re-reads \`enabled\`): one mail.
    const turnedOff = await tx.execute(sql`
      update webhook_endpoints set enabled = false, disabled_reason = 'failing', updated_at = now()
      where id = ${delivery.endpointId} and enabled and failing_since < now() - make_interval(days => ${WEBHOOK_FAILING_DISABLE_DAYS})
      returning user_id, url, description`);
    const [owner] = rowsOf<{ user_id: number; url: string; description: string | null }>(turnedOff);
    return owner ?? null;
  });
}

/** Tells the owner of an endpoint the panel turned off, in the language it last used. */
async function mailTurnedOff(deps: WebhookWorkerDeps, endpoint: { user_id: number; url: string; description: string | null }) {
  const [owner] = rowsOf<{ name: string; email: string; locale: string | null }>(
    await deps.db.execute(sql`select name, email, locale from users where id = ${endpoint.user_id} and deleted_at is null`),
  );
  if (!owner) return;
  const host = hostOf(new URL(endpoint.url));
  const label = endpoint.description ? `${endpoint.description} (${host})` : host;
  await deps.mailer.send(
    webhookDisabledMail(accountLocale(owner.locale), owner, { label, days: WEBHOOK_FAILING_DISABLE_DAYS, link: `${deps.config.publicUrl}${INTEGRATIONS_PATH}` }),
  );
}

/**
 * Deletes deliveries (their attempts with them) older than WEBHOOK_KEEP_DAYS, then the events left
 * without any delivery (their endpoints deleted, or their deliveries gone), a batch at a time so
 * that no statement holds many rows. Several nodes may run it at once: each deletes what is left.
 */
export async function cleanupWebhooks(db: Db, batch = 5000): Promise<{ deliveries: number; events: number }> {
  let deliveries = 0;
  let events = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from webhook_deliveries where id in (
        select id from webhook_deliveries where created_at < now() - make_interval(days => ${WEBHOOK_KEEP_DAYS}) limit ${batch})`);
    const n = (result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0;
    deliveries += n;
    if (n < batch) break;
  }
  for (;;) {
    // An event is written with its deliveries in one statement: an hour-old one without any lost them.
    const result = await db.execute(sql`
      delete from webhook_events where id in (
        select e.id from webhook_events e
        where e.created_at < now() - interval '1 hour'
          and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)
        limit ${batch})`);
    const n = (result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0;
    events += n;
    if (n < batch) break;
  }
  return { deliveries, events };
}

export function startWebhookWorker(deps: WebhookWorkerDeps, options: WebhookWorkerOptions = {}): WebhookWorker {
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 8;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000;
  const leaseMs = options.leaseMs ?? timeoutMs + 60_000;
  const cleanupMs = options.cleanupMs ?? 3_600_000;
  const heartbeat = options.heartbeat ?? (() => undefined);
  const schedule = deps.config.webhooks.retrySchedule;
  const key = serverKey(deps.config);
  const agents: DeliveryAgents = deliveryAgents(deps.config.webhooks);

  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  let filling: Promise<void> | undefined;
  let again = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let cleaning: Promise<void> | undefined;
  let lastCleanup = 0;
  let unlisten: (() => Promise<void>) | undefined;

  /** One delivery: sign, send, record; never throws (a failure to record leaves the claim to expire and be retried). */
  const deliver = async (delivery: ClaimedDelivery) => {
    const at = new Date();
    let result: AttemptResult;
    // The URL's form is checked again at each attempt: the settings may have changed since it was saved.
    const form = checkUrlForm(deps.config.webhooks, delivery.url);
    if (!('url' in form)) {
      result = { statusCode: null, durationMs: 0, body: null, error: 'address_refused' };
    } else {
      result = await sendAttempt(form.url, deliveryRequest(key, delivery, at), { agents, timeoutMs });
    }
    const outcome = outcomeOf(result, delivery.attempt, schedule);
    const turnedOff = await record(deps.db, delivery, at, result, schedule, outcome);
    // Once the attempt is recorded (committed): an attempt whose record failed is retried, and counted then.
    deps.metrics?.webhookAttempt(outcome);
    if (turnedOff) {
      deps.log.warn({ endpointId: delivery.endpointId }, 'webhook endpoint turned off after failing for days');
      await mailTurnedOff(deps, turnedOff).catch((error: unknown) => deps.log.error({ err: error, endpointId: delivery.endpointId }, 'webhook turned-off mail not sent'));
    }
  };

  /** Claims for the free slots and starts each delivery; again while a claim comes back full. */
  const fill = async () => {
    do {
      again = false;
      while (!stopped && inFlight.size < concurrency) {
        const claimed = await claimDeliveries(deps.db, concurrency - inFlight.size, leaseMs);
        for (const delivery of claimed) {
          const running: Promise<void> = deliver(delivery)
            .catch((error: unknown) => deps.log.error({ err: error, deliveryId: delivery.id }, 'webhook delivery not recorded; retried when its claim expires'))
            .finally(() => {
              inFlight.delete(running);
              // Half the slots free: look for more at once rather than at the next poll.
              if (inFlight.size <= concurrency / 2) wake();
            });
          inFlight.add(running);
        }
        if (claimed.length === 0) break;
      }
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (filling) {
      again = true;
      return;
    }
    filling = fill()
      .catch((error: unknown) => deps.log.error({ err: error }, 'webhook claim failed; retrying at the next poll'))
      .finally(() => {
        filling = undefined;
        // A claim came back (deliveries or none): the loop is alive. A claim that never returns stops the beats.
        heartbeat();
      });
  };

  const poll = () => {
    if (stopped) return;
    wake();
    if (!cleaning && Date.now() - lastCleanup >= cleanupMs) {
      lastCleanup = Date.now();
      cleaning = cleanupWebhooks(deps.db)
        .then((n) => {
          if (n.deliveries + n.events > 0) deps.log.info(n, 'old webhook deliveries deleted');
        })
        .catch((error: unknown) => deps.log.error({ err: error }, 'webhook clean-up failed'))
        .finally(() => {
          cleaning = undefined;
        });
    }
    pollTimer = setTimeout(poll, pollMs);
    pollTimer.unref();
  };

  const listening = deps.database
    ?.listen(WEBHOOK_CHANNEL, wake)
    .then((stop) => {
      if (stopped) return stop();
      unlisten = stop;
    })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'webhook notifications unavailable: polling only'));
  // The first clean-up a minute after start: not in the way of a starting node.
  lastCleanup = Date.now() - cleanupMs + Math.min(cleanupMs, 60_000);
  poll();

  const settled = async () => {
    while (filling || inFlight.size > 0 || cleaning) {
      await Promise.allSettled([filling, cleaning, ...inFlight]);
    }
  };
  return {
    wake,
    settled,
    async stop() {
      stopped = true;
      clearTimeout(pollTimer);
      await listening;
      await unlisten?.();
      await settled();
      agents.destroy();
    },
  };
}
