import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type StoreOrder, type StoreOrdersAnswer } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant } from '../../../test/credit.js';
import { activateDevice, deviceRow, fundAccount, registerDevice, uniqueMac } from '../../../test/devices.js';
import { startOrderSweep } from './order-sweep.js';

/**
 * The reseller's side of store orders (issue 43): approving, rejecting and retrying, the exactly-once
 * activation behind them, waiting for credit, and the list. Orders are placed here straight in the
 * database, as the public order call leaves them (its own tests are store-checkout.routes.test.ts).
 */
describe('store orders: from approval to activation, exactly once', () => {
  let t: TestApp;
  let apps: number[];
  let seller: TestUser;
  let storeId: number;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp();
    apps = await applicationIds(t);
    seller = await createReseller(t, { applications: apps.slice(0, 2) });
    storeId = await openStore(seller);
    productId = await product(storeId, [apps[0]!]);
  });
  afterAll(async () => {
    await t.close();
  });

  async function openStore(user: TestUser) {
    const slug = `shop-${user.id}-${Date.now().toString(36)}`;
    const res = await t.call({ method: 'PUT', url: '/api/storefront', token: user.token, payload: { slug, title: 'Fast TV', enabled: true, accent_color: '#1864ab', currency: 'EUR', support: { email: 'help@fast.tv' } } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { id: number } }>().data.id;
  }

  async function product(store: number, appIds: number[], pkg: 'one_year' | 'lifetime' = 'one_year') {
    const [row] = await rows<{ id: number }>(
      t,
      sql`insert into storefront_products (storefront_id, name, app_ids, package, price) values (${store}, 'One year', ${`{${appIds.join(',')}}`}::int[], ${pkg}, 990) returning id`,
    );
    return row!.id;
  }

  /** A manual order for a freshly registered device, as the public call leaves it: awaiting approval. */
  async function placeOrder(options: { user?: TestUser; store?: number; product?: number; appIds?: number[]; email?: string; status?: string } = {}) {
    const appIds = options.appIds ?? [apps[0]!];
    const mac = uniqueMac();
    for (const appId of appIds) await registerDevice(t, { appId, mac });
    const user = options.user ?? seller;
    const [row] = await rows<{ id: number }>(
      t,
      sql`insert into store_orders (storefront_id, user_id, product_id, product_name, app_ids, package, price, currency, credit_cost, mac_address, email, name, language, method, status, token_hash)
          values (${options.store ?? storeId}, ${user.id}, ${options.product ?? productId}, 'One year', ${`{${appIds.join(',')}}`}::int[], 'one_year', 990, 'EUR', ${appIds.length > 1 ? 2 : 1},
                  ${mac}, ${options.email ?? `buyer-${mac.replace(/:/g, '')}@example.com`}, 'Ana', 'br', 'manual', ${options.status ?? 'awaiting_approval'}, 'hash')
          returning id`,
    );
    return { id: row!.id, mac };
  }

  const act = (user: TestUser, id: number, action: 'approve' | 'retry' | 'reject', payload?: Record<string, unknown>, lang?: string) =>
    t.call({ method: 'POST', url: `/api/storefront/orders/${id}/${action}`, token: user.token, payload, lang });
  const orderOf = async (id: number) => (await t.call({ method: 'GET', url: `/api/storefront/orders/${id}`, token: seller.token })).json<{ data: StoreOrder }>().data;

  async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 100; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return read();
  }

  it('approval activates the device through the activation path: one charge with its ledger row, the customer filed with its device, and a receipt in its language', async () => {
    await fundAccount(t, seller, 5);
    const before = await balanceOf(t, seller.id);
    const { id, mac } = await placeOrder({ email: 'Ana.Buyer@Example.com' });

    const res = await act(seller, id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<{ msg: string; data: StoreOrder }>().data;
    expect(order).toMatchObject({ id, status: 'activated', credit_cost: 1, mac_address: mac, is_lifetime: false, failure: null });
    expect(order.paid_at).not.toBeNull();
    const device = await deviceRow(t, apps[0]!, mac);
    expect(device!.activated_by).toBe(seller.id);
    expect(new Date(order.expires_at!).getTime()).toBe(new Date(device!.expire_date).getTime());
    expect(await balanceOf(t, seller.id)).toBe(before - 1);
    const activations = await rows<{ activated_from: string; credit_point: number }>(t, sql`select activated_from, credit_point from activations where mac_address = ${mac}`);
    expect(activations).toEqual([{ activated_from: 'storefront', credit_point: 1 }]);
    await expectLedgerInvariant(t);

    const [customer] = await rows<{ id: number; email: string; language: string }>(t, sql`select id, email, language from customers where user_id = ${seller.id} and email = 'ana.buyer@example.com'`);
    expect(customer).toMatchObject({ language: 'br' });
    expect(order.customer_id).toBe(customer!.id);
    const linked = await rows(t, sql`select 1 from customer_devices cd join devices d on d.id = cd.device_id where cd.customer_id = ${customer!.id} and d.mac_address = ${mac}`);
    expect(linked).toHaveLength(1);

    const receipt = await eventually(async () => t.mails().find((m) => m.to.toLowerCase() === 'ana.buyer@example.com'), Boolean);
    expect(receipt?.raw).toContain(mac);
    expect(receipt?.raw).toContain('Fast TV');
    expect(receipt?.link).toContain(`/store/`);
    expect(receipt?.link).toContain(`/orders/${id}`);
  });

  it('ten approvals racing activate once and charge once; the others answer 409 ORDER_STATE', async () => {
    await fundAccount(t, seller, 5);
    const before = await balanceOf(t, seller.id);
    const { id, mac } = await placeOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => act(seller, id, 'approve')));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expectError(r, 409, 'ORDER_STATE');
    expect(await balanceOf(t, seller.id)).toBe(before - 1);
    expect(await rows(t, sql`select 1 from activations where mac_address = ${mac}`)).toHaveLength(1);
    await expectLedgerInvariant(t);
  });

  it('a paid order the balance does not cover waits for credit, tells the reseller, and activates by itself, oldest first, when credit arrives', async () => {
    const poor = await createReseller(t, { applications: apps.slice(0, 2) });
    const store = await openStore(poor);
    const item = await product(store, [apps[0]!]);
    const first = await placeOrder({ user: poor, store, product: item });
    const second = await placeOrder({ user: poor, store, product: item });
    for (const order of [first, second]) {
      const res = await act(poor, order.id, 'approve');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: StoreOrder }>().data.status).toBe('waiting_credit');
    }
    expect(t.mails().filter((m) => m.to === poor.email && m.raw.includes(`#${first.id}`))).not.toHaveLength(0);

    // A retry while the balance still does not cover it answers the order, still waiting, and charges nothing.
    const retried = await act(poor, first.id, 'retry');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<{ msg: string; data: StoreOrder }>()).toMatchObject({ msg: translate('en', 'storeOrders.stillWaiting', { count: 1 }), data: { status: 'waiting_credit' } });

    // One point arrives: the older order takes it, the newer one keeps waiting.
    await fundAccount(t, poor, 1);
    const get = (id: number) => t.call({ method: 'GET', url: `/api/storefront/orders/${id}`, token: poor.token }).then((r) => r.json<{ data: StoreOrder }>().data);
    expect((await eventually(() => get(first.id), (o) => o.status === 'activated')).status).toBe('activated');
    expect((await get(second.id)).status).toBe('waiting_credit');
    expect(await balanceOf(t, poor.id)).toBe(0);

    await fundAccount(t, poor, 1);
    expect((await eventually(() => get(second.id), (o) => o.status === 'activated')).status).toBe('activated');
    await expectLedgerInvariant(t);
  });

  it('the minute sweep activates an order left waiting though its account now has the credit (a node stopped before its sweep)', async () => {
    const late = await createReseller(t, { applications: apps.slice(0, 2) });
    const store = await openStore(late);
    const item = await product(store, [apps[0]!]);
    await fundAccount(t, late, 1);
    // As a node that stopped between the credit's commit and its sweep leaves it.
    const { id } = await placeOrder({ user: late, store, product: item, status: 'waiting_credit' });
    const sweep = startOrderSweep({ ...t.app.deps, locale: 'en', ip: '127.0.0.1', log: t.app.log, auth: undefined }, { intervalMs: 20 });
    try {
      const get = () => t.call({ method: 'GET', url: `/api/storefront/orders/${id}`, token: late.token }).then((r) => r.json<{ data: StoreOrder }>().data);
      expect((await eventually(get, (o) => o.status === 'activated')).status).toBe('activated');
    } finally {
      await sweep.stop();
    }
    expect(await balanceOf(t, late.id)).toBe(0);
    await expectLedgerInvariant(t);
  });

  it('an order that can no longer be delivered fails with its reason, charges nothing, and tells the reseller to refund', async () => {
    await fundAccount(t, seller, 5);
    const { id, mac } = await placeOrder();
    // The device became lifetime after the order was placed.
    await activateDevice(t, seller, mac, [apps[0]!], 'Lifetime');
    const before = await balanceOf(t, seller.id);
    const res = await act(seller, id, 'approve', undefined, 'de');
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<{ data: StoreOrder }>().data;
    expect(order.status).toBe('failed');
    expect(order.failure).toEqual({ code: 'activation.check.lifeTime', message: translate('de', 'activation.check.lifeTime') });
    expect(await balanceOf(t, seller.id)).toBe(before);
    const mail = await eventually(async () => t.mails().find((m) => m.to === seller.email && m.raw.includes(`#${id}`) && m.raw.includes('efund')), Boolean);
    expect(mail).toBeDefined();
  });

  it('rejecting needs a reason, charges nothing, and ends the order; a second reject or an approval after it answers 409', async () => {
    const before = await balanceOf(t, seller.id);
    const { id } = await placeOrder();
    expectFieldErrors(await act(seller, id, 'reject', { reason: '  ' }, 'ar'), { reason: [translate('ar', 'validation.required', { field: translate('ar', 'fields.reason') })] });
    expect((await orderOf(id)).status).toBe('awaiting_approval');

    const res = await act(seller, id, 'reject', { reason: 'No payment received' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: StoreOrder }>().data).toMatchObject({ status: 'rejected', reject_reason: 'No payment received' });
    expectError(await act(seller, id, 'reject', { reason: 'again' }), 409, 'ORDER_STATE');
    expectError(await act(seller, id, 'approve'), 409, 'ORDER_STATE');
    expect(await balanceOf(t, seller.id)).toBe(before);
  });

  it("another account's order is 404 on every route, and never in its list", async () => {
    const other = await createReseller(t, { applications: apps.slice(0, 2) });
    const { id } = await placeOrder();
    expectError(await t.call({ method: 'GET', url: `/api/storefront/orders/${id}`, token: other.token }), 404, 'ORDER_NOT_FOUND');
    expectError(await act(other, id, 'approve'), 404, 'ORDER_NOT_FOUND');
    expectError(await act(other, id, 'retry'), 404, 'ORDER_NOT_FOUND');
    expectError(await act(other, id, 'reject', { reason: 'mine now' }), 404, 'ORDER_NOT_FOUND');
    const list = await t.call({ method: 'GET', url: '/api/storefront/orders', token: other.token });
    expect(list.json<StoreOrdersAnswer>().data).toEqual([]);
    expect((await orderOf(id)).status).toBe('awaiting_approval');
  });

  it('lists newest first with filters and a search by MAC start, e-mail or id, and exports the same rows as CSV', async () => {
    const a = await placeOrder({ email: 'find-me@example.com' });
    const b = await placeOrder();
    const list = async (query: string) => (await t.call({ method: 'GET', url: `/api/storefront/orders?${query}`, token: seller.token })).json<StoreOrdersAnswer>();

    const all = await list('per_page=100');
    expect(all.data.map((o) => o.id).indexOf(b.id)).toBeLessThan(all.data.map((o) => o.id).indexOf(a.id));
    expect(all.meta).toMatchObject({ current_page: 1, per_page: 100, total_capped: false });
    expect((await list('search=find-me')).data.map((o) => o.id)).toEqual([a.id]);
    expect((await list(`search=${a.mac.slice(0, 11).toUpperCase()}`)).data.map((o) => o.id)).toEqual([a.id]);
    expect((await list(`search=${b.id}`)).data.map((o) => o.id)).toContain(b.id);
    expect((await list('status=rejected')).data.every((o) => o.status === 'rejected')).toBe(true);
    expect((await list('method=stripe')).data).toEqual([]);
    expectFieldErrors(await t.call({ method: 'GET', url: '/api/storefront/orders?status=paid', token: seller.token }), { status: [translate('en', 'validation.invalid', { field: 'status' })] });

    const csv = await t.call({ method: 'GET', url: '/api/storefront/orders/export?search=find-me', token: seller.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(['Order', 'Date (UTC)', 'Status', 'Method', 'Product', 'MAC address', 'E-mail', 'Name', 'Price (minor unit)', 'Currency', 'Credit points', 'Activated (UTC)', 'Expires (UTC)'].map((h) => `"${h}"`).join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('find-me@example.com');
    expect(lines[1]).toContain('awaiting approval');
  });
});
