import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type BillingListAnswer, type PaymentPlan, type PurchaseAnswer } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, createReseller, createVerifiedUser, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant } from '../../../test/credit.js';

let t: TestApp;
let admin: string;
let reseller: TestUser;
let other: TestUser;

const planBody = (overrides: Record<string, unknown> = {}) => ({ title: 'Starter 100', price: '19.9', description: '100 points for a month of sales', credit_points: '100', ...overrides });

async function addPlan(overrides: Record<string, unknown> = {}, token = admin) {
  const res = await t.call({ method: 'POST', url: '/api/add-payment-plans', token, payload: planBody(overrides) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PaymentPlan }>().data;
}

async function buy(token: string, planId: number | string) {
  return t.call({ method: 'POST', url: '/api/purchase-package', token, payload: { payment_plan_id: planId } });
}

async function order(token: string, planId: number) {
  const res = await buy(token, planId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PurchaseAnswer>().data.orderId;
}

const outcome = (token: string, orderId: string, value: string, lang?: string) =>
  t.call({ method: 'POST', url: `/api/payments/sandbox/${orderId}`, token, lang, payload: { outcome: value } });

const orderRow = async (orderId: string) =>
  (await rows<{ status: string; transaction_id: string | null; ledger_id: number | null }>(t, sql`select status, transaction_id, ledger_id::int from payment_orders where order_id = ${orderId}`))[0];

const purchaseRows = async (userId: number) =>
  rows<{ credit_point: number }>(t, sql`select credit_point::int from credit_ledger where tr_type = 'Purchase' and creditor_id = ${userId}`);

const planRows = () => rows(t, sql`select * from payment_plans order by id`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  [reseller, other] = await Promise.all([createReseller(t), createReseller(t)]);
});
afterAll(() => t.close());

describe('payment plans', () => {
  it('adds a plan with an exact price and lists it to buyers', async () => {
    const plan = await addPlan({ title: 'Exact', price: '1234.5', credit_points: 250 });
    expect(plan).toEqual({ id: expect.any(Number), title: 'Exact', price: '1234.50', currency: 'EUR', description: planBody().description, credit_points: 250, created_at: expect.any(String) });
    const list = await t.call({ method: 'GET', url: '/api/payment-plans', token: reseller.token });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: PaymentPlan[] }>().data).toContainEqual(plan);
  });

  it('takes a price and points sent as JSON numbers', async () => {
    expect(await addPlan({ price: 49.99, credit_points: 300 })).toMatchObject({ price: '49.99', credit_points: 300 });
  });

  it('refuses missing fields, malformed and too large values with the specification messages, writing nothing', async () => {
    const before = await planRows();
    const send = (body: Record<string, unknown>, lang?: string) => t.call({ method: 'POST', url: '/api/add-payment-plans', token: admin, lang, payload: body });
    const required = [translate('en', 'validation.allFieldsRequired')];
    expectFieldErrors(await send({}), { title: required, price: required, description: required, credit_points: required });
    expectFieldErrors(await send(planBody({ title: ' ', price: '', credit_points: null })), { title: required, price: required, credit_points: required });
    expectFieldErrors(await send(planBody({ price: '1.2.3' })), { price: ['Enter the price as digits with at most one dot.'] });
    expectFieldErrors(await send(planBody({ price: '-5' })), { price: ['Enter the price as digits with at most one dot.'] });
    expectFieldErrors(await send(planBody({ price: '12.345' })), { price: ['The price may have at most two decimals.'] });
    expectFieldErrors(await send(planBody({ price: '100000000' })), { price: ['Price value is too large. Maximum allowed price exceeded.'] });
    expectFieldErrors(await send(planBody({ credit_points: '1.5' })), { credit_points: ['Credit points must be a whole number of at least 1.'] });
    expectFieldErrors(await send(planBody({ credit_points: 0 })), { credit_points: ['Credit points must be a whole number of at least 1.'] });
    expectFieldErrors(await send(planBody({ credit_points: '99999999999999999999' })), { credit_points: ['Credit points value is too large. Please enter a smaller number.'] });
    expectFieldErrors(await send(planBody({ price: '1e5' }), 'ar-EG'), { price: [translate('ar', 'validation.priceInvalid')] });
    expect(await planRows()).toEqual(before);
  });

  it('updates a plan; orders already made keep their terms', async () => {
    const plan = await addPlan({ title: 'Before', price: '10', credit_points: 50 });
    const orderId = await order(reseller.token, plan.id);
    const res = await t.call({ method: 'PUT', url: `/api/update-payment-plans/${plan.id}`, token: admin, payload: planBody({ title: 'After', price: '12.50', credit_points: '60' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'Payment plan updated.', data: { id: plan.id, title: 'After', price: '12.50', credit_points: 60 } });
    const billing = await t.call({ method: 'GET', url: '/api/billing-records', token: reseller.token });
    expect(billing.json<BillingListAnswer>().data.find((b) => b.orderId === orderId)).toMatchObject({ plan_title: 'Before', amount: '10.00', credit_point: 50 });
  });

  it('deletes a plan: it leaves the list and cannot be bought, its orders stay readable', async () => {
    const plan = await addPlan({ title: 'Going away' });
    const orderId = await order(reseller.token, plan.id);
    const res = await t.call({ method: 'DELETE', url: `/api/delete-payment-plans/${plan.id}`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: 'Payment plan deleted.' });
    const list = await t.call({ method: 'GET', url: '/api/payment-plans', token: admin });
    expect(list.json<{ data: PaymentPlan[] }>().data.map((p) => p.id)).not.toContain(plan.id);
    expectError(await buy(reseller.token, plan.id), 404, 'NOT_FOUND', 'Payment plan not found.');
    expectError(await t.call({ method: 'DELETE', url: `/api/delete-payment-plans/${plan.id}`, token: admin }), 404, 'NOT_FOUND');
    expectError(await t.call({ method: 'PUT', url: `/api/update-payment-plans/${plan.id}`, token: admin, payload: planBody() }), 404, 'NOT_FOUND');
    // The order still completes: it was bought at the plan's terms of that day.
    expect((await outcome(reseller.token, orderId, 'paid')).statusCode).toBe(200);
  });

  it('refuses plan changes to callers without add-plan or edit-delete-plan, changing nothing', async () => {
    const plan = await addPlan();
    const adder = await createVerifiedUser(t, { permissions: ['add-plan'] });
    const before = await planRows();
    expectError(await t.call({ method: 'POST', url: '/api/add-payment-plans', token: reseller.token, payload: planBody() }), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'PUT', url: `/api/update-payment-plans/${plan.id}`, token: adder.token, payload: planBody({ title: 'x' }) }), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'DELETE', url: `/api/delete-payment-plans/${plan.id}`, token: reseller.token }), 403, 'FORBIDDEN');
    expect(await planRows()).toEqual(before);
    const outsider = await createVerifiedUser(t, { permissions: ['notif-bell'] });
    expectError(await t.call({ method: 'GET', url: '/api/payment-plans', token: outsider.token }), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'GET', url: '/api/billing-records', token: outsider.token }), 403, 'FORBIDDEN');
  });
});

