import { inArray, sql } from 'drizzle-orm';
import { CREDIT_TR_TYPES, type CreditTrType, type WebhookEventType } from '@panel/contract';
import { afterCommit } from '../../db/after-commit.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Ctx } from '../../http/context.js';
import { emit, emitEvent, emitsEvents } from '../webhooks/webhooks.service.js';
import { creditArrived } from './credit-arrival.js';
import { mailLowCredit, type LowCredit } from './low-credit-mail.js';

/**
 * Everything a credit move tells after it: the low-balance line and its mail, the `credit.*`
 * webhook events, and what waits for the credited account's points (credit-arrival.ts). Every
 * balance change of the panel goes through `transfer` or the share function (credit.service), and
 * both call `afterMove` in the move's transaction, after the move. The events go out through the
 * webhooks module's service (`emit`, `emitEvent`): the webhooks module knows nothing of credit.
 */

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
  if (move.creditorId !== null) creditArrived(ctx, tx, move.creditorId);
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
