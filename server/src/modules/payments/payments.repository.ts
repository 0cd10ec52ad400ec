import { and, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { BillingStatus } from '@panel/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { paymentOrders, paymentPlans, users } from '../../db/schema.js';
import { cappedPages, countOf } from '../../lib/capped-page.js';
import { escapeLike, nameOrEmailMatching } from '../../lib/like.js';
import { shapeOf } from '../../lib/shaped-statement.js';

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

const pages = cappedPages('billing');

/**
 * Billing rows newest first, with the buyer; `search` matches the plan title, the buyer's name or
 * e-mail. The buyers are matched on the accounts' search column, not by an OR across a join that
 * tests every order: the page then walks the newest orders until it has enough. The total, in the
 * same statement, counts the matched buyers' orders (on the buyer index) and then the other
 * orders whose plan title matches, 1,000 rows past the page. Built once per shape
 * (a buyer's own or every order, searched or not; `cappedPages`).
 */
export async function billingPage(db: DbOrTx, options: { resellerId: number | undefined; keyword: string | undefined; number: number; size: number }) {
  const keyword = options.keyword;
  const shape = shapeOf([
    options.resellerId === undefined ? undefined : { key: 'own', values: { id: options.resellerId }, build: (value) => eq(paymentOrders.resellerId, value('id')) },
    keyword === undefined ? undefined : { key: 'title', values: { pattern: `%${escapeLike(keyword)}%` }, build: (value) => ilike(paymentOrders.planTitle, value('pattern')) },
    keyword === undefined ? undefined : nameOrEmailMatching(keyword),
  ]);
  const matching = () => {
    const [own, byTitle, buyerMatch] = shape.conditions();
    const orders = (where: SQL | undefined) => db.select({ one: sql`1` }).from(paymentOrders).where(and(own, where));
    if (!byTitle || !buyerMatch) return { own, search: undefined, limited: orders(undefined).limit(sql.placeholder('cap')) };
    const buyers = db.select({ id: users.id }).from(users).where(buyerMatch);
    const limited = orders(inArray(paymentOrders.resellerId, buyers))
      .unionAll(orders(and(byTitle, notInArray(paymentOrders.resellerId, buyers))))
      .limit(sql.placeholder('cap'));
    return { own, search: or(byTitle, inArray(paymentOrders.resellerId, buyers)), limited };
  };
  return pages(db, shape, { number: options.number, size: options.size }, {
    matching: () => matching().limited,
    page: () => {
      const { own, search, limited } = matching();
      return db
        .select({ order: paymentOrders, name: users.name, email: users.email, matching: countOf(limited) })
        .from(paymentOrders)
        .innerJoin(users, eq(users.id, paymentOrders.resellerId))
        .where(and(own, search))
        .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
        .limit(sql.placeholder('size'))
        .offset(sql.placeholder('offset'));
    },
  });
}
