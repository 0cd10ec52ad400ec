import { and, asc, eq } from 'drizzle-orm';
import type { StoreOrderStatus, WebhookEventData } from '@panel/contract';
import type { Tx } from '../../db/client.js';
import { storeOrders } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { accountAuth } from '../../http/auth.js';
import type { Ctx } from '../../http/context.js';
import { chargeActivation } from '../activation/activation.service.js';
import { fileCustomer, linkDevices } from '../customers/customers.service.js';
import { devicesOfMac } from '../devices/devices.service.js';
import { emit } from '../webhooks/webhooks.service.js';
import { tellOwnerAboutOrder } from '../telegram/telegram.service.js';
import { afterCommit } from '../../db/after-commit.js';
import { mailOrderReceipt, mailResellerAboutOrder, type StoreOrderRow } from './order-mails.js';

/**
 * From payment to activation, exactly once (issue 43). A paid Stripe event, the reseller's
 * approval, a retry or credit arriving each call `fulfil`, which locks the order's row first: of
 * any number of calls racing, the first moves the order and the others find it moved and do
 * nothing. The activation itself is the multi-app path's (`chargeActivation`): the account's
 * credit charged with its ledger row, the devices' expiry, the activation rows, insights and
 * `activation.succeeded`, all in the order's transaction.
 */

export type { StoreOrderRow };
export type FulfilTrigger = 'paid' | 'approved' | 'retry' | 'sweep';

/** The statuses each trigger moves an order from; from any other it does nothing. */
const MOVES_FROM: Record<FulfilTrigger, readonly StoreOrderStatus[]> = {
  paid: ['pending_payment'],
  approved: ['awaiting_approval'],
  retry: ['waiting_credit'],
  sweep: ['waiting_credit'],
};

/** The events an order's new status sends. */
const EVENT_OF: Partial<Record<StoreOrderStatus, 'order.activated' | 'order.waiting_credit' | 'order.failed'>> = {
  activated: 'order.activated',
  waiting_credit: 'order.waiting_credit',
  failed: 'order.failed',
};

export function orderEventData(order: StoreOrderRow): WebhookEventData['order.activated'] {
  return {
    order: {
      id: order.id,
      status: order.status,
      method: order.method,
      product: { id: order.productId, name: order.productName },
      app_ids: order.appIds,
      package: order.package,
      price: order.price,
      currency: order.currency,
      credit_cost: order.creditCost,
      mac_address: order.macAddress,
      email: order.email,
      expires_at: order.expiresAt?.toISOString() ?? null,
      failure_reason: order.failureReason,
    },
  };
}

/** A manual order was placed: the reseller's endpoints hear it waits for approval (in the order's transaction). */
export async function announcePlaced(ctx: Ctx, tx: Tx, order: StoreOrderRow): Promise<void> {
  if (order.status === 'awaiting_approval') await emit(ctx, tx, order.userId, 'order.awaiting_approval', orderEventData(order));
  // The reseller's Telegram chat, with Approve and Reject (issue 44): only once the order exists.
  if (order.status === 'awaiting_approval') afterCommit(tx, () => void tellOwnerAboutOrder(ctx, order));
}

/** The reason key of an activation refusal that no retry can cure, or null for one credit can. */
function failureOf(error: unknown): string | null {
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'INSUFFICIENT_CREDIT') return null;
  if (error.code === 'ACTIVATION_REFUSED') return Object.values(error.options.fields ?? {})[0]?.[0] ?? error.key;
  if (error.code === 'NO_APPS_TO_ACTIVATE') return 'activation.check.notAllowed';
  throw error;
}

/**
 * Moves order `orderId` on after `trigger`: activated, waiting_credit (the balance does not cover
 * it) or failed (it can no longer be delivered). Answers the order as it is after, moved or not.
 * Locks: the order, then (in the activation) its devices, then the account: nothing locks an order
 * after a device or an account.
 */
export async function fulfil(ctx: Ctx, orderId: number, trigger: FulfilTrigger, payment: { stripePaymentIntent?: string | null } = {}): Promise<StoreOrderRow> {
  return (await fulfilOrder(ctx, orderId, trigger, payment)).order;
}

