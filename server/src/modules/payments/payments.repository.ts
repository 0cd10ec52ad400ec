import { and, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BillingStatus } from '@panel/contract';
import { perDatabase, type DbOrTx, type Tx } from '../../db/client.js';
import { paymentOrders, paymentPlans, users } from '../../db/schema.js';
import { cappedAnswer, cappedPage, countLimit, countOf } from '../../lib/capped-page.js';
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
 * A buyer's own orders, newest first, counted 1,000 past the page: the page its Billing screen opens
 * on, built once per database handle with its values as placeholders (building the statement on
 * every request was a third of this list's processor time; issue 28).
 */
const ownPage = perDatabase((db: DbOrTx) => {
  const reseller = sql.placeholder('reseller');
  const limited = db.select({ one: sql`1` }).from(paymentOrders).where(eq(paymentOrders.resellerId, reseller)).limit(sql.placeholder('cap'));
  return db
    .select({ order: paymentOrders, name: users.name, email: users.email, matching: countOf(limited) })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.resellerId))
    .where(eq(paymentOrders.resellerId, reseller))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(sql.placeholder('size'))
    .offset(sql.placeholder('offset'))
    .prepare('billing_own_page');
});

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
  if (options.resellerId !== undefined && options.keyword === undefined) {
    const rows = await ownPage(db).execute({ reseller: options.resellerId, cap: countLimit(offset), size: options.size, offset });
    // A page past the end carries no count: the general path below counts it.
    if (rows.length > 0) return cappedAnswer(rows, offset, rows[0]!.matching);
  }
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
