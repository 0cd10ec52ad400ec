import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startBenchPanel } from './bench-panel.js';
import { fmt, fmtRatio, load } from './http-load.js';
import type { Variant } from './load-process.js';
import { problems, type PartOptions } from './report.js';

/** Paid events sent one at a time for the latency figures. */
const PAID_ROUNDS = 200;
/** Customers' addresses the order load comes from (30 orders a minute each): more than a run can use up. */
const CUSTOMER_ADDRESSES = 20_000;
/** Devices the order load buys for, in turn (orders of the throughput run are never paid). */
const ORDER_DEVICES = 50;
const WEBHOOK_SECRET = `whsec_bench${crypto.randomBytes(16).toString('hex')}`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * A stand-in for the Stripe API on loopback, answering Checkout Session creation at once as
 * Stripe does: the card orders' figures then measure the panel, not the network to Stripe.
 */
function stripeStandIn() {
  let sessions = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      sessions += 1;
      const id = `cs_bench_${sessions}`;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, payment_status: 'unpaid', status: 'open' }));
    });
  });
  return {
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const macOf = (n: number) => ['0b', ...[n >> 16, n >> 8, n, 0xbe, 0x43].map((b) => (b & 0xff).toString(16).padStart(2, '0'))].join(':');

/**
 * The storefront on PostgreSQL (issue 43), one store of the admin selling one app:
 * - orders created per second on the public API (POST /api/public/storefronts/:slug/orders) by
 *   customers from many addresses (TRUST_PROXY, X-Forwarded-For), manual ones (the order row and
 *   its `order.awaiting_approval` event) and card ones (plus a Checkout Session on a loopback
 *   stand-in of Stripe);
 * - a paid event to an activated order: a signed `checkout.session.completed` posted to the
 *   store's webhook until its 200, which comes once the device is activated and the credit
 *   charged (median and p99 of PAID_ROUNDS, one at a time).
 */
export async function storefrontFigures(databaseUrl: string, options: PartOptions) {
  const standIn = stripeStandIn();
  const stripeBase = await standIn.listen();
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl, STRIPE_API_BASE: stripeBase, TRUST_PROXY: 'true', PLAYER_RATE_LIMIT: '1000000' });
  const { base, call, adminToken } = panel;
  try {
    await panel.recharge(panel.adminEmail, 1_000_000);
    const slug = `bench-${Date.now().toString(36)}`;
    const store = (await call('PUT', '/storefront', adminToken, { slug, title: 'Bench TV', enabled: true, accent_color: '#1864ab', currency: 'EUR' })) as { data: { id: number } };
    await call('PUT', '/storefront/manual', adminToken, { enabled: true, instructions: 'PIX key: 123.456.789-00' });
    await call('PUT', '/storefront/stripe', adminToken, { secret_key: `sk_test_bench${crypto.randomBytes(12).toString('hex')}`, webhook_secret: WEBHOOK_SECRET });
    const apps = (await call('GET', '/fetch-allowed-applications', adminToken)) as { data: { ApplicationList: { id: number }[] } };
    const appId = apps.data.ApplicationList[0]!.id;
    const product = (await call('POST', '/storefront/products', adminToken, { name: 'One year', app_ids: [appId], package: 'one_year', price: 990 })) as { data: { id: number } };

    // Devices as players register them: the throughput's few, then one per paid round.
    const register = (mac: string) => call('POST', '/player/register', undefined, { app_id: appId, mac_address: mac, device_secret: crypto.randomBytes(16).toString('base64url') });
    for (let i = 0; i < ORDER_DEVICES + PAID_ROUNDS; i++) await register(macOf(i));

    const ordersUrl = `${base}/api/public/storefronts/${slug}/orders`;
    const variants = (method: 'manual' | 'stripe'): Variant[] =>
      Array.from({ length: CUSTOMER_ADDRESSES }, (_, i) => ({
        headers: { 'x-forwarded-for': `10.${(i >> 16) & 0xff}.${(i >> 8) & 0xff}.${i & 0xff}` },
        body: { product_id: product.data.id, mac_address: macOf(i % ORDER_DEVICES), email: `customer${i}@bench.test`, method },
      }));
    const run = { connections: options.connections, seconds: options.seconds, method: 'POST' as const };
    await load(ordersUrl, { ...run, seconds: 2, variants: variants('manual').slice(0, 5000) }); // warm-up, addresses of its own
    // The yardstick: a POST route that does nothing, through the same hooks, with the same body.
    const bare = await load(`${base}/api/bench-bare`, { ...run, variants: variants('manual').slice(0, 100) });
    for (const method of ['manual', 'stripe'] as const) {
      const own = variants(method).map((v, i) => ({ ...v, headers: { 'x-forwarded-for': `172.${method === 'manual' ? 16 : 17}.${(i >> 8) & 0xff}.${i & 0xff}` } }));
      const r = await load(ordersUrl, { ...run, variants: own });
      options.report(
        `storefront: ${method === 'manual' ? 'manual' : 'card (Checkout Session on a loopback Stripe stand-in)'} orders placed on the public API, ${options.connections} connections`,
        `${fmt(r.rps, 0)} orders/s, median ${r.p50} ms, p99 ${r.p99} ms`,
        `bare route ${fmt(bare.rps, 0)} req/s; ratio ${fmtRatio(r.rps / bare.rps)}`,
        `customers from ${CUSTOMER_ADDRESSES} addresses (30 orders a minute each)${problems(r)}`,
      );
    }

    // A paid event to an activated order, one order at a time.
    const signer = new Stripe('sk_test_signer');
    const latencies: number[] = [];
    for (let i = 0; i < PAID_ROUNDS; i++) {
      const res = await fetch(ordersUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.168.${(i >> 8) & 0xff}.${i & 0xff}` },
        body: JSON.stringify({ product_id: product.data.id, mac_address: macOf(ORDER_DEVICES + i), email: `paid${i}@bench.test`, method: 'stripe' }),
      });
      if (res.status !== 201) throw new Error(`order: ${res.status} ${await res.text()}`);
      const order = ((await res.json()) as { data: { id: number; checkout_url: string } }).data;
      const payload = JSON.stringify({
        id: `evt_bench_${i}_${crypto.randomBytes(4).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { object: 'checkout.session', id: order.checkout_url.split('/').pop(), client_reference_id: String(order.id), metadata: { order_id: String(order.id) }, payment_status: 'paid', payment_intent: `pi_bench_${i}` } },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const sent = performance.now();
      const paid = await fetch(`${base}/api/public/stripe/${store.data.id}/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
      await paid.text();
      latencies.push(performance.now() - sent);
      if (paid.status !== 200) throw new Error(`paid event: ${paid.status}`);
      if (i === 0) {
        const after = (await call('GET', `/storefront/orders/${order.id}`, adminToken)) as { data: { status: string } };
        if (after.data.status !== 'activated') throw new Error(`the paid order is ${after.data.status}, not activated`);
      }
    }
    options.report(
      'storefront: a paid Stripe event to an activated order (signature checked, device activated, credit charged)',
      `median ${fmt(percentile(latencies, 50), 1)} ms, p99 ${fmt(percentile(latencies, 99), 1)} ms`,
      `${PAID_ROUNDS} orders, one at a time`,
      'the webhook answers 200 once the order is activated',
    );
  } finally {
    await panel.close();
    await standIn.close();
  }
}
