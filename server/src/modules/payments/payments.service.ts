import crypto from 'node:crypto';
import type Stripe from 'stripe';
import { eq, sql } from 'drizzle-orm';
import {
  CREDIT_TR_TYPES,
  PLAN_CURRENCY,
  SEARCH_MIN_LENGTH,
  translate,
  type BillingListQuery,
  type BillingRecord,
  type BillingStatus,
  type PaymentPlan,
  type PaymentPlanBody,
  type SandboxOutcome,
  type AuditDetails,
} from '@panel/contract';
import { paymentOrders, paymentPlans } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { balanceOf, transfer } from '../credit/credit.service.js';
import type { PaymentProvider } from './payment-providers.js';
import { emit } from '../webhooks/webhooks.service.js';
import * as repo from './payments.repository.js';

/**
 * Payment plans and orders (business-panel.md "Plans and billing", issue 11). Points bought with
 * a plan enter the panel as a 'Purchase' ledger row, credited to the buyer exactly once: when the
 * provider confirms the order, whatever the number of confirmations (repo.closePending).
 */

const toPlan = (row: typeof paymentPlans.$inferSelect): PaymentPlan => ({
  id: row.id,
  title: row.title,
  price: row.price,
  currency: row.currency,
  description: row.description,
  credit_points: row.creditPoints,
  created_at: row.createdAt.toISOString(),
});

export async function listPlans(ctx: Ctx) {
  return (await repo.listPlans(ctx.db)).map(toPlan);
}

const planDetails = (input: PaymentPlanBody): AuditDetails<'payment-plan.create'> => ({
  title: input.title,
  price: input.price,
  description: input.description,
  credit_points: input.credit_points,
});

const planValues = (input: PaymentPlanBody) => ({ title: input.title, price: input.price, description: input.description, creditPoints: input.credit_points });

export async function createPlan(ctx: Ctx, input: PaymentPlanBody) {
  const [row] = await ctx.db.insert(paymentPlans).values({ ...planValues(input), currency: PLAN_CURRENCY, createdBy: callerOf(ctx).userId }).returning();
  await audit(ctx, { action: 'payment-plan.create', targetType: 'payment-plan', targetId: row!.id, details: planDetails(input) });
  return toPlan(row!);
}

export async function updatePlan(ctx: Ctx, id: number, input: PaymentPlanBody) {
  const [row] = await ctx.db.update(paymentPlans).set(planValues(input)).where(repo.livePlan(id)).returning();
  if (!row) throw new AppError('NOT_FOUND', { key: 'payments.planNotFound' });
  await audit(ctx, { action: 'payment-plan.update', targetType: 'payment-plan', targetId: id, details: planDetails(input) });
  return toPlan(row);
}

/** A deleted plan leaves the list; its orders keep their title, amount and points. */
export async function deletePlan(ctx: Ctx, id: number) {
  const [row] = await ctx.db.update(paymentPlans).set({ deletedAt: sql`now()` }).where(repo.livePlan(id)).returning({ id: paymentPlans.id });
  if (!row) throw new AppError('NOT_FOUND', { key: 'payments.planNotFound' });
  await audit(ctx, { action: 'payment-plan.delete', targetType: 'payment-plan', targetId: id });
}

/**
 * POST /api/purchase-package: a pending order with the plan's terms of today, and where to pay
 * for it. An order the provider could not open is marked failed, so it never lingers as pending.
 */
