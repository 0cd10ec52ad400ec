import { and, asc, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { normaliseCode, type CodePlaylist, type CodeType } from '@panel/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { MoveWrites } from '../credit/credit.service.js';
import { activationCodes, devices, playlists, users } from '../../db/schema.js';
import { cappedPages, countOf } from '../../lib/capped-page.js';
import { shapeOf, type Filter } from '../../lib/shaped-statement.js';
import { undoWindowSetting } from '../activation/activation.service.js';
import { escapeLike, startsWith } from '../../lib/like.js';

/** A code as lists and answers show it: its reseller's e-mail, the device that redeemed it, its playlists. */
const codePlaylists = sql<CodePlaylist[]>`coalesce((
  select json_agg(json_build_object('name', p.name, 'url', p.url, 'epg', p.epg_url) order by p.id)
  from ${playlists} p where p.code_id = ${activationCodes.id}), '[]'::json)`;

const rowColumns = {
  id: activationCodes.id,
  value: activationCodes.value,
  type: activationCodes.type,
  resellerId: activationCodes.resellerId,
  email: users.email,
  status: activationCodes.status,
  expireDate: activationCodes.expireDate,
  createdAt: activationCodes.createdAt,
  deviceId: activationCodes.deviceId,
  deviceMac: devices.macAddress,
  deviceVersion: devices.appVersion,
  deviceIp: devices.ip,
  playlists: codePlaylists,
  // What the refund on delete needs (codes.service `refundOf`): who paid, the payer's parent, whether it was ever redeemed.
  createdBy: activationCodes.createdBy,
  payerParentId: sql<number | null>`(select p.parent_reseller_id from ${users} p where p.id = ${activationCodes.createdBy})`,
  redeemedAt: activationCodes.redeemedAt,
};

function rowsWithDetails<Extra extends Record<string, SQL>>(db: DbOrTx, extra: Extra = {} as Extra) {
  return db
    .select({ ...rowColumns, ...extra })
    .from(activationCodes)
    .innerJoin(users, eq(users.id, activationCodes.resellerId))
    .leftJoin(devices, eq(devices.id, activationCodes.deviceId));
}
export type CodeRow = Awaited<ReturnType<typeof codesByIds>>[number];

export async function codesByIds(db: DbOrTx, ids: number[]) {
  return rowsWithDetails(db).where(inArray(activationCodes.id, ids)).orderBy(asc(activationCodes.id));
}

/** Codes of these accounts (undefined: every code), as one array parameter: see activation's `byAccounts`. */
export function ofAccounts(ids: number[] | undefined): Filter | undefined {
  if (ids === undefined) return undefined;
  return { key: 'accounts', values: { ids }, build: (value) => sql`${activationCodes.resellerId} = any(${value('ids')}::int[])` };
}

export function createdBetween(from: Date, to: Date): Filter {
  return {
    key: 'range',
    values: { from: from.toISOString(), to: to.toISOString() },
    build: (value) => and(gte(activationCodes.createdAt, value('from')), lt(activationCodes.createdAt, value('to')))!,
  };
}

/**
 * The list's search, by what was typed: digits (spaces and dashes ignored) are the start of a code,
 * a MAC address part (it has a colon) the start of the MAC that redeemed a code, anything else part
 * of the reseller's e-mail, when the caller sees other resellers' codes. One shape per search, so
 * each is one index range: a code prefix walks `activation_codes_value_idx` (text_pattern_ops).
 */
export function searchCondition(keyword: string, options: { emails: boolean }): Filter {
  const digits = normaliseCode(keyword);
  if (/^\d+$/.test(digits)) return startsWith('code', activationCodes.value, digits);
  if (keyword.includes(':')) {
    return {
      key: 'mac',
      values: { prefix: `${escapeLike(keyword.toLowerCase())}%` },
      build: (value) => inArray(activationCodes.deviceId, sql`(select ${devices.id} from ${devices} where ${devices.macAddress} like ${value('prefix')})`),
    };
  }
  if (!options.emails) return { key: 'no-match', values: {}, build: () => sql`false` };
  return { key: 'email', values: { pattern: `%${escapeLike(keyword)}%` }, build: (value) => ilike(users.email, value('pattern')) };
}

const SORT_COLUMNS = {
  created_at: activationCodes.createdAt,
  id: activationCodes.id,
  value: activationCodes.value,
  type: activationCodes.type,
  expire_date: activationCodes.expireDate,
  status: activationCodes.status,
} as const;
export type CodeSortKey = keyof typeof SORT_COLUMNS;

const pages = cappedPages('code');

/**
 * A page of codes with its capped total (`cappedPages`), and the undo window's setting (the refund
 * window) read in the same statement. Built once per shape of the filters and sort.
 */
export async function codePage(
  db: DbOrTx,
  filters: readonly (Filter | undefined)[],
  page: { number: number; size: number; sortKey: CodeSortKey; sortType: 'asc' | 'desc' },
) {
  const shape = shapeOf(filters);
  const matching = () =>
    db.select({ one: sql`1` }).from(activationCodes).innerJoin(users, eq(users.id, activationCodes.resellerId)).where(shape.where()).limit(sql.placeholder('cap'));
  const order = page.sortType === 'asc' ? asc : desc;
  const answer = await pages(db, shape, page, {
    matching,
    page: () =>
      rowsWithDetails(db, { matching: countOf(matching()), undoWindow: undoWindowSetting })
        .where(shape.where())
        .orderBy(order(SORT_COLUMNS[page.sortKey]), order(activationCodes.id))
        .limit(sql.placeholder('size'))
        .offset(sql.placeholder('offset')),
  });
  return { ...answer, undoWindow: answer.entries[0]?.undoWindow };
}

type NewCode = { value: string; type: CodeType; resellerId: number; createdBy: number; ledgerId: number | SQL; expireDate: Date | SQL };

/** New codes, as inserted; a value taken already (one chance in 10^14 per pair) is skipped, so fewer rows come back. */
export function insertCodes(tx: Tx, rows: NewCode[]) {
  return tx
    .insert(activationCodes)
    .values(rows)
    .onConflictDoNothing({ target: activationCodes.value })
    .returning({
      id: activationCodes.id,
      value: activationCodes.value,
      type: activationCodes.type,
      resellerId: activationCodes.resellerId,
      status: activationCodes.status,
      expireDate: activationCodes.expireDate,
      createdAt: activationCodes.createdAt,
      createdBy: activationCodes.createdBy,
      redeemedAt: activationCodes.redeemedAt,
    });
}

export type NewCodeRow = Awaited<ReturnType<typeof insertCodes>>[number];

/**
 * The same insert as a write of the purchase's debit statement (credit.repository's `move`, where
 * `ledgerId` can read `m.ledger_id`), and what that statement answers of it, read back by
 * `insertedCodes`.
 */
export function codesWithDebit(tx: Tx, rows: NewCode[]): MoveWrites {
  return { writes: { code_rows: insertCodes(tx, rows).getSQL() }, written: sql`(select coalesce(json_agg(code_rows), '[]') from code_rows)` };
}

export function insertedCodes(written: unknown): NewCodeRow[] {
  const time = (value: string | null) => (value === null ? null : new Date(value));
  return (written as Record<string, string | number | null>[]).map((row) => ({
    id: Number(row.id),
    value: row.value as string,
    type: row.type as CodeType,
    resellerId: Number(row.reseller_id),
    status: Number(row.status),
    expireDate: time(row.expire_date as string)!,
    createdAt: time(row.created_at as string)!,
    createdBy: Number(row.created_by),
    redeemedAt: time(row.redeemed_at as string | null),
  }));
}

/** The parent of the account that paid for a code (null for a top-level account or the admin). */
export async function parentOf(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ parentId: users.parentResellerId }).from(users).where(eq(users.id, userId));
  return row?.parentId ?? null;
}

