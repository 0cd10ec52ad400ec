import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  productCreditCost,
  STORE_ORDERS_PER_MINUTE,
  translate,
  type Locale,
  type PlacedStoreOrder,
  type PlaceStoreOrderBody,
  type PublicStoreOrder,
  type StorefrontMethod,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { applications, storeOrders, storeStripeEvents, storefrontProducts, storefronts } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Ctx } from '../../http/context.js';
import { retryAfterSeconds } from '../../lib/rate-limiter.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { decryptSecret, serverKey } from '../../lib/server-key.js';
import { devicesOfMac } from '../devices/devices.service.js';
import { announcePlaced, fulfil, type StoreOrderRow } from './fulfilment.js';
import { orderTelegramUrl } from '../telegram/telegram.service.js';
import { createStoreCheckout, paidSessionOf, storeStripeClient, stripeFailure, verifyStoreEvent } from './store-stripe.js';
import { openStore, publicUrlOf, sellableApps, type StorefrontRow } from './storefront.service.js';

/**
 * The customer's side of a store (issue 43): placing an order, following it with its token, and
 * the store's own Stripe events that prove a card payment. A customer has no session: what proves
 * it is the order token (256 random bits, kept only as its SHA-256) or, for Stripe, the signature
 * made with the store's webhook secret.
 */

const MINUTE = 60_000;
/** Reads of an order a client address may make a minute: the order page follows the status every few seconds. */
const ORDER_READS_PER_MINUTE = 120;

/** Counts a call against the client address; past `max` in the minute, 429 with Retry-After. */
async function limit(ctx: Ctx, key: string, max: number) {
  const window = await ctx.limiter.hit(`${key}:${ctx.ip}`, MINUTE);
  if (window.count > max) {
    const seconds = retryAfterSeconds(window);
    throw new AppError('TOO_MANY_REQUESTS', { params: { count: seconds }, headers: { 'retry-after': String(seconds) } });
  }
}

function methodSetUp(store: StorefrontRow, method: StorefrontMethod): boolean {
  return method === 'stripe' ? store.stripeSecretKeyEncrypted !== null && store.stripeWebhookSecretEncrypted !== null : store.manualEnabled;
}

/** The store's product `id` when a customer may buy it now: active, not deleted, and every app still the account's to sell. */
async function sellableProduct(db: DbOrTx, store: StorefrontRow, roleId: number, id: number) {
  const [product] = await db
    .select()
    .from(storefrontProducts)
    .where(and(eq(storefrontProducts.id, id), eq(storefrontProducts.storefrontId, store.id), eq(storefrontProducts.active, true), isNull(storefrontProducts.deletedAt)));
  if (!product) return undefined;
  const sellable = await sellableApps(db, store.userId, roleId);
  return product.appIds.every((app) => sellable.has(app)) ? product : undefined;
}

/**
 * Why this MAC cannot be sold these apps, as a message key, or null. The device must exist on every
 * app (a player registered it: the customer opened the app on the TV), be enabled, and not be
 * lifetime already (a sale would add nothing). The activation checks all of this again when the
 * payment lands; this is so that no customer pays for what cannot be delivered.
 */
async function macProblem(db: DbOrTx, mac: string, appIds: number[]): Promise<string | null> {
  const devices = await devicesOfMac(db, mac, appIds);
  if (!appIds.every((app) => devices.some((d) => d.applicationId === app))) return 'validation.macNotRegistered';
  if (devices.some((d) => d.disabledAt !== null)) return 'validation.deviceDisabled';
  if (devices.some((d) => d.lifetime)) return 'validation.deviceLifetime';
  return null;
}

const hashToken = (token: string) => sha256(token);

/**
 * Places an order on the open store at `slug`. Every check comes before any money: a refused order
 * leaves nothing. A manual order waits for the reseller's approval; a card order gets a Checkout
 * Session on the reseller's own Stripe account, created after the order row is committed (its id
 * is the session's reference) and the row is removed again when Stripe cannot be reached.
 */
