import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { BillingStatus } from '@panel/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { paymentOrders, paymentPlans, users } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';

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
  // The buyers are matched first, on the accounts' trigram indexes, then their orders on the
  // buyer index: an OR across the join would test every order (118 ms at 100,000 orders).
  const buyers = pattern === undefined ? undefined : db.select({ id: users.id }).from(users).where(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  const matching = pattern === undefined
    ? undefined
    : inArray(
        paymentOrders.id,
        db
          .select({ id: paymentOrders.id })
          .from(paymentOrders)
          .where(ilike(paymentOrders.planTitle, pattern))
          .union(db.select({ id: paymentOrders.id }).from(paymentOrders).where(inArray(paymentOrders.resellerId, buyers!))),
      );
  const where: SQL | undefined = and(options.resellerId === undefined ? undefined : eq(paymentOrders.resellerId, options.resellerId), matching);
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: paymentOrders, name: users.name, email: users.email })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.resellerId))
      .where(where)
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(options.size)
      .offset((options.number - 1) * options.size),
    db.select({ n: count() }).from(paymentOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