describe('POST /api/purchase-package with the sandbox provider', () => {
  let plan: PaymentPlan;
  beforeAll(async () => {
    plan = await addPlan({ title: 'Sandbox 40', price: '8.00', credit_points: 40 });
  });

  it('opens a pending order and answers the built-in checkout page', async () => {
    const res = await buy(reseller.token, String(plan.id));
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<PurchaseAnswer>();
    expect(data.orderUrl).toBe(`http://panel.test/checkout/${data.orderId}`);
    expect(await orderRow(data.orderId)).toMatchObject({ status: 'pending', transaction_id: null, ledger_id: null });
    const page = await t.call({ method: 'GET', url: `/api/payments/sandbox/${data.orderId}`, token: reseller.token });
    expect(page.json()).toMatchObject({ data: { orderId: data.orderId, plan_title: 'Sandbox 40', amount: '8.00', currency: 'EUR', credit_point: 40, status: 'pending' } });
  });

  it('refuses a missing or unknown plan and a caller without purchase-package', async () => {
    expectFieldErrors(await t.call({ method: 'POST', url: '/api/purchase-package', token: reseller.token, payload: {} }), { payment_plan_id: ['Please choose a payment plan.'] });
    expectError(await buy(reseller.token, 999_999), 404, 'NOT_FOUND');
    const adder = await createVerifiedUser(t, { permissions: ['add-plan'] });
    expectError(await buy(adder.token, plan.id), 403, 'FORBIDDEN');
  });

  it('credits a paid order once, as a Purchase ledger row, and answers the new balance', async () => {
    const before = await balanceOf(t, reseller.id);
    const orderId = await order(reseller.token, plan.id);
    const paid = await outcome(reseller.token, orderId, 'paid');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ status: true, msg: 'Payment received: your balance grew by 40 credit points.', data: { orderId, status: 'completed', credit_point: before + 40 } });
    expect(await balanceOf(t, reseller.id)).toBe(before + 40);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'completed', transaction_id: expect.stringMatching(/^sandbox_[0-9a-f]{24}$/), ledger_id: expect.any(Number) });
    const again = await outcome(reseller.token, orderId, 'paid');
    expect(again.json()).toMatchObject({ msg: 'This order is already paid.', data: { status: 'completed', credit_point: before + 40 } });
    expect(await balanceOf(t, reseller.id)).toBe(before + 40);
    expectError(await outcome(reseller.token, orderId, 'failed'), 409, 'CONFLICT', 'This order is already completed and can no longer be paid.');
    expect((await orderRow(orderId))!.status).toBe('completed');
    await expectLedgerInvariant(t);
  });

  it('never pays a failed or cancelled order', async () => {
    const before = await balanceOf(t, reseller.id);
    for (const closing of ['failed', 'cancelled'] as const) {
      const orderId = await order(reseller.token, plan.id);
      const closed = await outcome(reseller.token, orderId, closing);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json()).toMatchObject({ data: { status: closing, credit_point: before } });
      expect((await outcome(reseller.token, orderId, closing)).statusCode).toBe(200);
      expectError(await outcome(reseller.token, orderId, 'paid', 'ar-EG'), 409, 'CONFLICT', translate('ar', 'payments.orderClosed', { status: translate('ar', `payments.status_${closing}`) }));
      expect((await orderRow(orderId))!.status).toBe(closing);
    }
    expect(await balanceOf(t, reseller.id)).toBe(before);
  });

  it("hides another reseller's order and answers 404 for an unknown one", async () => {
    const orderId = await order(reseller.token, plan.id);
    expectError(await t.call({ method: 'GET', url: `/api/payments/sandbox/${orderId}`, token: other.token }), 404, 'NOT_FOUND', 'Order not found. This payment link is no longer valid: buy the package again from Payment plans.');
    expectError(await outcome(other.token, orderId, 'paid'), 404, 'NOT_FOUND');
    expectError(await outcome(reseller.token, crypto.randomUUID(), 'paid'), 404, 'NOT_FOUND');
    expectFieldErrors(await outcome(reseller.token, 'not-an-order', 'paid'), { orderId: ['Order not found. This payment link is no longer valid: buy the package again from Payment plans.'] });
    expectFieldErrors(await outcome(reseller.token, orderId, 'maybe'), { outcome: [translate('en', 'validation.invalid', { field: 'outcome' })] });
    expect((await orderRow(orderId))!.status).toBe('pending');
  });

  it('credits an order once when 20 confirmations arrive at the same moment', async () => {
    const before = await balanceOf(t, other.id);
    const orderId = await order(other.token, plan.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => outcome(other.token, orderId, 'paid')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.json<{ msg: string }>().msg.startsWith('Payment received'))).toHaveLength(1);
    expect(await balanceOf(t, other.id)).toBe(before + 40);
    expect(await purchaseRows(other.id)).toEqual([{ credit_point: 40 }]);
    await expectLedgerInvariant(t);
  });
});