/** `fulfil`, saying whether this call moved the order (false: another call had, or it still waits for credit). */
export async function fulfilOrder(
  ctx: Ctx,
  orderId: number,
  trigger: FulfilTrigger,
  payment: { stripePaymentIntent?: string | null } = {},
): Promise<{ order: StoreOrderRow; moved: boolean }> {
  // The account is read before the transaction: PGlite has one connection, which the transaction holds.
  const [placed] = await ctx.db.select({ userId: storeOrders.userId }).from(storeOrders).where(eq(storeOrders.id, orderId));
  if (!placed) throw new AppError('ORDER_NOT_FOUND');
  const owner = await accountAuth(ctx.db, placed.userId);
  const { order, moved } = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(storeOrders).where(eq(storeOrders.id, orderId)).for('update');
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (!MOVES_FROM[trigger].includes(order.status)) return { order, moved: false };

    const paid = { paidAt: order.paidAt ?? new Date(), stripePaymentIntent: payment.stripePaymentIntent ?? order.stripePaymentIntent, updatedAt: new Date() };
    const customerId = order.customerId ?? (await fileCustomer(tx, order.userId, order));
    let next: Partial<StoreOrderRow>;
    if (!owner) {
      // The store's account was closed after the order was placed: nobody can deliver it.
      next = { status: 'failed', failureReason: 'errors.storefrontNotFound' };
    } else {
      const asOwner: Ctx = { ...ctx, auth: owner };
      try {
        // A savepoint: a refused activation rolls back alone, and the order still records why.
        const charged = await tx.transaction((sp) =>
          chargeActivation(asOwner, sp, {
            mac: order.macAddress,
            appIds: order.appIds,
            pkg: order.package === 'lifetime' ? 'Lifetime' : '1-Year',
            comment: `Store order #${order.id}`,
            requestId: null,
            from: 'storefront',
          }),
        );
        const lifetime = order.package === 'lifetime';
        const soonest = lifetime ? null : new Date(Math.min(...charged.activated.map((a) => Date.parse(a.expire_date))));
        next = { status: 'activated', activatedAt: new Date(), expiresAt: soonest, ledgerId: charged.ledgerId, failureReason: null };
        const devices = await devicesOfMac(tx, order.macAddress, order.appIds);
        await linkDevices(tx, customerId, devices.map((d) => d.id), order.productId);
      } catch (error) {
        const reason = failureOf(error);
        next = reason === null ? { status: 'waiting_credit' } : { status: 'failed', failureReason: reason };
      }
    }
    if (next.status === order.status) {
      // Still waiting for credit (a sweep or a retry too soon): nothing to record or tell again.
      return { order, moved: false };
    }
    const [saved] = await tx
      .update(storeOrders)
      .set({ ...paid, ...next, customerId })
      .where(eq(storeOrders.id, order.id))
      .returning();
    const event = EVENT_OF[saved!.status];
    if (event) await emit(ctx, tx, saved!.userId, event, orderEventData(saved!));
    return { order: saved!, moved: true };
  });
  if (moved) void tell(ctx, order);
  return { order, moved };
}

/** After the commit: the customer's receipt, or the reseller's mail about an order it must act on. */
async function tell(ctx: Ctx, order: StoreOrderRow) {
  if (order.status === 'activated') await mailOrderReceipt(ctx, order);
  else if (order.status === 'waiting_credit' || order.status === 'failed') {
    await mailResellerAboutOrder(ctx, order);
    await tellOwnerAboutOrder(ctx, order);
  }
}

/**
 * Credit arrived on `userId`'s account: its orders waiting for credit activate, oldest first, until
 * one still does not fit. Called after the move committed, outside its locks; a failure is logged
 * (the reseller's retry, or the next credit, tries again).
 */
export async function sweepWaitingOrders(ctx: Ctx, userId: number): Promise<void> {
  try {
    const waiting = await ctx.db
      .select({ id: storeOrders.id })
      .from(storeOrders)
      .where(and(eq(storeOrders.userId, userId), eq(storeOrders.status, 'waiting_credit')))
      .orderBy(asc(storeOrders.id));
    for (const { id } of waiting) {
      const after = await fulfil(ctx, id, 'sweep');
      if (after.status === 'waiting_credit') break;
    }
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'store orders waiting for credit not swept');
  }
}
