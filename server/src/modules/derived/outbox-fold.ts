import { sql } from 'drizzle-orm';
import { CREDIT_TR_TYPES, type CreditTrType, type WebhookEventType } from '@panel/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Ctx } from '../../http/context.js';
import { mailLowCredit, type LowCredit } from '../credit/credit.service.js';
import { fanOut, newEventId, type EventToSend } from '../webhooks/webhooks.service.js';

/**
 * What the `outbox` rows give, derived after their commits (issue 45): the low-balance line with
 * its `credit.low` event and mail, `credit.sent` / `credit.received` from a move's ledger row, and
 * every event fanned out to the endpoints that want it (webhooks' `fanOut`). Batches are claimed
 * oldest first with `FOR UPDATE SKIP LOCKED` and deleted in the transaction that writes what they
 * give: a fold that dies leaves them to the next one, and none is derived twice. Folds take turns
 * across nodes (an advisory lock), so an account's moves are read in the order they were made.
 */

const OUTBOX_LOCK = 4_242_046;

/** The moves between accounts (and an admin's self credit) that `credit.sent` / `credit.received` report. */
/** A refund (issue 27) is points received back: `credit.received`, from no counterparty. */
const SHARE_TYPES: readonly string[] = [CREDIT_TR_TYPES.added, CREDIT_TR_TYPES.withdraw, CREDIT_TR_TYPES.selfCredit, CREDIT_TR_TYPES.refund];

export type FoldDeps = Pick<Ctx, 'mailer' | 'config' | 'log'> & { db: Db };

