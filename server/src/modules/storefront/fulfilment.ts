import type { Tx } from '../../db/client.js';
import type { storeOrders } from '../../db/schema.js';
import type { Ctx } from '../../http/context.js';

/**
 * From payment to activation, exactly once (issue 43): a paid Stripe event, the reseller's approval,
 * a retry or credit arriving moves an order to activated, waiting_credit or failed.
 */

export type StoreOrderRow = typeof storeOrders.$inferSelect;
export type FulfilTrigger = 'paid' | 'approved' | 'retry' | 'sweep';

/** Work in progress in this session: the lead writes it next. */
export async function fulfil(_ctx: Ctx, _orderId: number, _trigger: FulfilTrigger, _payment: { stripePaymentIntent?: string | null } = {}): Promise<StoreOrderRow> {
  throw new Error('fulfil: not written yet');
}

export async function announcePlaced(_ctx: Ctx, _tx: Tx, _order: StoreOrderRow): Promise<void> {}
