import type { SQL } from 'drizzle-orm';
import { TICKET_REPLY_EXCERPT_MAX, type WebhookEventData } from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { inSandbox } from '../../db/sandbox.js';
import type { Ctx } from '../../http/context.js';
import { emitEvent, eventWithin } from './outbox.js';

/**
 * The business events of issue 25, emitted where they happen (activation, credit, payments, codes,
 * tickets, reminders), each in the transaction of what it reports through the outbox (`emitEvent`).
 * Their `data` shapes are the contract's (`WebhookEventData`).
 */

/**
 * The sandbox's moves are not the business's: its accounts are the live ones, so its events would
 * reach the live endpoints as if real. It emits nothing, and its balance (a sandbox copy) never
 * touches the live account's low-balance state.
 */
export const emitsEvents = (ctx: Pick<Ctx, 'db' | 'sandboxDb'>) => !inSandbox(ctx);

/** One event of `type` for `userId` in `tx`, typed by the contract; nothing in the sandbox. */
export async function emit<T extends keyof WebhookEventData>(ctx: Pick<Ctx, 'db' | 'sandboxDb'> | null, tx: DbOrTx, userId: number, type: T, data: WebhookEventData[T]) {
  if (ctx && !emitsEvents(ctx)) return null;
  return emitEvent(tx, { userId, type, data });
}

/**
 * `emit` as a write of another statement (`eventWithin`): `computed` gives the data's fields only
 * that statement knows, as expressions. Null in the sandbox (nothing to write).
 */
export function emitWithin<T extends keyof WebhookEventData, K extends keyof WebhookEventData[T] & string>(
  ctx: Pick<Ctx, 'db' | 'sandboxDb'>,
  tx: DbOrTx,
  userId: number,
  type: T,
  data: Omit<WebhookEventData[T], K>,
  computed: Record<K, SQL>,
): SQL | null {
  if (!emitsEvents(ctx)) return null;
  return eventWithin(tx, { userId, type, data }, computed);
}

/** A comment as a ticket event quotes it: whitespace collapsed, at most TICKET_REPLY_EXCERPT_MAX characters. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= TICKET_REPLY_EXCERPT_MAX ? flat : `${flat.slice(0, TICKET_REPLY_EXCERPT_MAX - 1)}…`;
}

/** The last 4 characters of a code's value: enough to tell it apart, not enough to redeem it. */
export const last4 = (value: string) => value.slice(-4);
