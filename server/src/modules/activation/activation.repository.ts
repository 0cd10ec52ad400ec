import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, like, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { ID_MAX } from '@panel/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { MoveWrites } from '../credit/credit.service.js';
import { activations, applications, devices, users } from '../../db/schema.js';
import { cappedPages, countOf } from '../../lib/capped-page.js';
import { escapeLike, startsWith } from '../../lib/like.js';
import { shapeOf, type Filter } from '../../lib/shaped-statement.js';
import { undoWindowSetting } from './undo-window.js';

/** The requested applications as they are now (a missing id is simply absent). */
export async function applicationsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: applications.id, appName: applications.appName, hidden: applications.hidden })
    .from(applications)
    .where(inArray(applications.id, ids));
}

/** Every application as it is now, and whether it is `allowed` (a condition on `applications`). */
export async function catalogue(db: DbOrTx, allowed: SQL) {
  return db.select({ id: applications.id, appName: applications.appName, hidden: applications.hidden, allowed: sql<boolean>`${allowed}` }).from(applications);
}

export type PreviousDeviceState = { prevExpireDate: string; prevLifetime: boolean; prevIsTrial: number; prevActivatedBy: number | null; prevActivatedAt: string | null };

export async function setDeviceActivation(
  tx: Tx,
  deviceId: number,
  values: { expireDate: Date; lifetime: boolean; activatedBy: number },
): Promise<PreviousDeviceState> {
  // `activated_at` on the database's clock, the same instant as the activation rows' `created_at`
  // (one transaction): the player's status call compares its `last_status_at` with it (issue 27).
  // Answers the device as it was (the FROM's copy of the row is read before the update), its
  // times as text so that an undo puts back the exact microseconds.
  const [previous] = await tx
    .update(devices)
    .set({ ...values, activatedAt: sql`now()`, isTrial: 0 })
    .from(sql`devices as old`)
    .where(and(eq(devices.id, deviceId), sql`old.id = ${devices.id}`))
    .returning({
      prevExpireDate: sql<string>`old.expire_date::text`,
      prevLifetime: sql<boolean>`old.lifetime`,
      prevIsTrial: sql<number>`old.is_trial`,
      prevActivatedBy: sql<number | null>`old.activated_by`,
      prevActivatedAt: sql<string | null>`old.activated_at::text`,
    });
  return previous!;
}

/** A time read as text (`previousState`), back into a timestamptz column unchanged. */
export const exactTime = (text: string | null) => (text === null ? null : sql`${text}::timestamptz`);

/** Inserts the rows and answers their devices, ids and creation times, in the order given. */
export function insertActivations(tx: Tx, rows: PgInsertValue<typeof activations>[]) {
  return tx.insert(activations).values(rows).returning({ deviceId: activations.deviceId, id: activations.id, createdAt: activations.createdAt });
}

/**
 * The same insert as a write of a sale's debit statement (credit.repository's `move`, where the
 * rows' `ledgerId` can read `m.ledger_id`), and what that statement answers of it, read back by
 * `insertedActivations`.
 */
export function activationsWithDebit(tx: Tx, rows: PgInsertValue<typeof activations>[]): MoveWrites {
  return {
    writes: { activation_rows: insertActivations(tx, rows).getSQL() },
    written: sql`(select json_agg(activation_rows) from activation_rows)`,
  };
}

export function insertedActivations(written: unknown): { deviceId: number; id: number; createdAt: Date }[] {
  return (written as { device_id: number; id: number | string; created_at: string }[]).map((row) => ({
    deviceId: row.device_id,
    id: Number(row.id),
    createdAt: new Date(row.created_at),
  }));
}

// ---------------------------------------------------------------------------------------------
// Lists, logs, report and chart
// ---------------------------------------------------------------------------------------------

/**
 * Activations by these accounts (undefined: every activation). The ids are one array parameter
 * rather than a subquery: the planner then knows how many activations each reseller has, and for
 * one reseller walks its (reseller_id, created_at) index or the created_at index in order and
 * stops at the page's end, instead of reading and sorting all of a large reseller's rows.
 */
export function byAccounts(ids: number[] | undefined): Filter | undefined {
  if (ids === undefined) return undefined;
  return { key: 'accounts', values: { ids }, build: (value) => sql`${activations.resellerId} = any(${value('ids')}::int[])` };
}

/**
 * Part of a MAC address, already normalised (lower-case, colons): a `like` on the copied column
 * that the trigram index `activations_mac_trgm_idx` answers without reading the table.
 */
