import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { WebhookEventType } from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { derivedWritten } from '../../lib/derived-signal.js';

/** The channel the delivery workers LISTEN on: a NOTIFY at the commit of a new delivery wakes them at once. */
export const WEBHOOK_CHANNEL = 'webhook_deliveries';

/** A new event id: the `webhook-id` header, the same on every attempt and redelivery. */
export function newEventId(): string {
  return `evt_${randomBytes(18).toString('base64url')}`;
}

/**
 * Records an event in the transaction of what it reports (the outbox): a rolled-back change never
 * sends, a committed one always does. One insert, without a look-up (issue 45: the transaction may
 * hold an account's balance row): the fold after the commit (src/modules/derived) turns it into a
 * `webhook_events` row with a delivery for every enabled endpoint that then wants it (`fanOut`).
 * `data` carries `account_id`: a parent's endpoint tells its sub-resellers' events apart by it.
 * `endpointId` (the test event) goes to that one endpoint at once, whatever it subscribes to.
 * Answers the event's id.
 */
export async function emitEvent(
  tx: DbOrTx,
  event: { userId: number; type: WebhookEventType; data: Record<string, unknown>; endpointId?: number },
): Promise<string> {
  const id = newEventId();
  const data = { account_id: event.userId, ...event.data };
  if (event.endpointId !== undefined) {
    await fanOut(tx, [{ id, userId: event.userId, type: event.type, data, endpointId: event.endpointId }]);
    return id;
  }
  await tx.execute(eventInsert(id, { ...event, data }));
  derivedWritten(tx);
  return id;
}

/**
 * An event's outbox row inside another statement of `tx` (a CTE of a sale's debit, see
 * credit.repository's `move`): `computed` are the data's fields only that statement knows (the
 * balance after the debit), as expressions.
 */
export function eventWithin(tx: DbOrTx, event: { userId: number; type: WebhookEventType; data: Record<string, unknown> }, computed: Record<string, SQL>): SQL {
  derivedWritten(tx);
  return eventInsert(newEventId(), { ...event, data: { account_id: event.userId, ...event.data } }, computed);
}

function eventInsert(id: string, event: { userId: number; type: string; data: Record<string, unknown> }, computed: Record<string, SQL> = {}): SQL {
  const fields = Object.entries(computed).map(([name, value]) => sql`${name}::text, ${value}`);
  const data = fields.length === 0 ? sql`${JSON.stringify(event.data)}::jsonb` : sql`${JSON.stringify(event.data)}::jsonb || jsonb_build_object(${sql.join(fields, sql`, `)})`;
  return sql`insert into outbox (kind, event_id, user_id, type, data) values ('event', ${id}, ${event.userId}, ${event.type}, ${data})`;
}

/** An event as `fanOut` writes it: `createdAt` (its transaction's time) is its `timestamp`; `endpointId`: to that endpoint only. */
export type EventToSend = { id: string; userId: number; type: string; data: Record<string, unknown>; createdAt?: Date | string; endpointId?: number };

/**
 * The events' `webhook_events` rows and a delivery for every enabled endpoint that wants each (the
 * account's own, and its parent's that include sub-resellers), in the events' order, in one
 * statement; an event nobody wants writes nothing (nor one of an account deleted since). The NOTIFY
 * wakes the delivery workers at the commit. Answers how many deliveries it queued.
 */
export async function fanOut(tx: DbOrTx, events: readonly EventToSend[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = events.map((e, n) => ({ n, id: e.id, user_id: e.userId, type: e.type, data: e.data, created_at: e.createdAt ?? null, endpoint_id: e.endpointId ?? null }));
  const result = await tx.execute(sql`
    with ev as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as e(n integer, id text, user_id integer, type text, data jsonb, created_at timestamptz, endpoint_id integer)
    ),
    targets as (
      select ev.n, ev.id as event_id, e.id as endpoint_id
      from ev join users u on u.id = ev.user_id
      join webhook_endpoints e on (ev.endpoint_id is not null and e.id = ev.endpoint_id)
        or (ev.endpoint_id is null and e.enabled and ev.type = any(e.events)
            and (e.user_id = ev.user_id or (e.include_sub_resellers and e.user_id = u.parent_reseller_id)))
    ),
    inserted as (
      insert into webhook_events (id, user_id, type, data, created_at)
      select ev.id, ev.user_id, ev.type, ev.data, coalesce(ev.created_at, now()) from ev
      where exists (select 1 from targets t where t.event_id = ev.id) order by ev.n
      returning id
    ),
    queued as (
      insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
      select t.event_id, t.endpoint_id, now() from targets t join inserted i on i.id = t.event_id order by t.n, t.endpoint_id
      returning event_id
    )
    select count(*)::int as n, case when count(*) > 0 then pg_notify(${WEBHOOK_CHANNEL}, '') end from queued`);
  return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
