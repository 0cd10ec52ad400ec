import { and, count, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { BillingStatus } from '@panel/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { paymentOrders, paymentPlans, users } from '../../db/schema.js';
import { escapeLike, nameOrEmailContains } from '../../lib/like.js';

export const livePlan = (id: number) => and(eq(paymentPlans.id, id), isNull(paymentPlans.deletedAt))!;

export function listPlans(db: DbOrTx) {
  return db.select().from(paymentPlans).where(isNull(paymentPlans.deletedAt)).orderBy(paymentPlans.creditPoints, paymentPlans.id);
}

export async function findOrder(db: DbOrTx, orderId: string) {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId));
  return order;
}

/**
 * The one way out of 'pending': a conditional update. Of any number of confirmations of one
 * order, concurrent or replayed, exactly one finds it pending and goes on to credit it.
 */
export async function closePending(tx: Tx, orderId: string, status: Exclude<BillingStatus, 'pending'>, transactionId: string | null) {
  const [order] = await tx
    .update(paymentOrders)
    .set({ status, updatedAt: sql`now()`, ...(transactionId === null ? {} : { transactionId }) })
    .where(and(eq(paymentOrders.orderId, orderId), eq(paymentOrders.status, 'pending')))
    .returning();
  return order;
}

/** Billing rows newest first, with the buyer; `search` matches the plan title, the buyer's name or e-mail. */
export async function billingPage(db: DbOrTx, options: { resellerId: number | undefined; keyword: string | undefined; number: number; size: number }) {
  const pattern = options.keyword === undefined ? undefined : `%${escapeLike(options.keyword)}%`;
  const own = options.resellerId === undefined ? undefined : eq(paymentOrders.resellerId, options.resellerId);
  // The buyers are matched on the accounts' trigram indexes, not by an OR across a join that
  // tests every order: the page then walks the newest orders until it has enough, and the total
  // adds the matched buyers' orders (on the buyer index) to the orders whose plan title matches.
  const buyers = options.keyword === undefined ? undefined : db.select({ id: users.id }).from(users).where(nameOrEmailContains(options.keyword));
  const byTitle = pattern === undefined ? undefined : ilike(paymentOrders.planTitle, pattern);
  const byBuyer = buyers === undefined ? undefined : inArray(paymentOrders.resellerId, buyers);
  const ordersWhere = (where: SQL | undefined) => db.select({ n: count() }).from(paymentOrders).where(and(own, where));
  const total = buyers === undefined
    ? ordersWhere(undefined)
    : db.select({ n: sql<number>`(${ordersWhere(byBuyer)}) + (${ordersWhere(and(byTitle, notInArray(paymentOrders.resellerId, buyers)))})` }).from(sql`(select 1) as one`);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: paymentOrders, name: users.name, email: users.email })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.resellerId))
      .where(and(own, pattern === undefined ? undefined : or(byTitle, byBuyer)))
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(options.size)
      .offset((options.number - 1) * options.size),
    total,
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}
