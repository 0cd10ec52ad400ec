import { eq, inArray } from 'drizzle-orm';
import { translate, type Locale } from '@panel/contract';
import { applications, storeOrders, storefronts, users } from '../../db/schema.js';
import type { Ctx } from '../../http/context.js';
import { accountLocale, storeOrderAttentionMail, storeReceiptMail } from '../../mail/templates.js';
import { orderTelegramUrl, sendReceiptToChat } from '../telegram/telegram.service.js';

export type StoreOrderRow = typeof storeOrders.$inferSelect;

/** What the order's mails need of its store and its account. */
async function storeOfOrder(ctx: Pick<Ctx, 'db'>, order: StoreOrderRow) {
  const [row] = await ctx.db
    .select({ store: storefronts, owner: { name: users.name, email: users.email, locale: users.locale } })
    .from(storefronts)
    .innerJoin(users, eq(users.id, storefronts.userId))
    .where(eq(storefronts.id, order.storefrontId));
  return row ? { ...row, ownerLocale: accountLocale(row.owner.locale) } : undefined;
}

/** Where a customer follows its order (the public store's order page). */
export const customerOrderUrl = (ctx: Pick<Ctx, 'config'>, slug: string, orderId: number) => `${ctx.config.publicUrl}/store/${encodeURIComponent(slug)}/orders/${orderId}`;
/** Where the reseller acts on an order (Sales → Orders). */
export const resellerOrderUrl = (ctx: Pick<Ctx, 'config'>, orderId: number) => `${ctx.config.publicUrl}/storefront/orders?order=${orderId}`;

/**
 * The customer's receipt once its order is activated, in the order's language. Sent after the
 * commit: a mail that cannot be sent is logged, the activation stays done.
 */
export async function mailOrderReceipt(ctx: Ctx, order: StoreOrderRow): Promise<void> {
  try {
    const found = await storeOfOrder(ctx, order);
    if (!found) return;
    const { store } = found;
    const apps = await ctx.db.select({ name: applications.appName }).from(applications).where(inArray(applications.id, order.appIds));
    const contact = store.supportEmail ?? store.supportWhatsapp ?? store.supportTelegram;
    await ctx.mailer.send(
      storeReceiptMail(order.language as Locale, { name: order.name ?? order.email, email: order.email }, {
        store: store.title,
        contact,
        product: order.productName,
        mac: order.macAddress,
        apps: apps.map((a) => a.name),
        expiresAt: order.expiresAt,
        link: customerOrderUrl(ctx, store.slug, order.id),
        telegram: await orderTelegramUrl(ctx, order),
      }),
    );
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'store order receipt not sent');
  }
  // The same receipt to the customer's Telegram chat, when linked (issue 44; never throws).
  await sendReceiptToChat(ctx, order);
}

/** The reseller's mail about a paid order waiting for its credit, or failed (refund the customer). */
export async function mailResellerAboutOrder(ctx: Ctx, order: StoreOrderRow): Promise<void> {
  if (order.status !== 'waiting_credit' && order.status !== 'failed') return;
  try {
    const found = await storeOfOrder(ctx, order);
    if (!found) return;
    const locale = found.ownerLocale;
    await ctx.mailer.send(
      storeOrderAttentionMail(locale, found.owner, {
        id: order.id,
        status: order.status,
        product: order.productName,
        mac: order.macAddress,
        cost: order.creditCost,
        customer: order.email,
        reason: order.failureReason ? translate(locale, order.failureReason) : null,
        link: resellerOrderUrl(ctx, order.id),
      }),
    );
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'store order mail to the reseller not sent');
  }
}
