import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type StoreSales, type StoreSalesParams } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, applicationIds, createReseller, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { salesRange } from './sales.service.js';

type Order = { status: string; price?: number; currency?: string; cost?: number; createdDaysAgo?: number; activatedDaysAgo?: number };

describe('GET /api/storefront/sales', () => {
  let t: TestApp;
  let apps: number[];

  beforeAll(async () => {
    t = await createTestApp();
    apps = await applicationIds(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A reseller with a store and one product, and a way to file orders straight into store_orders. */
  async function seller() {
    const user = await createReseller(t, { applications: apps.slice(0, 1) });
    const store = await t.call({
      method: 'PUT',
      url: '/api/storefront',
      token: user.token,
      payload: { slug: `sales-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`, title: 'Shop', enabled: true, accent_color: '#1864ab', currency: 'EUR' },
    });
    expect(store.statusCode, store.body).toBe(200);
    const product = await t.call({ method: 'POST', url: '/api/storefront/products', token: user.token, payload: { name: 'One year', app_ids: [apps[0]], package: 'one_year', price: 990 } });
    expect(product.statusCode, product.body).toBe(201);
    const storeId = store.json<{ data: { id: number } }>().data.id;
    const productId = product.json<{ data: { id: number } }>().data.id;
    const add = async (order: Order) => {
      const created = sql`now() - make_interval(days => ${order.createdDaysAgo ?? 0})`;
      const activated = order.activatedDaysAgo === undefined ? sql`null` : sql`now() - make_interval(days => ${order.activatedDaysAgo})`;
      await rows(
        t,
        sql`insert into store_orders (storefront_id, user_id, product_id, product_name, app_ids, package, price, currency, credit_cost, mac_address, email, method, status, token_hash, created_at, activated_at)
          values (${storeId}, ${user.id}, ${productId}, 'One year', array[${apps[0]}]::int[], 'one_year', ${order.price ?? 990}, ${order.currency ?? 'EUR'}, ${order.cost ?? 1},
            '0a:00:00:00:00:02', 'buyer@example.com', 'stripe', ${order.status}, md5(random()::text), ${created}, ${activated})`,
      );
    };
    return { user, add };
  }

  const sales = async (user: TestUser, query: StoreSalesParams = {}) => {
    const res = await t.call({ method: 'GET', url: '/api/storefront/sales', token: user.token, query: query as Record<string, string> });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: StoreSales }>().data;
  };

  it('counts revenue per currency and credits of the orders activated in the range, and the orders placed in it by status, of the caller\'s store only', async () => {
    const { user, add } = await seller();
    const { user: rival, add: addRival } = await seller();
    // In the default range (the last 30 days).
    await add({ status: 'activated', price: 990, cost: 1, createdDaysAgo: 2, activatedDaysAgo: 1 });
    await add({ status: 'activated', price: 1990, cost: 2, createdDaysAgo: 3, activatedDaysAgo: 3 });
    await add({ status: 'activated', price: 4500, currency: 'BRL', cost: 4, createdDaysAgo: 5, activatedDaysAgo: 5 });
    // Placed 40 days ago, activated 10 days ago: revenue in the range, not a placed order of it.
    await add({ status: 'activated', price: 100, cost: 1, createdDaysAgo: 40, activatedDaysAgo: 10 });
    for (const status of ['pending_payment', 'awaiting_approval', 'awaiting_approval', 'waiting_credit', 'failed', 'rejected']) await add({ status });
    // Outside the range: neither.
    await add({ status: 'activated', price: 7777, cost: 9, createdDaysAgo: 50, activatedDaysAgo: 45 });
    await add({ status: 'pending_payment', createdDaysAgo: 45 });
    // Another account's store, whatever it sold.
    await addRival({ status: 'activated', price: 123_456, currency: 'USD', cost: 50, activatedDaysAgo: 0 });
    await addRival({ status: 'rejected' });

    const today = new Date().toISOString().slice(0, 10);
    const data = await sales(user);
    expect(data).toEqual({
      revenue: [
        { currency: 'BRL', amount: 4500, orders: 1 },
        { currency: 'EUR', amount: 990 + 1990 + 100, orders: 3 },
      ],
      orders_by_status: { pending_payment: 1, awaiting_approval: 2, waiting_credit: 1, activated: 3, failed: 1, rejected: 1 },
      credits_spent: 1 + 2 + 4 + 1,
      from: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10),
      to: today,
    });

    // Today only: the orders placed today, and no activation (none activated today).
    expect(await sales(user, { from: today, to: today })).toEqual({
      revenue: [],
      orders_by_status: { pending_payment: 1, awaiting_approval: 2, waiting_credit: 1, activated: 0, failed: 1, rejected: 1 },
      credits_spent: 0,
      from: today,
      to: today,
    });

    // The rival sees its own only; so does the admin (its own store: none).
    expect(await sales(rival)).toMatchObject({ revenue: [{ currency: 'USD', amount: 123_456, orders: 1 }], credits_spent: 50, orders_by_status: { rejected: 1, activated: 1 } });
    expect(await sales({ token: await adminToken(t) } as TestUser)).toMatchObject({ revenue: [], credits_spent: 0, orders_by_status: { pending_payment: 0 } });
  });

  it('answers zeros for a reseller without a store', async () => {
    const user = await createReseller(t);
    expect(await sales(user, { from: '2026-01-01', to: '2026-01-31' })).toEqual({
      revenue: [],
      orders_by_status: { pending_payment: 0, awaiting_approval: 0, waiting_credit: 0, activated: 0, failed: 0, rejected: 0 },
      credits_spent: 0,
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it("refuses a range over 366 days, an end before its start and a malformed date, in the caller's language", async () => {
    const user = await createReseller(t);
    const call = (query: Record<string, string>) => t.call({ method: 'GET', url: '/api/storefront/sales', token: user.token, query, lang: 'ar-EG' });
    expectFieldErrors(await call({ from: '2025-01-01', to: '2026-01-02' }), { to: [translate('ar', 'validation.insightsRangeTooLong')] });
    expectFieldErrors(await call({ from: '2026-02-01', to: '2026-01-01' }), { to: [translate('ar', 'validation.endBeforeStart')] });
    expectFieldErrors(await call({ from: '2026-13-01' }), { from: [translate('ar', 'validation.date', { field: translate('ar', 'fields.from') })] });
    // A `from` alone, long ago, is checked against today.
    expectFieldErrors(await call({ from: '2020-01-01' }), { to: [translate('ar', 'validation.insightsRangeTooLong')] });
    expect((await call({ from: '2025-01-01', to: '2026-01-01' })).statusCode).toBe(200);
  });

  it('fills the range as Insights does: no `to` is today, no `from` is 29 days before `to`', () => {
    const now = new Date('2026-03-10T23:59:00Z');
    expect(salesRange({}, now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(salesRange({ to: '2026-01-31' }, now)).toEqual({ from: '2026-01-02', to: '2026-01-31' });
    expect(salesRange({ from: '2026-03-01' }, now)).toEqual({ from: '2026-03-01', to: '2026-03-10' });
  });

  it('is refused without a session (without the permission: customers.routes.test.ts)', async () => {
    expectError(await t.call({ method: 'GET', url: '/api/storefront/sales' }), 401, 'C10002');
  });
});