describe('GET /api/billing-records', () => {
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await createReseller(t, { name: 'Billing Buyer' });
    const gold = await addPlan({ title: 'Gold bundle', price: '99.99', credit_points: 1000 });
    const silver = await addPlan({ title: 'Silver bundle', price: '49.5', credit_points: 400 });
    await outcome(buyer.token, await order(buyer.token, gold.id), 'paid');
    await order(buyer.token, silver.id);
  });

  it("lists a reseller's own orders newest first, with the fields of the specification", async () => {
    const res = await t.call({ method: 'GET', url: '/api/billing-records', token: buyer.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BillingListAnswer>();
    expect(body.meta).toEqual({ total: 2, total_capped: false, last_page: 1, current_page: 1, per_page: 10 });
    expect(body.data.map((b) => [b.plan_title, b.status])).toEqual([
      ['Silver bundle', 'pending'],
      ['Gold bundle', 'completed'],
    ]);
    expect(body.data[1]).toEqual({
      orderId: expect.any(String),
      reseller_name: 'Billing Buyer',
      reseller_email: buyer.email,
      plan_title: 'Gold bundle',
      amount: '99.99',
      currency: 'EUR',
      credit_point: 1000,
      status: 'completed',
      transaction_id: expect.stringMatching(/^sandbox_/),
      created_at: expect.any(String),
    });
  });

  it('shows every order to the admin, searchable by plan title, buyer name or e-mail', async () => {
    const search = async (q: string) =>
      (await t.call({ method: 'GET', url: `/api/billing-records?search_title=${encodeURIComponent(q)}&page_size=50`, token: admin })).json<BillingListAnswer>();
    expect((await search('gold bun')).data.every((b) => b.plan_title === 'Gold bundle')).toBe(true);
    expect((await search('Billing Buyer')).data).toHaveLength(2);
    expect((await search(buyer.email)).meta.total).toBe(2);
    expect((await search('sandbox')).data.length).toBeGreaterThan(2);
    // 'bundle' is in both plan titles and in no buyer: each order counted once; 'Billing' matches
    // the buyer's name, and its gold order's title does not: both orders, counted once.
    const bundles = await search('bundle');
    expect(bundles.meta.total).toBe(bundles.data.length);
    const billing = await search('Billing');
    expect(billing.meta.total).toBe(billing.data.length);
    expect(billing.meta.total).toBe(2);
    // Below 3 characters the keyword is ignored; 50 is a page size of billing.
    const all = await search('go');
    expect(all.meta.per_page).toBe(50);
    expect(all.meta.total).toBeGreaterThan(2);
  });

  it('counts 1,000 orders past the page, by buyer and by plan title, and says so', async () => {
    const bulk = await createReseller(t, { name: 'Capped Buyer' });
    await rows(
      t,
      sql`insert into payment_orders (order_id, reseller_id, plan_title, amount, currency, credit_point, provider)
          select gen_random_uuid()::text, ${bulk.id}, 'Tally plan ' || g, 1, 'EUR', 1, 'sandbox' from generate_series(1, 1005) g`,
    );
    const list = async (query: string, token = bulk.token) =>
      (await t.call({ method: 'GET', url: `/api/billing-records?${query}`, token })).json<BillingListAnswer>();
    expect((await list('')).meta).toMatchObject({ total: 1_000, total_capped: true, last_page: 100 });
    expect((await list('page_number=100')).meta).toMatchObject({ total: 1_005, total_capped: false, last_page: 101 });
    // The admin's search: by the buyer's name, then by the plan title (no buyer is named so).
    expect((await list('search_title=Capped%20Buyer', admin)).meta).toMatchObject({ total: 1_000, total_capped: true });
    expect((await list('search_title=Capped%20Buyer&page_number=100', admin)).meta).toMatchObject({ total: 1_005, total_capped: false });
    expect((await list('search_title=tally%20plan&page_number=100&page_size=50', admin)).meta).toMatchObject({ total: 1_005, total_capped: false, last_page: 21 });
  });

  it("never shows a reseller another reseller's orders, even by search", async () => {
    const res = await t.call({ method: 'GET', url: `/api/billing-records?search_title=${encodeURIComponent(buyer.email)}`, token: other.token });
    expect(res.json<BillingListAnswer>().data).toEqual([]);
  });

  it('takes blank optional fields as not given', async () => {
    const res = await t.call({ method: 'GET', url: '/api/billing-records?page_number=&page_size=&search_title=', token: buyer.token });
    expect(res.json<BillingListAnswer>().meta).toMatchObject({ total: 2, current_page: 1, per_page: 10 });
  });
});

describe('without the Stripe provider', () => {
  it('has no Stripe webhook', async () => {
    expectError(await t.call({ method: 'POST', url: '/api/payments/stripe/webhook', payload: {} }), 404, 'ROUTE_NOT_FOUND');
  });
});