type Claimed = { id: string; kind: 'move' | 'event'; ledger_id: string | null; event_id: string | null; user_id: number | null; type: string | null; data: unknown; created_at: Date | string };
type Move = { id: string; tr_type: CreditTrType; credit_point: string; debitor_id: number | null; creditor_id: number | null; debitor_balance_after: string | null; creditor_balance_after: string | null };
type Account = { id: number; name: string; email: string; low_credit_threshold: string | null; notified: boolean; parent_reseller_id: number | null };
type Endpoint = { user_id: number; events: string[]; include_sub_resellers: boolean };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Derives up to `limit` outbox rows; answers how many it took. The mails leave after the commit. */
export async function foldOutbox(deps: FoldDeps, limit: number): Promise<number> {
  const falls: LowCredit[] = [];
  const taken = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK})`);
    const claimed = rowsOf<Claimed>(
      await tx.execute(sql`
        delete from outbox where id in (select id from outbox order by id limit ${limit} for update skip locked)
        returning id, kind, ledger_id, event_id, user_id, type, data, created_at`),
    ).sort((a, b) => Number(a.id) - Number(b.id));
    if (claimed.length === 0) return 0;
    const events = await derive(tx, claimed, falls);
    await fanOut(tx, events);
    return claimed.length;
  });
  // The mark that makes the mail once per fall committed with the fold; a mail that fails is logged.
  for (const fall of falls) await mailLowCredit(deps, fall);
  return taken;
}

/** The events of the claimed rows in their order, the low-balance marks moved on as the moves went. */
async function derive(tx: DbOrTx, claimed: Claimed[], falls: LowCredit[]): Promise<EventToSend[]> {
  const ledgerIds = claimed.filter((row) => row.kind === 'move').map((row) => row.ledger_id!);
  const moves = new Map(
    ledgerIds.length === 0
      ? []
      : rowsOf<Move>(
          await tx.execute(sql`
            select id, tr_type, credit_point, debitor_id, creditor_id, debitor_balance_after, creditor_balance_after
            from credit_ledger where id = any(${`{${ledgerIds.join(',')}}`}::bigint[])`),
        ).map((m) => [String(m.id), m]),
  );
  const ids = [...new Set([...moves.values()].flatMap((m) => [m.debitor_id, m.creditor_id]).filter((id): id is number => id !== null))];
  const accounts = new Map(
    ids.length === 0
      ? []
      : rowsOf<Account>(
          await tx.execute(sql`
            select id, name, email, low_credit_threshold, low_credit_notified_at is not null as notified, parent_reseller_id
            from users where id = any(${`{${ids.join(',')}}`}::int[])`),
        ).map((a) => [Number(a.id), { ...a, notified: a.notified === true || (a.notified as unknown) === 't' }]),
  );
  const wants = await listeners(tx, [...accounts.values()]);
  const initially = new Map([...accounts.values()].map((a) => [Number(a.id), a.notified]));

  const events: EventToSend[] = [];
  const event = (userId: number, type: WebhookEventType, data: Record<string, unknown>, createdAt: Date | string) => {
    if (wants(userId, type)) events.push({ id: newEventId(), userId, type, data: { account_id: userId, ...data }, createdAt });
  };
  for (const row of claimed) {
    if (row.kind === 'event') {
      events.push({ id: row.event_id!, userId: row.user_id!, type: row.type!, data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>, createdAt: row.created_at });
      continue;
    }
    const move = moves.get(String(row.ledger_id));
    if (!move) continue;
    const debitor = move.debitor_id === null ? undefined : accounts.get(Number(move.debitor_id));
    const creditor = move.creditor_id === null ? undefined : accounts.get(Number(move.creditor_id));
    // Under the line and not yet told: told now, once, until the balance is back at or above it.
    if (debitor && debitor.low_credit_threshold !== null && Number(move.debitor_balance_after) < Number(debitor.low_credit_threshold) && !debitor.notified) {
      debitor.notified = true;
      const fall = { userId: Number(debitor.id), balance: Number(move.debitor_balance_after), threshold: Number(debitor.low_credit_threshold) };
      falls.push(fall);
      event(fall.userId, 'credit.low', { balance: fall.balance, threshold: fall.threshold }, row.created_at);
    }
    if (creditor?.notified && (creditor.low_credit_threshold === null || Number(move.creditor_balance_after) >= Number(creditor.low_credit_threshold))) creditor.notified = false;
    if (!SHARE_TYPES.includes(move.tr_type)) continue;
    const party = (account: Account | undefined) => (account ? { id: Number(account.id), name: account.name, email: account.email } : null);
    const base = { amount: Number(move.credit_point), tr_type: move.tr_type, ledger_id: Number(move.id) };
    if (debitor) event(Number(debitor.id), 'credit.sent', { ...base, counterparty: party(creditor), balance_after: Number(move.debitor_balance_after) }, row.created_at);
    if (creditor) event(Number(creditor.id), 'credit.received', { ...base, counterparty: party(debitor), balance_after: Number(move.creditor_balance_after) }, row.created_at);
  }
  const changed = [...accounts.values()].filter((a) => a.notified !== initially.get(Number(a.id)));
  if (changed.length > 0) {
    await tx.execute(sql`
      update users u set low_credit_notified_at = case when v.notified then now() end
      from unnest(${`{${changed.map((a) => a.id).join(',')}}`}::int[], ${`{${changed.map((a) => a.notified).join(',')}}`}::boolean[]) as v(id, notified)
      where u.id = v.id`);
  }
  return events;
}

/** Whether an enabled endpoint wants `type` for `userId`: the account's own, or its parent's that includes sub-resellers. */
async function listeners(tx: DbOrTx, accounts: Account[]): Promise<(userId: number, type: WebhookEventType) => boolean> {
  if (accounts.length === 0) return () => false;
  const parentOf = new Map(accounts.map((a) => [Number(a.id), a.parent_reseller_id === null ? null : Number(a.parent_reseller_id)]));
  const ids = [...new Set([...parentOf.keys(), ...[...parentOf.values()].filter((id): id is number => id !== null)])];
  const endpoints = rowsOf<Endpoint>(
    await tx.execute(sql`select user_id, events, include_sub_resellers from webhook_endpoints where enabled and user_id = any(${`{${ids.join(',')}}`}::int[])`),
  );
  if (endpoints.length === 0) return () => false;
  return (userId, type) =>
    endpoints.some((e) => e.events.includes(type) && (Number(e.user_id) === userId || (e.include_sub_resellers && Number(e.user_id) === parentOf.get(userId))));
}
