import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { PlacedStoreOrder } from '@panel/contract';
import type { TestApp } from './harness.js';
import { rows, type TestUser } from './fixtures.js';

/** What a store's customer calls go through (issue 43): a reseller's store, its Stripe stand-in, its signed events. */

export type StandInCall = { path: string; authorization: string | undefined; idempotencyKey: string | undefined; form: URLSearchParams };

/**
 * A local stand-in for the Stripe API on 127.0.0.1: it answers Checkout Session creation as Stripe
 * does (a `cs_test_…` id and its URL) and keeps what it was sent. No test reaches the internet.
 */
export function stripeStandIn() {
  const received: StandInCall[] = [];
  let failing = false;
  let sessions = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const header = req.headers['idempotency-key'];
      received.push({ path: req.url ?? '', authorization: req.headers.authorization, idempotencyKey: typeof header === 'string' ? header : undefined, form: new URLSearchParams(body) });
      res.setHeader('content-type', 'application/json');
      if (failing || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in failure' } }));
        return;
      }
      sessions += 1;
      const id = `cs_test_store_${sessions}_${Math.random().toString(36).slice(2, 8)}`;
      res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, payment_status: 'unpaid', status: 'open' }));
    });
  });
  return {
    received,
    /** Answers every call with a server error (the client retries once) until set back. */
    setFailing: (value: boolean) => (failing = value),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let keyCounter = 0;
/** A reseller's own Stripe keys, unique per call (so a leak test can look for exactly these). */
export function resellerStripeKeys() {
  keyCounter += 1;
  const random = Math.random().toString(36).slice(2, 12).padEnd(10, 'x');
  return { secret_key: `sk_test_Reseller${keyCounter}${random}Key`, webhook_secret: `whsec_Reseller${keyCounter}${random}Hook` };
}

export const uniqueSlug = (label: string) => `${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

export type TestStore = { id: number; slug: string; keys: ReturnType<typeof resellerStripeKeys> };

/** The reseller's store as its settings screens make it: settings, manual payment, and (unless `stripe: false`) its own Stripe keys. */
export async function openTestStore(
  t: TestApp,
  owner: TestUser,
  options: { stripe?: boolean; manual?: boolean; language?: string; currency?: string } = {},
): Promise<TestStore> {
  const slug = uniqueSlug('store');
  const saved = await t.call({
    method: 'PUT',
    url: '/api/storefront',
    token: owner.token,
    payload: { slug, title: 'Fast TV', enabled: true, accent_color: '#1864ab', currency: options.currency ?? 'EUR', default_language: options.language ?? 'en' },
  });
  if (saved.statusCode !== 200) throw new Error(`store: ${saved.body}`);
  const id = saved.json<{ data: { id: number } }>().data.id;
  if (options.manual !== false) {
    const manual = await t.call({ method: 'PUT', url: '/api/storefront/manual', token: owner.token, payload: { enabled: true, instructions: 'PIX key: 123.456.789-00' } });
    if (manual.statusCode !== 200) throw new Error(`manual: ${manual.body}`);
  }
  const keys = resellerStripeKeys();
  if (options.stripe !== false) {
    const stripe = await t.call({ method: 'PUT', url: '/api/storefront/stripe', token: owner.token, payload: keys });
    if (stripe.statusCode !== 200) throw new Error(`stripe keys: ${stripe.body}`);
  }
  return { id, slug, keys };
}

export async function addProduct(t: TestApp, owner: TestUser, product: { name?: string; app_ids: number[]; package?: 'one_year' | 'lifetime'; price?: number; active?: boolean }): Promise<number> {
  const res = await t.call({
    method: 'POST',
    url: '/api/storefront/products',
    token: owner.token,
    payload: { name: 'One year', package: 'one_year', price: 990, ...product },
  });
  if (res.statusCode !== 201) throw new Error(`product: ${res.body}`);
  return res.json<{ data: { id: number } }>().data.id;
}

/** POST /api/public/storefronts/:slug/orders, as the store's page sends it. */
export function placeOrder(t: TestApp, slug: string, payload: Record<string, unknown>, options: { lang?: string; remoteAddress?: string } = {}) {
  return t.call({ method: 'POST', url: `/api/public/storefronts/${slug}/orders`, payload, ...options });
}

export async function placedOrder(t: TestApp, slug: string, payload: Record<string, unknown>): Promise<PlacedStoreOrder> {
  const res = await placeOrder(t, slug, payload);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json<{ data: PlacedStoreOrder }>().data;
}

export async function orderRow(t: TestApp, id: number) {
  const [row] = await rows<{ status: string; stripe_session_id: string | null; stripe_payment_intent: string | null; ledger_id: number | null; expires_at: Date | null; paid_at: Date | null }>(
    t,
    sql`select status, stripe_session_id, stripe_payment_intent, ledger_id, expires_at, paid_at from store_orders where id = ${id}`,
  );
  return row;
}

const signer = new Stripe('sk_test_signer');

/** A Stripe event about a Checkout Session, as JSON, with its own id. */
export function sessionEvent(type: string, session: Record<string, unknown>, id = `evt_${Math.random().toString(36).slice(2)}`): string {
  return JSON.stringify({ id, object: 'event', type, data: { object: { object: 'checkout.session', ...session } } });
}

/** Stripe's Stripe-Signature header for `payload`, made with `secret` (at `timestamp`, seconds, when given). */
export const signatureOf = (payload: string, secret: string, timestamp?: number) =>
  signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });

/** Delivers `payload` to the store's webhook URL, as Stripe does. */
export function deliver(t: TestApp, storefrontId: number | string, payload: string, signature: string | undefined) {
  return t.call({
    method: 'POST',
    url: `/api/public/stripe/${storefrontId}/webhook`,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    payload,
  });
}

/** The paid event of an order's session, as Stripe sends it once the card is charged. */
export function paidEvent(orderId: number, sessionId: string, storefrontId: number, id?: string): string {
  return sessionEvent(
    'checkout.session.completed',
    { id: sessionId, client_reference_id: String(orderId), metadata: { order_id: String(orderId), storefront_id: String(storefrontId) }, payment_status: 'paid', payment_intent: `pi_${orderId}` },
    id,
  );
}