export async function placeOrder(ctx: Ctx, slug: string, input: PlaceStoreOrderBody): Promise<PlacedStoreOrder> {
  // Counted before anything is looked up: the checks below say whether a MAC is registered, so a
  // client address gets as many answers a minute as it may place orders, refused ones included.
  await limit(ctx, 'store-orders', STORE_ORDERS_PER_MINUTE);
  const { store, roleId } = await openStore(ctx.db, slug);
  const product = await sellableProduct(ctx.db, store, roleId, input.product_id);
  const fields: Record<string, string[]> = {};
  if (!product) fields.product_id = ['validation.productUnavailable'];
  if (!methodSetUp(store, input.method)) fields.method = ['validation.methodNotSetUp'];
  const mac = product ? await macProblem(ctx.db, input.mac_address, product.appIds) : null;
  if (mac) fields.mac_address = [mac];
  if (!product || Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });

  // Decrypted before the order exists: a key the server can no longer read leaves no order behind.
  const secretKey = input.method === 'stripe' ? readSecret(ctx, store.stripeSecretKeyEncrypted!) : undefined;
  const token = randomToken();
  const order = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(storeOrders)
      .values({
        storefrontId: store.id,
        userId: store.userId,
        productId: product.id,
        productName: product.name,
        appIds: product.appIds,
        package: product.package,
        price: product.price,
        currency: store.currency,
        // The order keeps what a sale cost when it was placed, as it keeps the price.
        creditCost: productCreditCost(product.package, product.appIds.length),
        macAddress: input.mac_address,
        email: input.email,
        name: input.name ?? null,
        language: input.language ?? store.defaultLanguage,
        method: input.method,
        status: input.method === 'stripe' ? 'pending_payment' : 'awaiting_approval',
        tokenHash: hashToken(token),
      })
      .returning();
    if (input.method === 'manual') await announcePlaced(ctx, tx, created!);
    return created!;
  });

  if (secretKey === undefined) {
    return { id: order.id, status: order.status, order_token: token, instructions: store.manualInstructions ?? '', ...(await telegramOf(ctx, order)) };
  }
  const checkout = await startCheckout(ctx, store, order, secretKey);
  return { id: order.id, status: order.status, order_token: token, checkout_url: checkout.url, ...(await telegramOf(ctx, order)) };
}

/** `telegram_url` when the store has a bot (issue 44), else nothing. */
async function telegramOf(ctx: Ctx, order: StoreOrderRow): Promise<{ telegram_url?: string }> {
  const url = await orderTelegramUrl(ctx, order);
  return url ? { telegram_url: url } : {};
}

