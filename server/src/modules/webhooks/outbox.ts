import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';

/** The channel the delivery workers LISTEN on: a NOTIFY at the commit of a new delivery wakes them at once. */
export const WEBHOOK_CHANNEL = 'webhook_deliveries';

/** A new event id: the `webhook-id` header, the same on every attempt and redelivery. */
export function newEventId(): string {
  return `evt_${randomBytes(18).toString('base64url')}`;
}

/**
 * Records an event in the transaction of what it reports (the outbox): a rolled-back change never
 * sends, a committed one always does. One statement: the event and a delivery for every enabled
 * endpoint that wants it (the account's own, and its parent's that include sub-resellers); nothing
 * is written when no endpoint wants it, so an account without webhooks pays one index look-up.
 * `data` carries `account_id`: a parent's endpoint tells its sub-resellers' events apart by it.
 * The NOTIFY it issues reaches the workers at commit (never for a rolled-back transaction), so a
 * committed event leaves within milliseconds; without it they would find it at their next poll.
 * Returns the event id, or null when nobody listens.
 */
export async function emitEvent(
  tx: DbOrTx,
  event: { userId: number; type: WebhookEventType; data: Record<string, unknown>; endpointId?: number },
): Promise<string | null> {
  const id = newEventId();
  const data = JSON.stringify({ account_id: event.userId, ...event.data });
  // `endpointId`: the test event and redelivery go to one endpoint, whatever it subscribes to.
  const targets = event.endpointId
    ? sql`select e.id from webhook_endpoints e where e.id = ${event.endpointId}`
    : sql`select e.id from webhook_endpoints e
          where e.enabled and ${event.type} = any(e.events)
            and (e.user_id = ${event.userId}
                 or (e.include_sub_resellers and e.user_id = (select parent_reseller_id from users where id = ${event.userId})))`;
  const result = await tx.execute(sql`
    with targets as (${targets}),
    ev as (
      insert into webhook_events (id, user_id, type, data)
      select ${id}, ${event.userId}, ${event.type}, ${data}::jsonb where exists (select 1 from targets)
      returning id
    ),
    ins as (
      insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
      select ev.id, targets.id, now() from ev, targets
      returning event_id
    )
    select event_id as id, pg_notify(${WEBHOOK_CHANNEL}, '') from ins limit 1`);
  return (result as { rows: unknown[] }).rows.length > 0 ? id : null;
}