export async function purchase(ctx: Ctx, provider: PaymentProvider, planId: number) {
  const me = callerOf(ctx);
  const [plan] = await ctx.db.select().from(paymentPlans).where(repo.livePlan(planId));
  if (!plan) throw new AppError('NOT_FOUND', { key: 'payments.planNotFound' });
  const orderId = crypto.randomUUID();
  await ctx.db.insert(paymentOrders).values({
    orderId,
    resellerId: me.userId,
    planId: plan.id,
    planTitle: plan.title,
    amount: plan.price,
    currency: plan.currency,
    creditPoint: plan.creditPoints,
    provider: provider.name,
  });
  let checkout: Awaited<ReturnType<PaymentProvider['checkout']>>;
  try {
    checkout = await provider.checkout({ orderId, planTitle: plan.title, amount: plan.price, currency: plan.currency, creditPoint: plan.creditPoints, buyerEmail: me.email });
  } catch (error) {
    ctx.log.error({ err: error, orderId }, 'the payment provider refused to open a checkout');
    await closeFailed(ctx, orderId, 'failed');
    throw new AppError('UNAVAILABLE', { key: 'payments.providerUnavailable' });
  }
  if (checkout.transactionId !== null) {
    await ctx.db.update(paymentOrders).set({ transactionId: checkout.transactionId }).where(eq(paymentOrders.orderId, orderId));
  }
  await audit(ctx, { action: 'payment.order', targetType: 'payment-order', targetId: orderId, details: { planId: plan.id, amount: plan.price, creditPoint: plan.creditPoints, provider: provider.name } });
  return { orderUrl: checkout.url, orderId };
}

/** An order as the payment events tell it (webhooks/events). */
const orderEvent = (order: typeof paymentOrders.$inferSelect) => ({
  order: { order_id: order.orderId, status: order.status as 'completed' | 'failed' | 'cancelled', amount: order.amount, currency: order.currency },
  plan: { id: order.planId, name: order.planTitle },
  points: order.creditPoint,
});

/** Closes a pending order as failed or cancelled, with its `payment.failed` event in the same transaction. */
async function closeFailed(ctx: Ctx, orderId: string, status: 'failed' | 'cancelled') {
  return ctx.db.transaction(async (tx) => {
    const closed = await repo.closePending(tx, orderId, status, null);
    if (closed) await emit(ctx, tx, closed.resellerId, 'payment.failed', orderEvent(closed));
    return closed;
  });
}

export type OrderOutcome = { orderId: string; status: BillingStatus; credit_point: number; msg: string };

/**
 * The provider says the order is paid. The first confirmation credits the buyer in the same
 * transaction as the status change; every later one answers the same completed order. A failed
 * or cancelled order is never paid afterwards.
 */
export async function completeOrder(ctx: Ctx, orderId: string, transactionId: string | null): Promise<OrderOutcome> {
  const credited = await ctx.db.transaction(async (tx) => {
    const order = await repo.closePending(tx, orderId, 'completed', transactionId);
    if (!order) return undefined;
    const move = await transfer(ctx, tx, {
      trType: CREDIT_TR_TYPES.purchase,
      amount: order.creditPoint,
      debitorId: null,
      creditorId: order.resellerId,
      reason: 'purchase',
      requestId: null,
      insufficient: () => new AppError('INTERNAL'),
    });
    await tx.update(paymentOrders).set({ ledgerId: move.ledgerId }).where(eq(paymentOrders.id, order.id));
    await emit(ctx, tx, order.resellerId, 'payment.completed', { ...orderEvent(order), balance_after: move.creditorBalance! });
    return { order, balance: move.creditorBalance! };
  });
  if (credited) {
    const { order, balance } = credited;
    return { orderId, status: 'completed', credit_point: balance, msg: translate(ctx.locale, 'payments.orderPaid', { count: order.creditPoint }) };
  }
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', { key: 'payments.orderNotFound' });
  if (order.status !== 'completed') throw closedOrder(ctx, order.status);
  return { orderId, status: 'completed', credit_point: await balanceOf(ctx, order.resellerId), msg: translate(ctx.locale, 'payments.orderAlreadyPaid') };
}

const closedOrder = (ctx: Ctx, status: BillingStatus) =>
  new AppError('CONFLICT', { key: 'payments.orderClosed', params: { status: translate(ctx.locale, `payments.status_${status}`) } });