/** The code `value` of `resellerId`, locked until the transaction ends. */
export async function lockCode(tx: Tx, where: SQL) {
  const [row] = await tx.select().from(activationCodes).where(where).for('update');
  return row;
}

export const byValue = (value: string) => eq(activationCodes.value, value);
export const byId = (id: number) => eq(activationCodes.id, id);
export const ofReseller = (resellerId: number) => eq(activationCodes.resellerId, resellerId);

export async function updateCode(tx: Tx, id: number, values: Partial<typeof activationCodes.$inferInsert>) {
  await tx.update(activationCodes).set(values).where(eq(activationCodes.id, id));
}

export async function deleteCode(tx: Tx, id: number) {
  await tx.delete(activationCodes).where(eq(activationCodes.id, id));
}

export async function replacePlaylists(tx: Tx, codeId: number, createdBy: number, list: { name: string; url: string; epg?: string | undefined }[]) {
  await tx.delete(playlists).where(eq(playlists.codeId, codeId));
  if (list.length === 0) return;
  await tx.insert(playlists).values(
    list.map((p) => ({ codeId, playlistType: 'general' as const, name: p.name, url: p.url, epgUrl: p.epg ?? null, createdBy })),
  );
}

export async function playlistsOf(db: DbOrTx, codeId: number): Promise<CodePlaylist[]> {
  return db
    .select({ name: playlists.name, url: playlists.url, epg: playlists.epgUrl })
    .from(playlists)
    .where(eq(playlists.codeId, codeId))
    .orderBy(asc(playlists.id));
}

export async function lockDevice(tx: Tx, id: number) {
  const [row] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
  return row;
}

export async function updateDevice(tx: Tx, id: number, values: Partial<typeof devices.$inferInsert>, onlyIf?: SQL) {
  await tx.update(devices).set(values).where(and(eq(devices.id, id), onlyIf));
}

export const deviceExpiryIs = (date: Date) => eq(devices.expireDate, date);

export async function codesByValue(db: DbOrTx, value: string): Promise<number> {
  const rows = await db.select({ id: activationCodes.id }).from(activationCodes).where(eq(activationCodes.value, value));
  return rows.length;
}
