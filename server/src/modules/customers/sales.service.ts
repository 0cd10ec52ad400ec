import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { INSIGHTS_DEFAULT_RANGE_DAYS, INSIGHTS_MAX_RANGE_DAYS, STORE_ORDER_STATUSES, type StoreSales, type StoreSalesQuery } from '@panel/contract';
import { storeOrders } from '../../db/schema.js';
import { fieldError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';

/**
 * The Sales card on Insights (issue 43): what the caller's own store sold. Revenue and credits
 * count the orders activated in the range (the sale is made when the device is: a paid order
 * waiting for credit is not revenue yet); the statuses count the orders placed in the range.
 * Only the caller's own orders, whatever its role: a sub-reseller's store is its own business.
 */

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The range's ends, defaults filled as Insights does: no `to` is today, no `from` is 29 days before `to`. */
export function salesRange(query: StoreSalesQuery, now = new Date()): { from: string; to: string } {
  const to = query.to?.slice(0, 10) ?? isoDay(now);
  const from = query.from?.slice(0, 10) ?? isoDay(new Date(dayStart(to).getTime() - (INSIGHTS_DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  if (from > to) throw fieldError('to', 'validation.endBeforeStart');
  if ((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS + 1 > INSIGHTS_MAX_RANGE_DAYS) throw fieldError('to', 'validation.insightsRangeTooLong');
  return { from, to };
}

/** GET /api/storefront/sales. */
export async function sales(ctx: Ctx, query: StoreSalesQuery): Promise<StoreSales> {
  const me = callerOf(ctx);
  const range = salesRange(query);
  const start = dayStart(range.from);
  const end = new Date(dayStart(range.to).getTime() + DAY_MS);
  const own = eq(storeOrders.userId, me.userId);
  const [activated, placed] = await Promise.all([
    ctx.db
      .select({
        currency: storeOrders.currency,
        // Sums as text: a year of sales may pass what a 32-bit integer holds.
        amount: sql<string>`sum(${storeOrders.price})::text`,
        orders: sql<number>`count(*)::int`,
        credits: sql<string>`sum(${storeOrders.creditCost})::text`,
      })
      .from(storeOrders)
      .where(and(own, eq(storeOrders.status, 'activated'), gte(storeOrders.activatedAt, start), lt(storeOrders.activatedAt, end)))
      .groupBy(storeOrders.currency)
      .orderBy(storeOrders.currency),
    ctx.db
      .select({ status: storeOrders.status, orders: sql<number>`count(*)::int` })
      .from(storeOrders)
      .where(and(own, gte(storeOrders.createdAt, start), lt(storeOrders.createdAt, end)))
      .groupBy(storeOrders.status),
  ]);
  const byStatus = Object.fromEntries(STORE_ORDER_STATUSES.map((status) => [status, 0])) as StoreSales['orders_by_status'];
  for (const row of placed) byStatus[row.status] = row.orders;
  return {
    revenue: activated.map((row) => ({ currency: row.currency, amount: Number(row.amount), orders: row.orders })),
    orders_by_status: byStatus,
    credits_spent: activated.reduce((sum, row) => sum + Number(row.credits), 0),
    from: range.from,
    to: range.to,
  };
}
