import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { creditLedger, users } from '../../db/schema.js';
import { cappedPages, countOf } from '../../lib/capped-page.js';
import { shapeOf, type Filter } from '../../lib/shaped-statement.js';
import { accountsOf } from '../resellers/hierarchy.js';
import { escapeLike } from '../../lib/like.js';

/** The SQLSTATEs the credit functions raise (server/src/db/functions/credit_move.sql and credit_share.sql). */
export const MOVE_REFUSALS = {
  insufficient: 'CR001',
  notFound: 'CR002',
  adminAccount: 'CR003',
  outOfReach: 'CR004',
  requestIdReused: 'CR005',
} as const;

export type MoveRow = { ledgerId: number; debitorBalance: number | null; creditorBalance: number | null };

export type MoveParams = {
  trType: string;
  amount: number;
  debitorId: number | null;
  creditorId: number | null;
  creatorId: number | null;
  reason: string;
  requestId: string | null;
  actorId: number | null;
  ip: string;
  auditTargetId: number;
};

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
// bigint columns arrive as strings from node-postgres, as numbers from PGlite and from JSON.
const moveRow = (row: Record<string, unknown>): MoveRow => ({
  ledgerId: Number(row.ledger_id),
  debitorBalance: num(row.debitor_balance),
  creditorBalance: num(row.creditor_balance),
});

/**
 * What a sale writes with its debit, in the debit's statement: data-modifying CTEs, by name, that
 * read the move as `m` (`m.ledger_id`, `m.debitor_balance`), and what the statement answers of
 * them (`written`, an expression over those names).
 */
export type MoveWrites = { writes: Record<string, SQL>; written: SQL };

/** The move's values as the writes of its statement read them. */
export const moved = {
  ledgerId: sql<number>`(select ledger_id from m)`,
  debitorBalance: sql<number>`(select debitor_balance from m)`,
};

/**
 * Debit, credit, ledger row and audit row in one statement (the `credit_move` function): the
 * accounts' rows are locked for one round trip, not for one per statement. A sale's own rows come
 * in the same statement (`also`): its balance row then stays locked for that statement and the
 * commit only, as a transfer's does, instead of one more round trip per insert (issue 45).
 */
export async function move(db: DbOrTx, m: MoveParams, also?: MoveWrites): Promise<MoveRow & { written: unknown }> {
  const writes = Object.entries(also?.writes ?? {}).map(([name, statement]) => sql`, ${sql.identifier(name)} as (${statement})`);
  const result = await db.execute(sql`
    with m as (
      select ledger_id, debitor_balance, creditor_balance from credit_move(
        ${m.trType}::text, ${m.amount}::bigint, ${m.debitorId}::int, ${m.creditorId}::int, ${m.creatorId}::int,
        ${m.reason}::text, ${m.requestId}::text, ${m.actorId}::int, ${m.ip}::text, ${m.auditTargetId}::int)
    )${sql.join(writes)}
    select ledger_id, debitor_balance, creditor_balance, ${also?.written ?? sql`null`} as written from m`);
  const row = (result as { rows: Record<string, unknown>[] }).rows[0]!;
  return { ...moveRow(row), written: typeof row.written === 'string' ? JSON.parse(row.written) : row.written };
}

/** A move's result, new or stored by the first request with its id (stored before 0013: the whole answer, `body`). */
export type ShareAnswer = { result?: MoveRow; body?: unknown; replayed: boolean };

/**
 * A move on another account as one statement (the `credit_share` function): the request id's
 * claim, the locks, the hierarchy check, the move and the stored answer. A repeated request id
 * with the same fingerprint answers what the first request stored.
 */
export async function share(
  db: DbOrTx,
  s: Omit<MoveParams, 'creatorId' | 'actorId' | 'auditTargetId'> & { key: string | null; fingerprint: string; hours: number; callerId: number; callerIsAdmin: boolean; targetId: number },
): Promise<ShareAnswer> {
  const result = await db.execute(sql`
    select credit_share(
      ${s.key}::text, ${s.fingerprint}::text, ${s.hours}::int, ${s.callerId}::int, ${s.callerIsAdmin}::boolean,
      ${s.targetId}::int, ${s.trType}::text, ${s.amount}::bigint, ${s.debitorId}::int, ${s.creditorId}::int,
      ${s.reason}::text, ${s.requestId}::text, ${s.ip}::text) as answer`);
  const raw = (result as { rows: { answer: unknown }[] }).rows[0]!.answer;
  const answer = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { body?: unknown; result?: Record<string, unknown>; fingerprint?: string };
  // A new move answers `{ result }` alone; a stored answer carries its fingerprint (or, before 0013, its body).
  const replayed = answer.fingerprint !== undefined || answer.body !== undefined;
  return { body: answer.body, result: answer.result && moveRow(answer.result), replayed };
}

export async function findAccountByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id, deletedAt: users.deletedAt }).from(users).where(eq(users.email, email));
  return row;
}

