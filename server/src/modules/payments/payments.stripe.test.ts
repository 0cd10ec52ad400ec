import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentPlan, PurchaseAnswer } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, createReseller, expectError, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant } from '../../../test/credit.js';

const WEBHOOK_SECRET = 'whsec_test_panel';

/**
 * A local stand-in for the Stripe API: it answers Checkout Session creation as Stripe does and
 * keeps what it was sent. No test reaches the internet.
 */
function stripeStandIn() {
  const received: { path: string; authorization: string | undefined; form: URLSearchParams }[] = [];
  let failing = false;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', authorization: req.headers.authorization, form: new URLSearchParams(body) });
      res.setHeader('content-type', 'application/json');
      if (failing || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in failure' } }));
        return;
      }
      const id = `cs_test_${received.length}`;
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

describe('payments through Stripe (a local stand-in of its API)', () => {
  const standIn = stripeStandIn();
  const signer = new Stripe('sk_test_signer');
  let t: TestApp;
  let buyer: TestUser;
  let plan: PaymentPlan;

  beforeAll(async () => {
    const base = await standIn.listen();
    t = await createTestApp({ env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_panel', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: base } });
    const admin = await adminToken(t);
    buyer = await createReseller(t);
    const res = await t.call({ method: 'POST', url: '/api/add-payment-plans', token: admin, payload: { title: 'Stripe 150', price: '29.9', description: 'By card', credit_points: 150 } });
    plan = res.json<{ data: PaymentPlan }>().data;
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  beforeEach(() => {
    standIn.received.length = 0;
  });

  async function purchase() {
    const res = await t.call({ method: 'POST', url: '/api/purchase-package', token: buyer.token, payload: { payment_plan_id: plan.id } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PurchaseAnswer>().data;
  }

  /** A webhook delivery as Stripe sends it: the event as JSON, signed with the endpoint's secret. */
  function deliver(type: string, session: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object: { object: 'checkout.session', ...session } } });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return t.call({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload });
  }

  const status = async (orderId: string) => (await rows<{ status: string; transaction_id: string | null }>(t, sql`select status, transaction_id from payment_orders where order_id = ${orderId}`))[0];

  it('opens a Checkout Session for the plan in euro cents, carrying the order id, and answers its URL', async () => {
    const { orderId, orderUrl } = await purchase();
    expect(orderUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const [call] = standIn.received;
    expect(call!.path).toBe('/v1/checkout/sessions');
    expect(call!.authorization).toBe('Bearer sk_test_panel');
    const form = Object.fromEntries(call!.form);
    expect(form).toMatchObject({
      mode: 'payment',
      client_reference_id: orderId,
      'metadata[orderId]': orderId,
      customer_email: buyer.email,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2990',
      'line_items[0][price_data][product_data][name]': 'Stripe 150',
      success_url: 'http://panel.test/billing?payment=success',
      cancel_url: 'http://panel.test/billing?payment=cancelled',
    });
    expect(await status(orderId)).toEqual({ status: 'pending', transaction_id: orderUrl.split('/').pop() });
  });

  it('credits the order once on checkout.session.completed, however often Stripe delivers it', async () => {
    const before = await balanceOf(t, buyer.id);
    const { orderId } = await purchase();
    const session = { id: 'cs_test_paid', metadata: { orderId }, client_reference_id: orderId, payment_status: 'paid' };
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver('checkout.session.completed', session)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceOf(t, buyer.id)).toBe(before + 150);
    expect(await status(orderId)).toEqual({ status: 'completed', transaction_id: 'cs_test_paid' });
    await expectLedgerInvariant(t);
  });

  it('waits for a delayed payment, then credits it on async_payment_succeeded', async () => {
    const before = await balanceOf(t, buyer.id);
    const { orderId } = await purchase();
    expect((await deliver('checkout.session.completed', { id: 'cs_test_delayed', metadata: { orderId }, payment_status: 'unpaid' })).statusCode).toBe(200);
    expect((await status(orderId))!.status).toBe('pending');
    expect((await deliver('checkout.session.async_payment_succeeded', { id: 'cs_test_delayed', metadata: { orderId }, payment_status: 'paid' })).statusCode).toBe(200);
    expect(await balanceOf(t, buyer.id)).toBe(before + 150);
  });

  it('marks an expired session cancelled and a failed one failed; neither is paid afterwards', async () => {
    const before = await balanceOf(t, buyer.id);
    const expired = (await purchase()).orderId;
    expect((await deliver('checkout.session.expired', { id: 'cs_x', metadata: { orderId: expired } })).statusCode).toBe(200);
    expect((await status(expired))!.status).toBe('cancelled');
    const failed = (await purchase()).orderId;
    expect((await deliver('checkout.session.async_payment_failed', { id: 'cs_f', metadata: { orderId: failed } })).statusCode).toBe(200);
    expect((await status(failed))!.status).toBe('failed');
    expectError(await deliver('checkout.session.completed', { id: 'cs_x', metadata: { orderId: expired }, payment_status: 'paid' }), 409, 'CONFLICT');
    expect(await balanceOf(t, buyer.id)).toBe(before);
  });

  it('refuses a bad or missing signature and changes nothing', async () => {
    const before = await balanceOf(t, buyer.id);
    const { orderId } = await purchase();
    const session = { id: 'cs_forged', metadata: { orderId }, payment_status: 'paid' };
    expectError(await deliver('checkout.session.completed', session, 'whsec_someone_else'), 400, 'BAD_REQUEST', 'Invalid webhook signature.');
    const unsigned = await t.call({ method: 'POST', url: '/api/payments/stripe/webhook', payload: { type: 'checkout.session.completed', data: { object: session } } });
    expectError(unsigned, 400, 'BAD_REQUEST');
    expect((await status(orderId))!.status).toBe('pending');
    expect(await balanceOf(t, buyer.id)).toBe(before);
  });

  it('answers 404 for an unknown order and acknowledges events it does not handle', async () => {
    expectError(await deliver('checkout.session.completed', { id: 'cs_u', metadata: { orderId: crypto.randomUUID() }, payment_status: 'paid' }), 404, 'NOT_FOUND');
    expect((await deliver('customer.created', { id: 'cus_1' })).statusCode).toBe(200);
  });

  it('marks the order failed and answers 503 when Stripe cannot open the session', async () => {
    standIn.setFailing(true);
    const res = await t.call({ method: 'POST', url: '/api/purchase-package', token: buyer.token, payload: { payment_plan_id: plan.id } });
    standIn.setFailing(false);
    expectError(res, 503, 'UNAVAILABLE', 'The payment provider could not be reached. Please try again later.');
    const [last] = await rows<{ status: string }>(t, sql`select status from payment_orders order by id desc limit 1`);
    expect(last!.status).toBe('failed');
  });

  it('has no built-in checkout calls', async () => {
    const { orderId } = await purchase();
    expectError(await t.call({ method: 'POST', url: `/api/payments/sandbox/${orderId}`, token: buyer.token, payload: { outcome: 'paid' } }), 404, 'ROUTE_NOT_FOUND');
  });
});
