import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORE_ORDERS_PER_MINUTE, translate, type PublicStoreOrder } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, expectError, expectFieldErrors, rows, uniqueIp, type TestUser } from '../../../test/fixtures.js';
import { fundedAdmin, recharge } from '../../../test/credit.js';
import { registerDevice, uniqueMac } from '../../../test/devices.js';
import { addProduct, openTestStore, placedOrder, placeOrder, stripeStandIn, type TestStore } from '../../../test/store-checkout.js';
import { sha256 } from '../../lib/secrets.js';

describe('placing and following a store order (POST /api/public/storefronts/:slug/orders, GET /api/public/orders/:id)', () => {
  const standIn = stripeStandIn();
  let t: TestApp;
  let apps: number[];
  let reseller: TestUser;
  let store: TestStore;
  let oneYear: number;
  let bothLifetime: number;

  beforeAll(async () => {
    const base = await standIn.listen();
    t = await createTestApp({ env: { STRIPE_API_BASE: base } });
    apps = await applicationIds(t);
    const admin = await fundedAdmin(t, 1000);
    reseller = await createReseller(t, { applications: apps.slice(0, 2) });
    await recharge(t, admin, { email: reseller.email, points: 50 });
    store = await openTestStore(t, reseller, { language: 'de' });
    oneYear = await addProduct(t, reseller, { name: 'IBO one year', app_ids: [apps[0]!], price: 990 });
    bothLifetime = await addProduct(t, reseller, { name: 'Both lifetime', app_ids: apps.slice(0, 2), package: 'lifetime', price: 4990 });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  beforeEach(() => {
    standIn.received.length = 0;
    standIn.setFailing(false);
  });

  const orderCount = async () => (await rows<{ n: number }>(t, sql`select count(*)::int as n from store_orders`))[0]!.n;
  const device = async (appIds = [apps[0]!]) => {
    const mac = uniqueMac();
    for (const appId of appIds) await registerDevice(t, { appId, mac });
    return mac;
  };
  const readOrder = (id: number, token?: string, lang?: string) => t.call({ method: 'GET', url: `/api/public/orders/${id}`, token, lang });

  it('places a manual order waiting for approval: the how-to-pay text, a token answered once and stored as its hash, what was sold kept on the order', async () => {
    const mac = await device();
    const res = await placeOrder(t, store.slug, { product_id: oneYear, mac_address: mac.toUpperCase().replace(/:/g, '-'), email: 'Buyer@Example.com', name: 'Ana', method: 'manual' }, { lang: 'br' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ msg: string; data: { id: number; order_token: string } }>();
    expect(body).toMatchObject({ status: true, msg: translate('br', 'success.orderPlacedManual') });
    expect(body.data).toEqual({ id: expect.any(Number), status: 'awaiting_approval', order_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), instructions: 'PIX key: 123.456.789-00' });
    const [row] = await rows(t, sql`select * from store_orders where id = ${body.data.id}`);
    expect(row).toMatchObject({
      storefront_id: store.id,
      user_id: reseller.id,
      product_id: oneYear,
      product_name: 'IBO one year',
      app_ids: [apps[0]],
      package: 'one_year',
      price: 990,
      currency: 'EUR',
      credit_cost: 1,
      mac_address: mac,
      email: 'buyer@example.com',
      name: 'Ana',
      // No language asked: the store's own.
      language: 'de',
      method: 'manual',
      status: 'awaiting_approval',
      token_hash: sha256(body.data.order_token),
      stripe_session_id: null,
    });
    expect(JSON.stringify(row)).not.toContain(body.data.order_token);
    // No Stripe for a manual order.
    expect(standIn.received).toEqual([]);
  });

  it("opens a Checkout Session on the reseller's own Stripe account: its key, one inline price, the order as reference and metadata", async () => {
    const mac = await device(apps.slice(0, 2));
    const res = await placeOrder(t, store.slug, { product_id: bothLifetime, mac_address: mac, email: 'card@example.com', method: 'stripe', language: 'esp' }, { lang: 'esp' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ msg: string; data: { id: number; status: string; checkout_url: string; order_token: string } }>();
    expect(body.msg).toBe(translate('esp', 'success.orderPlacedCard'));
    expect(body.data).toEqual({ id: expect.any(Number), status: 'pending_payment', order_token: expect.any(String), checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_store_/) });
    expect(body.data).not.toHaveProperty('instructions');

    expect(standIn.received).toHaveLength(1);
    const call = standIn.received[0]!;
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.authorization).toBe(`Bearer ${store.keys.secret_key}`);
    expect(call.idempotencyKey).toMatch(new RegExp(`^store-order-${store.id}-${body.data.id}-\\d+$`));
    const form = Object.fromEntries(call.form);
    expect(form).toMatchObject({
      mode: 'payment',
      client_reference_id: String(body.data.id),
      'metadata[order_id]': String(body.data.id),
      'metadata[storefront_id]': String(store.id),
      customer_email: 'card@example.com',
      locale: 'es',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '4990',
      'line_items[0][price_data][product_data][name]': 'Both lifetime',
      success_url: `http://panel.test/store/${store.slug}/orders/${body.data.id}`,
      cancel_url: `http://panel.test/store/${store.slug}`,
    });
    // Inline price data only: no Stripe Price or Product to keep in step.
    expect(Object.keys(form).filter((k) => k.includes('[price]') || k.includes('[product]'))).toEqual([]);
    const [row] = await rows<{ stripe_session_id: string; status: string; credit_cost: number; language: string }>(t, sql`select * from store_orders where id = ${body.data.id}`);
    expect(row).toMatchObject({ stripe_session_id: body.data.checkout_url.split('/').pop(), status: 'pending_payment', credit_cost: 4, language: 'esp' });
  });

  it('answers 502 PAYMENT_PROVIDER_UNAVAILABLE and keeps no order when Stripe cannot be reached', async () => {
    const mac = await device();
    const before = await orderCount();
    standIn.setFailing(true);
    expectError(await placeOrder(t, store.slug, { product_id: oneYear, mac_address: mac, email: 'down@example.com', method: 'stripe' }, { lang: 'de' }), 502, 'PAYMENT_PROVIDER_UNAVAILABLE', translate('de', 'errors.paymentProviderUnavailable'));
    // The client tried again once, with the same idempotency key: one session at most, never two.
    expect(standIn.received.length).toBe(2);
    expect(new Set(standIn.received.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(await orderCount()).toBe(before);
  });

  describe('checks before any money, each a 422 naming its field in the caller\'s language', () => {
    it('refuses a product that is not an active, undeleted product of this store whose apps the account may still sell', async () => {
      const mac = await device(apps.slice(0, 3));
      const before = await orderCount();
      const refused = (productId: unknown) => placeOrder(t, store.slug, { product_id: productId, mac_address: mac, email: 'a@example.com', method: 'manual' }, { lang: 'ar' });
      const unavailable = { product_id: [translate('ar', 'validation.productUnavailable')] };

      expectFieldErrors(await refused(999_999), unavailable);
      const inactive = await addProduct(t, reseller, { app_ids: [apps[0]!], active: false });
      expectFieldErrors(await refused(inactive), unavailable);
      const deleted = await addProduct(t, reseller, { app_ids: [apps[0]!] });
      await t.call({ method: 'DELETE', url: `/api/storefront/products/${deleted}`, token: reseller.token });
      expectFieldErrors(await refused(deleted), unavailable);
      // Another store's product.
      const other = await createReseller(t, { applications: apps.slice(0, 2) });
      await openTestStore(t, other);
      expectFieldErrors(await refused(await addProduct(t, other, { app_ids: [apps[0]!] })), unavailable);
      // An app the account may no longer sell: the admin took app 2 back after the product was made.
      const seller = await createReseller(t, { applications: apps.slice(0, 3) });
      const itsStore = await openTestStore(t, seller);
      const third = await addProduct(t, seller, { app_ids: [apps[2]!] });
      await t.database.db.execute(sql`delete from reseller_applications where user_id = ${seller.id} and application_id = ${apps[2]!}`);
      expectFieldErrors(await placeOrder(t, itsStore.slug, { product_id: third, mac_address: mac, email: 'a@example.com', method: 'manual' }, { lang: 'ar' }), unavailable);

      expect(await orderCount()).toBe(before);
    });

    it('refuses a method the store has not set up', async () => {
      const owner = await createReseller(t, { applications: apps.slice(0, 2) });
      const manualOnly = await openTestStore(t, owner, { stripe: false });
      const product = await addProduct(t, owner, { app_ids: [apps[0]!] });
      const mac = await device();
      const before = await orderCount();
      expectFieldErrors(await placeOrder(t, manualOnly.slug, { product_id: product, mac_address: mac, email: 'a@example.com', method: 'stripe' }, { lang: 'de' }), {
        method: [translate('de', 'validation.methodNotSetUp')],
      });
      await t.call({ method: 'PUT', url: '/api/storefront/manual', token: owner.token, payload: { enabled: false } });
      expectFieldErrors(await placeOrder(t, manualOnly.slug, { product_id: product, mac_address: mac, email: 'a@example.com', method: 'manual' }), {
        method: [translate('en', 'validation.methodNotSetUp')],
      });
      expect(await orderCount()).toBe(before);
      expect(standIn.received).toEqual([]);
    });

    it('refuses a MAC no player registered on every app of the product, a lifetime device and a disabled one', async () => {
      const before = await orderCount();
      const order = (mac: string, method = 'stripe') => placeOrder(t, store.slug, { product_id: bothLifetime, mac_address: mac, email: 'a@example.com', method }, { lang: 'de' });

      expectFieldErrors(await order(uniqueMac()), { mac_address: [translate('de', 'validation.macNotRegistered')] });
      // Registered on the first app only.
      expectFieldErrors(await order(await device([apps[0]!])), { mac_address: [translate('de', 'validation.macNotRegistered')] });

      const lifetime = await device(apps.slice(0, 2));
      await t.database.db.execute(sql`update devices set lifetime = true, is_trial = 0 where mac_address = ${lifetime} and application_id = ${apps[1]!}`);
      expectFieldErrors(await order(lifetime, 'manual'), { mac_address: [translate('de', 'validation.deviceLifetime')] });

      const disabled = await device(apps.slice(0, 2));
      await t.database.db.execute(sql`update devices set disabled_at = now() where mac_address = ${disabled} and application_id = ${apps[0]!}`);
      expectFieldErrors(await order(disabled), { mac_address: [translate('de', 'validation.deviceDisabled')] });

      expect(await orderCount()).toBe(before);
      expect(standIn.received).toEqual([]);
    });

    it('names every field at fault at once, and leaves a malformed MAC and e-mail to the contract', async () => {
      expectFieldErrors(await placeOrder(t, store.slug, { product_id: 999_999, mac_address: uniqueMac(), email: 'a@example.com', method: 'manual' }), {
        product_id: [translate('en', 'validation.productUnavailable')],
      });
      const owner = await createReseller(t, { applications: apps.slice(0, 2) });
      const bare = await openTestStore(t, owner, { stripe: false, manual: false });
      const product = await addProduct(t, owner, { app_ids: [apps[0]!] });
      expectFieldErrors(await placeOrder(t, bare.slug, { product_id: product, mac_address: uniqueMac(), email: 'a@example.com', method: 'manual' }), {
        method: [translate('en', 'validation.methodNotSetUp')],
        mac_address: [translate('en', 'validation.macNotRegistered')],
      });
      const malformed = await placeOrder(t, store.slug, { product_id: oneYear, mac_address: 'zz:00', email: 'not-an-address', method: 'manual' }, { lang: 'de' });
      const body = expectError(malformed, 422, 'VALIDATION') as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors).sort()).toEqual(['email', 'mac_address']);
    });

    it('answers 404 STOREFRONT_NOT_FOUND for an unknown or closed store', async () => {
      const mac = await device();
      const payload = { product_id: oneYear, mac_address: mac, email: 'a@example.com', method: 'manual' };
      expectError(await placeOrder(t, 'no-such-store', payload), 404, 'STOREFRONT_NOT_FOUND');
      const owner = await createReseller(t, { applications: apps.slice(0, 2) });
      const closed = await openTestStore(t, owner);
      await t.call({ method: 'PUT', url: '/api/storefront', token: owner.token, payload: { slug: closed.slug, title: 'Closed', enabled: false, accent_color: '#1864ab', currency: 'EUR' } });
      const product = await addProduct(t, owner, { app_ids: [apps[0]!] });
      expectError(await placeOrder(t, closed.slug, { ...payload, product_id: product }), 404, 'STOREFRONT_NOT_FOUND');
    });
  });

  it(`takes ${STORE_ORDERS_PER_MINUTE} orders a minute from one client address, then 429 with Retry-After`, async () => {
    const mac = await device();
    const ip = uniqueIp();
    const payload = { product_id: oneYear, mac_address: mac, email: 'many@example.com', method: 'manual' };
    for (let i = 0; i < STORE_ORDERS_PER_MINUTE; i += 1) expect((await placeOrder(t, store.slug, payload, { remoteAddress: ip })).statusCode).toBe(201);
    const before = await orderCount();
    const res = await placeOrder(t, store.slug, payload, { remoteAddress: ip, lang: 'de' });
    expectError(res, 429, 'TOO_MANY_REQUESTS');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await orderCount()).toBe(before);
    // Another address is not held back.
    expect((await placeOrder(t, store.slug, payload)).statusCode).toBe(201);
  });

  describe('GET /api/public/orders/:id', () => {
    it('answers the order to the holder of its token; without it, with another order\'s or for an unknown id, the same 404', async () => {
      const mac = await device();
      const mine = await placedOrder(t, store.slug, { product_id: oneYear, mac_address: mac, email: 'mine@example.com', method: 'manual' });
      const theirs = await placedOrder(t, store.slug, { product_id: oneYear, mac_address: mac, email: 'theirs@example.com', method: 'manual' });

      const res = await readOrder(mine.id, mine.order_token, 'de');
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json<{ data: PublicStoreOrder }>().data;
      expect(order).toEqual({
        id: mine.id,
        status: 'awaiting_approval',
        method: 'manual',
        product_name: 'IBO one year',
        package: 'one_year',
        apps: [{ id: apps[0], name: expect.any(String) }],
        mac_address: mac,
        price: 990,
        currency: 'EUR',
        instructions: 'PIX key: 123.456.789-00',
        expires_at: null,
        is_lifetime: false,
        reason: null,
        created_at: expect.any(String),
        activated_at: null,
      });
      expect(order.apps[0]!.name).not.toBe('');
      // Never the customer's e-mail, the cost or the token.
      expect(res.body).not.toContain('mine@example.com');
      expect(res.body).not.toContain(mine.order_token);
      expect(res.body).not.toContain('credit_cost');

      const unknown = expectError(await readOrder(mine.id, undefined, 'de'), 404, 'ORDER_NOT_FOUND', translate('de', 'errors.orderNotFound'));
      expect(expectError(await readOrder(mine.id, theirs.order_token, 'de'), 404, 'ORDER_NOT_FOUND')).toEqual(unknown);
      expect(expectError(await readOrder(999_999, mine.order_token, 'de'), 404, 'ORDER_NOT_FOUND')).toEqual(unknown);
      expectError(await t.call({ method: 'GET', url: `/api/public/orders/${mine.id}`, headers: { authorization: `Basic ${mine.order_token}` } }), 404, 'ORDER_NOT_FOUND');
      // A panel session is no order token, not even the store owner's.
      expectError(await readOrder(mine.id, reseller.token), 404, 'ORDER_NOT_FOUND');
    });

    it("says why a failed order ended in the caller's language, and a rejected one in the reseller's words", async () => {
      const mac = await device();
      const failed = await placedOrder(t, store.slug, { product_id: oneYear, mac_address: mac, email: 'f@example.com', method: 'manual' });
      await t.database.db.execute(sql`update store_orders set status = 'failed', failure_reason = 'validation.deviceLifetime' where id = ${failed.id}`);
      const read = await readOrder(failed.id, failed.order_token, 'ar');
      expect(read.json<{ data: PublicStoreOrder }>().data).toMatchObject({ status: 'failed', reason: translate('ar', 'validation.deviceLifetime'), instructions: null });

      const rejected = await placedOrder(t, store.slug, { product_id: oneYear, mac_address: mac, email: 'r@example.com', method: 'manual' });
      await t.database.db.execute(sql`update store_orders set status = 'rejected', reject_reason = 'No payment arrived.' where id = ${rejected.id}`);
      expect((await readOrder(rejected.id, rejected.order_token, 'de')).json<{ data: PublicStoreOrder }>().data).toMatchObject({ status: 'rejected', reason: 'No payment arrived.', instructions: null });
    });
  });
});