/** Ledger rows whose debited or credited account is `owner`'s or one of its sub-resellers' (the caller's reach). */
export function touchingReach(db: DbOrTx, owner: number): Filter {
  return {
    key: 'reach',
    values: { owner },
    build: (value) => {
      const ids = db.select({ id: users.id }).from(users).where(accountsOf(value('owner')));
      return or(inArray(creditLedger.debitorId, ids), inArray(creditLedger.creditorId, ids))!;
    },
  };
}

export function ofTypes(types: readonly string[]): Filter {
  return { key: 'types', values: { types }, build: (value) => sql`${creditLedger.trType} = any(${value('types')}::text[])` };
}

export function touchingAccount(userId: number): Filter {
  return { key: 'account', values: { id: userId }, build: (value) => or(eq(creditLedger.debitorId, value('id')), eq(creditLedger.creditorId, value('id')))! };
}

/** Points given away by 'Added Credit' moves whose debited account matches `where`. */
export async function sumShared(db: DbOrTx, trType: string, debitorIn: SQL | undefined): Promise<number> {
  const ids = debitorIn ? db.select({ id: users.id }).from(users).where(debitorIn) : undefined;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.creditPoint}), 0)` })
    .from(creditLedger)
    .where(and(eq(creditLedger.trType, trType), ids ? inArray(creditLedger.debitorId, ids) : undefined));
  return Number(row!.total);
}

const debitor = alias(users, 'debitor');
const creditor = alias(users, 'creditor');
const creator = alias(users, 'creator');

/** Ledger rows with the e-mails of the three accounts they name, as logs and reports show them. */
function ledgerRowsWithEmails<Extra extends Record<string, SQL>>(db: DbOrTx, extra: Extra = {} as Extra) {
  return db
    .select({
      ...extra,
      id: creditLedger.id,
      trType: creditLedger.trType,
      creditPoint: creditLedger.creditPoint,
      createdAt: creditLedger.createdAt,
      debitorEmail: debitor.email,
      creditorEmail: creditor.email,
      creatorEmail: creator.email,
    })
    .from(creditLedger)
    .leftJoin(debitor, eq(debitor.id, creditLedger.debitorId))
    .leftJoin(creditor, eq(creditor.id, creditLedger.creditorId))
    .leftJoin(creator, eq(creator.id, creditLedger.creatorId));
}

const SORT_COLUMNS = {
  created_at: creditLedger.createdAt,
  id: creditLedger.id,
  tr_type: creditLedger.trType,
  credit_point: creditLedger.creditPoint,
} as const;

/** Keyword search on the three e-mails of a row; `%` and `_` in the keyword match themselves. */
export function keywordCondition(keyword: string): Filter {
  return {
    key: 'keyword',
    values: { pattern: `%${escapeLike(keyword)}%` },
    build: (value) => or(ilike(debitor.email, value('pattern')), ilike(creditor.email, value('pattern')), ilike(creator.email, value('pattern')))!,
  };
}

const pages = cappedPages('ledger');

/** A page of the ledger with its capped total, built once per shape (`cappedPages`) of its filters and sort. */
export async function ledgerPage(
  db: DbOrTx,
  filters: { rows: readonly (Filter | undefined)[]; keyword: Filter | undefined },
  page: { number: number; size: number; sortKey: keyof typeof SORT_COLUMNS; sortType: 'asc' | 'desc' },
) {
  const shape = shapeOf([...filters.rows, filters.keyword]);
  const matching = () => {
    const rows = db.select({ one: sql`1` }).from(creditLedger);
    // The e-mail joins are needed for counting only when the keyword searches them.
    const counted = filters.keyword
      ? rows
          .leftJoin(debitor, eq(debitor.id, creditLedger.debitorId))
          .leftJoin(creditor, eq(creditor.id, creditLedger.creditorId))
          .leftJoin(creator, eq(creator.id, creditLedger.creatorId))
      : rows;
    return counted.where(shape.where()).limit(sql.placeholder('cap'));
  };
  const order = page.sortType === 'asc' ? asc : desc;
  return pages(db, shape, page, {
    matching,
    page: () =>
      ledgerRowsWithEmails(db, { matching: countOf(matching()) })
        .where(shape.where())
        .orderBy(order(SORT_COLUMNS[page.sortKey]), order(creditLedger.id))
        .limit(sql.placeholder('size'))
        .offset(sql.placeholder('offset')),
  });
}

/**
 * One batch of a report, oldest first, continuing after `afterId`. Reports read batch by batch
 * (keyset on the primary key) rather than through one long query or transaction: memory stays
 * bounded whatever the range holds, and PGlite's single connection is never held for a whole download.
 */
export async function reportBatch(db: DbOrTx, where: SQL | undefined, afterId: number, size: number) {
  return ledgerRowsWithEmails(db)
    .where(and(where, gt(creditLedger.id, afterId)))
    .orderBy(asc(creditLedger.id))
    .limit(size);
}

export function createdBetween(from: Date, to: Date): SQL {
  return and(gte(creditLedger.createdAt, from), lt(creditLedger.createdAt, to))!;
}
