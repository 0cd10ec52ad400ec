import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import {
  LIFETIME_EXPIRY,
  normaliseMac,
  STORE_ORDERS_CSV_COLUMNS,
  translate,
  type Locale,
  type RejectStoreOrderBody,
  type StoreOrder,
  type StoreOrdersQuery,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { applications, storeOrders } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { cappedPage } from '../../lib/capped-page.js';
import { csvReport } from '../../lib/csv.js';
import { listRange } from '../../lib/date-range.js';
import { fulfilOrder, type StoreOrderRow } from './fulfilment.js';

/**
 * Sales → Orders (issue 43): the caller's store orders, and the three things it does to one.
 * Every order is its account's own: another account's id answers ORDER_NOT_FOUND, whatever the role.
 */

/** The apps' names by id (an app deleted since shows its id's row no more: an empty name). */
async function appNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: applications.id, name: applications.appName }).from(applications).where(inArray(applications.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function shownOrder(locale: Locale, row: StoreOrderRow, names: Map<number, string>): StoreOrder {
  const lifetime = row.package === 'lifetime';
  return {
    id: row.id,
    status: row.status,
    method: row.method,
    product: { id: row.productId, name: row.productName },
    apps: row.appIds.map((id) => ({ id, name: names.get(id) ?? '' })),
    package: row.package,
    price: row.price,
    currency: row.currency,
    credit_cost: row.creditCost,
    mac_address: row.macAddress,
    email: row.email,
    name: row.name,
    language: row.language as Locale,
    customer_id: row.customerId,
    paid_at: row.paidAt?.toISOString() ?? null,
    activated_at: row.activatedAt?.toISOString() ?? null,
    expires_at: row.status === 'activated' ? (lifetime ? LIFETIME_EXPIRY : (row.expiresAt?.toISOString() ?? null)) : null,
    is_lifetime: lifetime,
    failure: row.failureReason ? { code: row.failureReason, message: translate(locale, row.failureReason) } : null,
    reject_reason: row.rejectReason,
    stripe_session_id: row.stripeSessionId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function shownOrders(ctx: Ctx, rows: StoreOrderRow[]): Promise<StoreOrder[]> {
  const names = await appNames(ctx.db, [...new Set(rows.flatMap((r) => r.appIds))]);
  return rows.map((r) => shownOrder(ctx.locale, r, names));
}

const MAC_PREFIX = /^[0-9A-Fa-f]{2}(?:[:-][0-9A-Fa-f]{0,2}){0,5}$/;

/** The search box: an order id, a MAC address or its start, or part of an e-mail. */
function searchCondition(search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byEmail = ilike(storeOrders.email, like);
  if (/^\d{1,9}$/.test(text)) return or(eq(storeOrders.id, Number(text)), byEmail);
  if (MAC_PREFIX.test(text)) return or(ilike(storeOrders.macAddress, `${normaliseMac(text)}%`), byEmail);
  return byEmail;
}

function filtered(ctx: Ctx, query: StoreOrdersQuery): SQL {
  const { from, to } = listRange(query);
  return and(
    eq(storeOrders.userId, callerOf(ctx).userId),
    gte(storeOrders.createdAt, from),
    lt(storeOrders.createdAt, to),
    query.status ? eq(storeOrders.status, query.status) : undefined,
    query.method ? eq(storeOrders.method, query.method) : undefined,
    query.search ? searchCondition(query.search) : undefined,
  )!;
}

/** GET /api/storefront/orders: newest first, capped pages. */
export async function list(ctx: Ctx, query: StoreOrdersQuery) {
  const where = filtered(ctx, query);
  const size = query.per_page;
  const offset = (query.page - 1) * size;
  const { entries, total, totalCapped } = await cappedPage(
    ctx.db,
    ctx.db.select({ id: storeOrders.id }).from(storeOrders).where(where),
    offset,
    (matching) => ctx.db.select({ order: storeOrders, matching }).from(storeOrders).where(where).orderBy(desc(storeOrders.id)).limit(size).offset(offset),
  );
  return {
    data: await shownOrders(ctx, entries.map((e) => e.order)),
    meta: { total, last_page: Math.max(1, Math.ceil(total / size)), current_page: query.page, per_page: size, total_capped: totalCapped },
  };
}

/** GET /api/storefront/orders/export: the same orders, oldest first. */
export async function exportCsv(ctx: Ctx, query: StoreOrdersQuery) {
  const where = filtered(ctx, query);
  const t = (key: string) => translate(ctx.locale, key);
  return csvReport({
    header: STORE_ORDERS_CSV_COLUMNS.map((column) => t(`storeOrders.csv.${column}`)),
    batch: (afterId, size) => ctx.db.select().from(storeOrders).where(and(where, gt(storeOrders.id, afterId))).orderBy(asc(storeOrders.id)).limit(size),
    line: (row) => [
      row.id,
      row.createdAt.toISOString(),
      t(`storeOrders.statuses.${row.status}`),
      row.method,
      row.productName,
      row.macAddress,
      row.email,
      row.name,
      // A price in the currency's minor unit, as the API answers it.
      row.price,
      row.currency,
      row.creditCost,
      row.activatedAt?.toISOString() ?? null,
      row.status !== 'activated' ? null : row.package === 'lifetime' ? LIFETIME_EXPIRY : (row.expiresAt?.toISOString() ?? null),
    ],
  });
}

/** The caller's order `id`, or 404. */
async function ownOrder(ctx: Ctx, id: number): Promise<StoreOrderRow> {
  const [row] = await ctx.db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.id, id), eq(storeOrders.userId, callerOf(ctx).userId)));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

export async function get(ctx: Ctx, id: number): Promise<StoreOrder> {
  return (await shownOrders(ctx, [await ownOrder(ctx, id)]))[0]!;
}

const stateError = (ctx: Ctx, row: StoreOrderRow) => new AppError('ORDER_STATE', { params: { status: translate(ctx.locale, `storeOrders.statuses.${row.status}`) } });

/**
 * Approve (a manual order's money seen) or retry (an order waiting for credit): the exactly-once
 * path every payment takes (`fulfilOrder`). Of approvals racing, one moves the order and the
 * others answer 409; a retry the balance still does not cover answers the order, still waiting.
 */
async function move(ctx: Ctx, id: number, trigger: 'approved' | 'retry', action: 'store_order.approved' | 'store_order.retried') {
  await ownOrder(ctx, id);
  const { order, moved } = await fulfilOrder(ctx, id, trigger);
  if (!moved && !(trigger === 'retry' && order.status === 'waiting_credit')) throw stateError(ctx, order);
  if (moved) await audit(ctx, { action, targetType: 'store_order', targetId: id, details: { status: order.status } });
  return (await shownOrders(ctx, [order]))[0]!;
}

export const approve = (ctx: Ctx, id: number) => move(ctx, id, 'approved', 'store_order.approved');
export const retry = (ctx: Ctx, id: number) => move(ctx, id, 'retry', 'store_order.retried');

/** Ends a manual order waiting for approval: nothing was or is charged. */
export async function reject(ctx: Ctx, id: number, input: RejectStoreOrderBody): Promise<StoreOrder> {
  await ownOrder(ctx, id);
  const rejected = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(storeOrders).where(eq(storeOrders.id, id)).for('update');
    if (row!.status !== 'awaiting_approval') throw stateError(ctx, row!);
    const [saved] = await tx
      .update(storeOrders)
      .set({ status: 'rejected', rejectReason: input.reason, updatedAt: new Date() })
      .where(eq(storeOrders.id, id))
      .returning();
    await audit(ctx, { action: 'store_order.rejected', targetType: 'store_order', targetId: id, details: { status: 'rejected' } }, tx);
    return saved!;
  });
  return (await shownOrders(ctx, [rejected]))[0]!;
}