const macContains = (pattern: SQLWrapper) => like(activations.macAddress, pattern);

/**
 * The MAC search: addresses that start with what was typed (a whole address is an exact match),
 * a range scan of `activations_mac_prefix_idx`. A contains-search would have to read every row
 * holding a common pair such as '0a:1', thousands of rows for a few characters.
 */
export const macStartsWith = (prefix: string): Filter => startsWith('mac', activations.macAddress, prefix);

/**
 * The general search: the MAC, the module's name, the reseller's e-mail or the remark contains
 * the keyword. Names and e-mails are matched as id lists (small tables, trigram-indexed e-mails),
 * so the condition stays on `activations` and the count needs no join.
 */
export function generalSearch(db: DbOrTx, keyword: string, macPart: string): Filter {
  return {
    key: 'search',
    values: { pattern: `%${escapeLike(keyword)}%`, mac: `%${escapeLike(macPart)}%` },
    build: (value) =>
      or(
        macContains(value('mac')),
        inArray(activations.applicationId, db.select({ id: applications.id }).from(applications).where(ilike(applications.appName, value('pattern')))),
        inArray(activations.resellerId, db.select({ id: users.id }).from(users).where(ilike(users.email, value('pattern')))),
        ilike(activations.comment, value('pattern')),
      )!,
  };
}

/**
 * One module, named by its id (a number or digits) or by its name (case-insensitive); nothing
 * given (null, empty) means every module.
 */
export function moduleCondition(db: DbOrTx, module: number | string | null | undefined): Filter | undefined {
  if (module === null || module === undefined) return undefined;
  const text = String(module).trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) {
    // An id beyond PostgreSQL's integer range names no application (and must not reach the query).
    if (Number(text) > ID_MAX) return { key: 'no-module', values: {}, build: () => sql`false` };
    return { key: 'module', values: { id: Number(text) }, build: (value) => eq(activations.applicationId, value('id')) };
  }
  return {
    key: 'module-name',
    values: { name: text.toLowerCase() },
    build: (value) =>
      inArray(activations.applicationId, db.select({ id: applications.id }).from(applications).where(sql`lower(${applications.appName}) = ${value('name')}`)),
  };
}

export function createdFrom(from: Date): Filter {
  return { key: 'from', values: { at: from.toISOString() }, build: (value) => gte(activations.createdAt, value('at')) };
}

/** Not undone: an undone activation gave its credit back and left the device as it was, so no count includes it (Insights shows it apart). */
export const notUndone: Filter = { key: 'not-undone', values: {}, build: () => isNull(activations.refundedAt) };

export function createdBefore(to: Date): Filter {
  return { key: 'to', values: { at: to.toISOString() }, build: (value) => lt(activations.createdAt, value('at')) };
}

export function ofReseller(resellerId: number): Filter {
  return { key: 'reseller', values: { id: resellerId }, build: (value) => eq(activations.resellerId, value('id')) };
}

const SORT_COLUMNS = {
  created_at: activations.createdAt,
  id: activations.id,
  mac_address: activations.macAddress,
  box_expiry_date: activations.boxExpiryDate,
  credit_point: activations.creditPoint,
  module: applications.appName,
} as const;
export type ActivationSortKey = keyof typeof SORT_COLUMNS;

/** Activation rows with their module's name and their reseller's e-mail, as lists and reports show them. */
const rowColumns = {
  id: activations.id,
  applicationId: activations.applicationId,
  module: applications.appName,
  macAddress: activations.macAddress,
  resellerId: activations.resellerId,
  resellerEmail: users.email,
  package: activations.package,
  boxExpiryDate: activations.boxExpiryDate,
  creditPoint: activations.creditPoint,
  comment: activations.comment,
  activatedFrom: activations.activatedFrom,
  createdAt: activations.createdAt,
  refundedAt: activations.refundedAt,
  /** Whether the row stores the device's state before it (rows made before undo existed do not). */
  undoable: sql<boolean>`${activations.prevExpireDate} is not null`,
};

function rowsWithNames<Extra extends Record<string, SQL>>(db: DbOrTx, extra: Extra = {} as Extra) {
  return db
    .select({ ...rowColumns, ...extra })
    .from(activations)
    .innerJoin(applications, eq(applications.id, activations.applicationId))
    .innerJoin(users, eq(users.id, activations.resellerId));
}
export type ActivationListRow = Awaited<ReturnType<typeof activationBatch>>[number];

