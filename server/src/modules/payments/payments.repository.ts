import { and, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BillingStatus } from '@panel/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { paymentOrders, paymentPlans, users } from '../../db/schema.js';
import { cappedPage } from '../../lib/capped-page.js';
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

/**
 * Billing rows newest first, with the buyer; `search` matches the plan title, the buyer's name or
 * e-mail. The buyers are matched on the accounts' search column, not by an OR across a join that
 * tests every order: the page then walks the newest orders until it has enough. The total, in the
 * same statement, counts the matched buyers' orders (on the buyer index) and then the other
 * orders whose plan title matches, 1,000 rows past the page (`cappedPage`).
 */
export async function billingPage(db: DbOrTx, options: { resellerId: number | undefined; keyword: string | undefined; number: number; size: number }) {
  const own = options.resellerId === undefined ? undefined : eq(paymentOrders.resellerId, options.resellerId);
  const offset = (options.number - 1) * options.size;
  const orders = (where: SQL | undefined) => db.select({ one: sql`1` }).from(paymentOrders).where(and(own, where));
  let search: SQL | undefined;
  let matching: { limit(n: number): SQLWrapper } = orders(undefined);
  if (options.keyword !== undefined) {
    const byTitle = ilike(paymentOrders.planTitle, `%${escapeLike(options.keyword)}%`);
    const buyers = db.select({ id: users.id }).from(users).where(nameOrEmailContains(options.keyword));
    search = or(byTitle, inArray(paymentOrders.resellerId, buyers));
    matching = orders(inArray(paymentOrders.resellerId, buyers)).unionAll(orders(and(byTitle, notInArray(paymentOrders.resellerId, buyers))));
  }
  return cappedPage(db, matching, offset, (counted) =>
    db
      .select({ order: paymentOrders, name: users.name, email: users.email, matching: counted })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.resellerId))
      .where(and(own, search))
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(options.size)
      .offset(offset),
  );
}