/** The provider says the payment failed or was given up: a pending order closes so, and nothing is credited. */
export async function closeOrder(ctx: Ctx, orderId: string, status: 'failed' | 'cancelled'): Promise<OrderOutcome> {
  const closed = await closeFailed(ctx, orderId, status);
  const order = closed ?? (await repo.findOrder(ctx.db, orderId));
  if (!order) throw new AppError('NOT_FOUND', { key: 'payments.orderNotFound' });
  // The same news twice is no conflict; any other closed order is.
  if (order.status !== status) throw closedOrder(ctx, order.status);
  const msg = translate(ctx.locale, status === 'failed' ? 'payments.orderFailed' : 'payments.orderCancelled');
  return { orderId, status, credit_point: await balanceOf(ctx, order.resellerId), msg };
}

/** The built-in checkout shows and decides only the caller's own orders: anyone else's is not found. */
async function ownOrder(ctx: Ctx, orderId: string) {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order || order.resellerId !== callerOf(ctx).userId) throw new AppError('NOT_FOUND', { key: 'payments.orderNotFound' });
  return order;
}

export async function sandboxOrder(ctx: Ctx, orderId: string) {
  const order = await ownOrder(ctx, orderId);
  return { orderId, plan_title: order.planTitle, amount: order.amount, currency: order.currency, credit_point: order.creditPoint, status: order.status };
}

export async function sandboxOutcome(ctx: Ctx, orderId: string, outcome: SandboxOutcome): Promise<OrderOutcome> {
  await ownOrder(ctx, orderId);
  await audit(ctx, { action: `payment.sandbox-${outcome}`, targetType: 'payment-order', targetId: orderId });
  if (outcome === 'paid') return completeOrder(ctx, orderId, `sandbox_${crypto.randomBytes(12).toString('hex')}`);
  return closeOrder(ctx, orderId, outcome);
}

/** GET /api/billing-records: a reseller's own orders; a plan manager's (edit-delete-plan) every order. */
export async function listBilling(ctx: Ctx, query: BillingListQuery) {
  const me = callerOf(ctx);
  const keyword = query.search_title?.trim();
  const { entries, total, totalCapped } = await repo.billingPage(ctx.db, {
    resellerId: me.isAdmin || me.permissions.has('edit-delete-plan') ? undefined : me.userId,
    keyword: keyword && keyword.length >= SEARCH_MIN_LENGTH ? keyword : undefined,
    number: query.page_number,
    size: query.page_size,
  });
  const data: BillingRecord[] = entries.map(({ order, name, email }) => ({
    orderId: order.orderId,
    reseller_name: name,
    reseller_email: email,
    plan_title: order.planTitle,
    amount: order.amount,
    currency: order.currency,
    credit_point: order.creditPoint,
    status: order.status,
    transaction_id: order.transactionId,
    created_at: order.createdAt.toISOString(),
  }));
  const meta = { total, total_capped: totalCapped, last_page: Math.max(1, Math.ceil(total / query.page_size)), current_page: query.page_number, per_page: query.page_size };
  return { data, meta };
}

/** The Checkout Session events that decide an order; any other event is acknowledged and ignored. */
export async function handleStripeEvent(ctx: Ctx, event: Stripe.Event): Promise<OrderOutcome | undefined> {
  if (!event.type.startsWith('checkout.session.')) return undefined;
  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.metadata?.orderId ?? session.client_reference_id;
  if (!orderId) return undefined;
  switch (event.type) {
    case 'checkout.session.completed':
      // A delayed method (a bank debit) completes the session unpaid: its async events decide later.
      return session.payment_status === 'unpaid' ? undefined : completeOrder(ctx, orderId, session.id);
    case 'checkout.session.async_payment_succeeded':
      return completeOrder(ctx, orderId, session.id);
    case 'checkout.session.async_payment_failed':
      return closeOrder(ctx, orderId, 'failed');
    case 'checkout.session.expired':
      return closeOrder(ctx, orderId, 'cancelled');
    default:
      return undefined;
  }
}
