import Stripe from 'stripe';
import type { Config } from '../../config.js';

/**
 * A store's own Stripe account (issue 43): the Checkout Session a card order is paid on, created
 * with the reseller's secret key, and the events its account sends, verified with the reseller's
 * webhook secret. The panel's own plans (payments/payment-providers.ts) use the panel's account;
 * nothing here ever touches it.
 *
 * The keys are the reseller's: they are handed to the Stripe client and to the signature check,
 * never logged, answered or kept beyond the call.
 */

/** Stripe's own tolerance: an event signed more than 5 minutes ago is refused (a replayed capture). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A Stripe client on the reseller's key, through STRIPE_API_BASE when set (a local stand-in in tests). */
export function storeStripeClient(config: Pick<Config, 'stripeApiBase'>, secretKey: string): Stripe {
  const base = config.stripeApiBase;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

export type StoreCheckout = {
  orderId: number;
  storefrontId: number;
  /** When the order was placed: with its id, it makes the idempotency key of its one session. */
  placedAt: Date;
  productName: string;
  /** In the currency's minor unit, as `unit_amount`. */
  price: number;
  currency: string;
  email: string;
  /** The customer's language, for Checkout's own texts. */
  locale: string;
  successUrl: string;
  cancelUrl: string;
};

/** Checkout's locale for each of the panel's languages. */
const CHECKOUT_LOCALE: Record<string, Stripe.Checkout.SessionCreateParams.Locale> = { en: 'en', ar: 'auto', de: 'de', br: 'pt-BR', esp: 'es' };

/**
 * One Checkout Session for one order: a single line item of inline `price_data` (no Stripe Product
 * or Price objects to keep in step with the store), the order in `client_reference_id` and in the
 * metadata, so its paid event finds the order again. The idempotency key is the order's own: a
 * network retry of the same call gets the same session, never a second one.
 */
export async function createStoreCheckout(stripe: Stripe, order: StoreCheckout): Promise<{ id: string; url: string }> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: String(order.orderId),
      metadata: { order_id: String(order.orderId), storefront_id: String(order.storefrontId) },
      customer_email: order.email,
      locale: CHECKOUT_LOCALE[order.locale] ?? 'auto',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: order.currency.toLowerCase(), unit_amount: order.price, product_data: { name: order.productName } },
        },
      ],
      success_url: order.successUrl,
      cancel_url: order.cancelUrl,
    },
    { idempotencyKey: `store-order-${order.storefrontId}-${order.orderId}-${order.placedAt.getTime()}` },
  );
  if (!session.url) throw new Error(`Stripe answered the checkout session ${session.id} without a URL`);
  return { id: session.id, url: session.url };
}

/**
 * The event in `body`, if its Stripe-Signature was made with `secret` over these exact bytes less
 * than 5 minutes ago; otherwise it throws. No client (and so no secret key) is needed to check it.
 */
export function verifyStoreEvent(body: Buffer, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(body, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
}

/** What a paid event says about its session, or null when the event does not mean paid. */
export type PaidSession = { sessionId: string; orderId: number | null; paymentIntent: string | null };

/**
 * `checkout.session.completed` with `payment_status: paid` (a card paid at once), and
 * `checkout.session.async_payment_succeeded` (a delayed method that cleared), mean paid. A
 * completed session still `unpaid` waits for its async event; every other type means nothing here.
 */
export function paidSessionOf(event: Stripe.Event): PaidSession | null {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return null;
  const session = event.data.object;
  if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') return null;
  const reference = session.metadata?.order_id ?? session.client_reference_id ?? '';
  const orderId = /^\d{1,10}$/.test(reference) ? Number(reference) : null;
  const intent = session.payment_intent;
  return {
    sessionId: session.id,
    orderId: orderId !== null && Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
    paymentIntent: typeof intent === 'string' ? intent : (intent?.id ?? null),
  };
}

/** A Stripe failure as a log field: its type, code and status, never the request (which carries the key). */
export function stripeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof Stripe.errors.StripeError) {
    return { type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId, message: redactKeys(error.message) };
  }
  return { message: redactKeys(error instanceof Error ? error.message : String(error)) };
}

/** Stripe masks keys in its messages; this makes sure no key-shaped text reaches a log line anyway. */
const redactKeys = (text: string) => text.replace(/\b(sk|rk|pk|whsec)_[A-Za-z0-9_*]+/g, '$1_[redacted]');
