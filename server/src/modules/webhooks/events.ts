import { inArray, sql } from 'drizzle-orm';
import { CREDIT_TR_TYPES, TICKET_REPLY_EXCERPT_MAX, type CreditTrType, type WebhookEventData, type WebhookEventType } from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Ctx } from '../../http/context.js';
import { afterCommit } from '../../db/after-commit.js';
import { mailLowCredit, type LowCredit } from '../credit/low-credit-mail.js';
import { emitEvent } from './outbox.js';

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
export const emitsEvents = (ctx: Pick<Ctx, 'db' | 'sandboxDb'>) => ctx.sandboxDb === undefined || ctx.db !== ctx.sandboxDb;

/** One event of `type` for `userId` in `tx`, typed by the contract; nothing in the sandbox. */
export async function emit<T extends keyof WebhookEventData>(ctx: Pick<Ctx, 'db' | 'sandboxDb'> | null, tx: DbOrTx, userId: number, type: T, data: WebhookEventData[T]) {
  if (ctx && !emitsEvents(ctx)) return null;
  return emitEvent(tx, { userId, type, data });
}

// ---------------------------------------------------------------------------------------------
// Credit moves: every balance change of the panel goes through `transfer` or the share function
// (credit.service), and both call `afterMove` in the move's transaction.
// ---------------------------------------------------------------------------------------------

export type MovedPoints = { trType: CreditTrType; amount: number; debitorId: number | null; creditorId: number | null };
export type MoveBalances = { ledgerId: number; debitorBalance: number | null; creditorBalance: number | null };

/** The moves between accounts (and an admin's self credit) that `credit.sent` / `credit.received` report. */
/** A refund (issue 27) is points received back: `credit.received`, from no counterparty. */
const SHARE_TYPES: readonly string[] = [CREDIT_TR_TYPES.added, CREDIT_TR_TYPES.withdraw, CREDIT_TR_TYPES.selfCredit, CREDIT_TR_TYPES.refund];

/** The events a share may send (`credit.low` aside, which any debit may). */
const SHARE_EVENTS = ['credit.sent', 'credit.received'] as const;

/**
 * What a committed move tells: `credit.low` (and the low-balance mail) for the debited account
 * when the move took it under its line (and the flag cleared for the credited account when it rose back), then `credit.sent`
 * and `credit.received` for a move between accounts. In the move's transaction, after it: the
 * accounts' rows are locked by the move already, so each round trip here holds them longer (one
 * hot account moves points for many requests). The line and whether any endpoint listens are one
 * statement; the events, their names and their rows are written only when one does.
 */
export async function afterMove(ctx: Ctx, tx: DbOrTx, move: MovedPoints, result: MoveBalances) {
  if (!emitsEvents(ctx)) return;
  const share = SHARE_TYPES.includes(move.trType);
  const { fell, listening } = await lowCreditAfterMove(tx, move.debitorId, move.creditorId, share ? ['credit.low', ...SHARE_EVENTS] : ['credit.low']);
  if (fell) {
    if (listening) await emitEvent(tx, { userId: fell.userId, type: 'credit.low', data: { balance: fell.balance, threshold: fell.threshold } });
    // The mail leaves once the move committed, never for one rolled back, and never holds it open.
    afterCommit(tx, () => void mailLowCredit(ctx, fell));
  }
  if (!share || !listening) return;
  const ids = [move.debitorId, move.creditorId].filter((id): id is number => id !== null);
  const accounts = new Map((await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids))).map((a) => [a.id, a]));
  const base = { amount: move.amount, tr_type: move.trType, ledger_id: result.ledgerId };
  const party = (id: number | null) => (id === null ? null : (accounts.get(id) ?? null));
  if (move.debitorId !== null) {
    await emit(ctx, tx, move.debitorId, 'credit.sent', { ...base, counterparty: party(move.creditorId), balance_after: result.debitorBalance! });
  }
  if (move.creditorId !== null) {
    await emit(ctx, tx, move.creditorId, 'credit.received', { ...base, counterparty: party(move.debitorId), balance_after: result.creditorBalance! });
  }
}

/**
 * The low-balance line, in one statement: the debited account under its line and not yet told is
 * marked told (and answered, for its `credit.low` and its mail); the credited account back at or
 * above its line (or without one) has its mark cleared, so the next fall is told again. `listening`:
 * whether an enabled endpoint of either account (or of its parent, including sub-resellers, as
 * `emitEvent` targets) wants one of `events`.
 */
export async function lowCreditAfterMove(
  tx: DbOrTx,
  debitorId: number | null,
  creditorId: number | null,
  events: readonly WebhookEventType[],
): Promise<{ fell: LowCredit | null; listening: boolean }> {
  if (debitorId === null && creditorId === null) return { fell: null, listening: false };
  const ids = `{${[debitorId, creditorId].filter((id) => id !== null).join(',')}}`;
  const result = await tx.execute(sql`
    with fell as (
      update users set low_credit_notified_at = now()
      where id = ${debitorId}::int and low_credit_threshold is not null
        and credit_point < low_credit_threshold and low_credit_notified_at is null
      returning id, credit_point, low_credit_threshold
    ), rose as (
      update users set low_credit_notified_at = null
      where id = ${creditorId}::int and low_credit_notified_at is not null
        and (low_credit_threshold is null or credit_point >= low_credit_threshold)
      returning id
    )
    select fell.id, fell.credit_point, fell.low_credit_threshold,
           exists (select 1 from webhook_endpoints e
                   where e.enabled and e.events && ${`{${events.join(',')}}`}::text[]
                     and (e.user_id = any(${ids}::int[])
                          or (e.include_sub_resellers and e.user_id in (select parent_reseller_id from users where id = any(${ids}::int[]))))) as listening
    from (select 1) one left join fell on true`);
  const [row] = (result as { rows: { id: number | null; credit_point: unknown; low_credit_threshold: unknown; listening: boolean | string }[] }).rows;
  const listening = row?.listening === true || row?.listening === 't';
  if (!row || row.id === null) return { fell: null, listening };
  return { fell: { userId: Number(row.id), balance: Number(row.credit_point), threshold: Number(row.low_credit_threshold) }, listening };
}

/** A comment as a ticket event quotes it: whitespace collapsed, at most TICKET_REPLY_EXCERPT_MAX characters. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= TICKET_REPLY_EXCERPT_MAX ? flat : `${flat.slice(0, TICKET_REPLY_EXCERPT_MAX - 1)}…`;
}

/** The last 4 characters of a code's value: enough to tell it apart, not enough to redeem it. */
export const last4 = (value: string) => value.slice(-4);