const pages = cappedPages('activation');

/**
 * A page of activations with its capped total (`cappedPages`), and the undo window's setting read
 * in the same statement. Built once per shape of the filters and sort.
 */
export async function activationPage(
  db: DbOrTx,
  filters: readonly (Filter | undefined)[],
  page: { number: number; size: number; sortKey: ActivationSortKey; sortType: 'asc' | 'desc' },
) {
  const shape = shapeOf(filters);
  const matching = () => db.select({ one: sql`1` }).from(activations).where(shape.where()).limit(sql.placeholder('cap'));
  const order = page.sortType === 'asc' ? asc : desc;
  const answer = await pages(db, shape, page, {
    matching,
    page: () =>
      rowsWithNames(db, { matching: countOf(matching()), undoWindow: undoWindowSetting })
        .where(shape.where())
        .orderBy(order(SORT_COLUMNS[page.sortKey]), order(activations.id))
        .limit(sql.placeholder('size'))
        .offset(sql.placeholder('offset')),
  });
  return { ...answer, undoWindow: answer.entries[0]?.undoWindow };
}

/** One batch of a report, oldest first, continuing after `afterId` (see `csvReport` in lib/csv.ts). */
export async function activationBatch(db: DbOrTx, where: SQL | undefined, afterId: number, size: number) {
  return rowsWithNames(db)
    .where(and(where, gt(activations.id, afterId)))
    .orderBy(asc(activations.id))
    .limit(size);
}

export async function findActivation(db: DbOrTx, id: number, where: SQL | undefined) {
  const [row] = await db
    .select({ id: activations.id, comment: activations.comment })
    .from(activations)
    .where(and(eq(activations.id, id), where));
  return row;
}

export async function setComment(tx: Tx, id: number, comment: string | null) {
  await tx.update(activations).set({ comment }).where(eq(activations.id, id));
}

/** Activations per application under `where`. */
export async function countsByApplication(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ applicationId: activations.applicationId, value: count() })
    .from(activations)
    .where(where)
    .groupBy(activations.applicationId);
}

// ---------------------------------------------------------------------------------------------
// Undo (issue 27)
// ---------------------------------------------------------------------------------------------

/** The activation `id` under `where` (the caller's reach), locked until the transaction ends. */
export async function lockActivation(tx: Tx, id: number, where: SQL | undefined) {
  const [row] = await tx
    .select()
    .from(activations)
    .where(and(eq(activations.id, id), where))
    .for('update');
  return row;
}

/** The device, locked: the player's status call marks it under the same row lock (see player.repository). */
export async function lockDevice(tx: Tx, id: number) {
  const [row] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
  return row!;
}

/** Whether a later activation of the device, not undone, builds on the state this one left. */
export async function laterActivationExists(tx: Tx, deviceId: number, afterId: number) {
  const [row] = await tx
    .select({ id: activations.id })
    .from(activations)
    .where(and(eq(activations.deviceId, deviceId), gt(activations.id, afterId), isNull(activations.refundedAt)))
    .limit(1);
  return row !== undefined;
}

/** Puts the device back as the activation row stored it, copied in SQL (exact to the microsecond). */
export async function restoreDevice(tx: Tx, deviceId: number, activationId: number) {
  const [row] = await tx
    .update(devices)
    .set({
      expireDate: sql`a.prev_expire_date`,
      lifetime: sql`coalesce(a.prev_lifetime, false)`,
      isTrial: sql`coalesce(a.prev_is_trial, 1)`,
      activatedBy: sql`a.prev_activated_by`,
      activatedAt: sql`a.prev_activated_at`,
    })
    .from(sql`activations as a`)
    .where(and(eq(devices.id, deviceId), sql`a.id = ${activationId}`))
    .returning({ macAddress: devices.macAddress, applicationId: devices.applicationId, expireDate: devices.expireDate, lifetime: devices.lifetime, isTrial: devices.isTrial });
  return row!;
}

/** Marks the activation undone; `now()` is the transaction's time, as every row it writes. */
export async function markRefunded(tx: Tx, id: number, refundLedgerId: number | null) {
  const [row] = await tx
    .update(activations)
    .set({ refundedAt: sql`now()`, refundLedgerId })
    .where(eq(activations.id, id))
    .returning({ refundedAt: activations.refundedAt });
  return row!.refundedAt!;
}