function readSecret(ctx: Ctx, stored: string): string {
  try {
    return decryptSecret(serverKey(ctx.config), stored);
  } catch (error) {
    // The server key changed since the reseller saved its keys: it has to save them again.
    ctx.log.error({ err: stripeFailure(error) }, 'a store\'s Stripe key cannot be decrypted with the server key');
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
}

async function startCheckout(ctx: Ctx, store: StorefrontRow, order: StoreOrderRow, secretKey: string) {
  const storeUrl = publicUrlOf(ctx.config, store.slug);
  try {
    const session = await createStoreCheckout(storeStripeClient(ctx.config, secretKey), {
      orderId: order.id,
      storefrontId: store.id,
      placedAt: order.createdAt,
      productName: order.productName,
      price: order.price,
      currency: order.currency,
      email: order.email,
      locale: order.language,
      successUrl: `${storeUrl}/orders/${order.id}`,
      cancelUrl: storeUrl,
    });
    await ctx.db.update(storeOrders).set({ stripeSessionId: session.id, updatedAt: new Date() }).where(eq(storeOrders.id, order.id));
    return session;
  } catch (error) {
    // No session, so nothing can ever pay this order: it goes, and the customer may try again.
    await ctx.db.delete(storeOrders).where(and(eq(storeOrders.id, order.id), eq(storeOrders.status, 'pending_payment')));
    ctx.log.warn({ stripe: stripeFailure(error), storefrontId: store.id, orderId: order.id }, 'store checkout session not created');
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
}

// ---------------------------------------------------------------------------------------------
// Following an order
// ---------------------------------------------------------------------------------------------

/** The bearer token of an Authorization header, if any. */
export function bearerOf(header: string | undefined): string | undefined {
  const [scheme, token] = header?.split(' ') ?? [];
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Whether `token` is the order's: equal-length digests compared in constant time. */
function tokenMatches(order: Pick<StoreOrderRow, 'tokenHash'> | undefined, token: string | undefined): boolean {
  const given = Buffer.from(hashToken(token ?? ''), 'hex');
  // An unknown order is compared against a digest of its own, so it takes the time a wrong token takes.
  const stored = Buffer.from(order?.tokenHash ?? hashToken('no order'), 'hex');
  return crypto.timingSafeEqual(given, stored) && order !== undefined && token !== undefined;
}

/**
 * The order `id` as its customer sees it, for the holder of its token. No token, another order's,
 * and an unknown id all answer the same 404: the id alone tells nothing.
 */
export async function publicOrder(ctx: Ctx, id: number, token: string | undefined): Promise<PublicStoreOrder> {
  await limit(ctx, 'store-order-reads', ORDER_READS_PER_MINUTE);
  const [found] = await ctx.db
    .select({ order: storeOrders, instructions: storefronts.manualInstructions })
    .from(storeOrders)
    .innerJoin(storefronts, eq(storefronts.id, storeOrders.storefrontId))
    .where(eq(storeOrders.id, id));
  if (!tokenMatches(found?.order, token)) throw new AppError('ORDER_NOT_FOUND');
  const { order, instructions } = found!;
  const names = await appNames(ctx.db, order.appIds);
  const activated = order.status === 'activated';
  const lifetime = order.package === 'lifetime';
  return {
    id: order.id,
    status: order.status,
    method: order.method,
    product_name: order.productName,
    package: order.package,
    apps: order.appIds.map((app) => ({ id: app, name: names.get(app) ?? '' })),
    mac_address: order.macAddress,
    price: order.price,
    currency: order.currency,
    instructions: order.method === 'manual' && order.status === 'awaiting_approval' ? (instructions ?? '') : null,
    expires_at: activated && !lifetime ? (order.expiresAt?.toISOString() ?? null) : null,
    is_lifetime: activated && lifetime,
    reason: reasonOf(ctx.locale, order),
    created_at: order.createdAt.toISOString(),
    activated_at: order.activatedAt?.toISOString() ?? null,
    ...(await telegramOf(ctx, order)),
  };
}

/** Why a failed or rejected order ended: the failure's message key in the caller's language, or the reseller's own words. */
function reasonOf(locale: Locale, order: StoreOrderRow): string | null {
  if (order.status === 'failed') return order.failureReason ? translate(locale, order.failureReason) : null;
  if (order.status === 'rejected') return order.rejectReason;
  return null;
}

/** Names of the order's apps, hidden ones included: the order was sold with them. */
async function appNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: applications.id, name: applications.appName })
    .from(applications)
    .where(sql`${applications.id} = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---------------------------------------------------------------------------------------------
// The store's Stripe events
// ---------------------------------------------------------------------------------------------

/**
 * An event from a reseller's own Stripe account, sent to its store's webhook URL. It must be signed
 * with THAT store's webhook secret over these exact bytes, less than 5 minutes ago: anything else
 * is 400 and changes nothing. Each event acts once (its id is recorded per store); a paid one
 * activates its order through `fulfil`, which is exactly-once by itself however deliveries race.
 */
export async function receiveStripeEvent(ctx: Ctx, storefrontId: string, body: unknown, signature: string | string[] | undefined): Promise<void> {
  const id = /^\d{1,9}$/.test(storefrontId) ? Number(storefrontId) : undefined;
  const [store] = id === undefined ? [] : await ctx.db.select({ id: storefronts.id, secret: storefronts.stripeWebhookSecretEncrypted }).from(storefronts).where(eq(storefronts.id, id));
  if (!store?.secret) throw new AppError('BAD_REQUEST', { key: 'errors.storeWebhookUnknown' });
  let event;
  try {
    if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw new Error('unsigned');
    event = verifyStoreEvent(body, signature, decryptSecret(serverKey(ctx.config), store.secret));
  } catch {
    throw new AppError('BAD_REQUEST', { key: 'payments.invalidSignature' });
  }

  // The claim on the event: of redeliveries (and concurrent copies) only the first acts.
  const [claimed] = await ctx.db
    .insert(storeStripeEvents)
    .values({ storefrontId: store.id, eventId: event.id })
    .onConflictDoNothing()
    .returning({ eventId: storeStripeEvents.eventId });
  if (!claimed) return;
  try {
    await actOn(ctx, store.id, paidSessionOf(event));
  } catch (error) {
    // Not acted on: the claim goes, so Stripe's retry of this event (it retries a 5xx) acts.
    await ctx.db.delete(storeStripeEvents).where(and(eq(storeStripeEvents.storefrontId, store.id), eq(storeStripeEvents.eventId, event.id)));
    throw error;
  }
}

async function actOn(ctx: Ctx, storefrontId: number, paid: ReturnType<typeof paidSessionOf>) {
  if (!paid || paid.orderId === null) return;
  // The order must be this store's and paid on the very session made for it: the reseller's
  // account may take other payments, and a session of another order proves nothing for this one.
  const [order] = await ctx.db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(and(eq(storeOrders.id, paid.orderId), eq(storeOrders.storefrontId, storefrontId), eq(storeOrders.stripeSessionId, paid.sessionId)));
  if (!order) {
    ctx.log.info({ storefrontId, orderId: paid.orderId }, 'store Stripe event for no order of this store: ignored');
    return;
  }
  await fulfil(ctx, order.id, 'paid', { stripePaymentIntent: paid.paymentIntent });
}
