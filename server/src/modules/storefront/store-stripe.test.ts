import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type PublicStoreOrder } from '@panel/contract';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { watchedTestApp, type Seen } from '../../../test/watched-app.js';
import { applicationIds, createReseller, expectError, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant, fundedAdmin, recharge } from '../../../test/credit.js';
import { deviceRow, registerDevice, uniqueMac } from '../../../test/devices.js';
import { addProduct, deliver, openTestStore, orderRow, paidEvent, placedOrder, sessionEvent, signatureOf, stripeStandIn, type TestStore } from '../../../test/store-checkout.js';

/**
 * A store's own Stripe events (POST /api/public/stripe/:storefrontId/webhook): signed with that
 * store's webhook secret, they turn a paid Checkout Session into exactly one activation. Real HTTP
 * for the concurrent deliveries, on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
describe(`a store's Stripe events (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const standIn = stripeStandIn();
  /** Every answer and log line of this file: none may carry a reseller's key. */
  let seen: Seen;
  let t: TestApp;
  let apps: number[];
  let admin: string;
  let reseller: TestUser;
  let store: TestStore;
  let product: number;
  let other: { owner: TestUser; store: TestStore; product: number };

  beforeAll(async () => {
    const base = await standIn.listen();
    ({ t, seen } = await watchedTestApp({ STRIPE_API_BASE: base }));
    apps = await applicationIds(t);
    admin = await fundedAdmin(t, 10_000);
    reseller = await createReseller(t, { applications: apps.slice(0, 2) });
    await recharge(t, admin, { email: reseller.email, points: 500 });
    store = await openTestStore(t, reseller);
    product = await addProduct(t, reseller, { name: 'Both one year', app_ids: apps.slice(0, 2), price: 1490 });
    const owner = await createReseller(t, { applications: apps.slice(0, 2) });
    await recharge(t, admin, { email: owner.email, points: 50 });
    const otherStore = await openTestStore(t, owner);
    other = { owner, store: otherStore, product: await addProduct(t, owner, { app_ids: [apps[0]!] }) };
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  /** A card order on `on`, placed for a device a player registered: its id, token and Checkout Session. */
  async function cardOrder(on: { store: TestStore; product: number; appIds: number[] } = { store, product, appIds: apps.slice(0, 2) }) {
    const mac = uniqueMac();
    for (const appId of on.appIds) await registerDevice(t, { appId, mac });
    const placed = await placedOrder(t, on.store.slug, { product_id: on.product, mac_address: mac, email: 'buyer@example.com', method: 'stripe' });
    return { ...placed, mac, sessionId: placed.checkout_url!.split('/').pop()! };
  }

  const eventsStored = async (eventId: string) => (await rows<{ n: number }>(t, sql`select count(*)::int as n from store_stripe_events where event_id = ${eventId}`))[0]!.n;
  const ledgerRowsOf = async (userId: number) => (await rows<{ n: number }>(t, sql`select count(*)::int as n from credit_ledger where debitor_id = ${userId} and tr_type = 'Activation'`))[0]!.n;
  const readOrder = (id: number, token: string) => t.call({ method: 'GET', url: `/api/public/orders/${id}`, token });

  it('activates the order on checkout.session.completed with payment_status paid: the devices a year on, the reseller charged once', async () => {
    const order = await cardOrder();
    const before = { balance: await balanceOf(t, reseller.id), ledger: await ledgerRowsOf(reseller.id), expiry: new Date((await deviceRow(t, apps[0]!, order.mac))!.expire_date).getTime() };
    const res = await deliver(t, store.id, paidEvent(order.id, order.sessionId, store.id), undefined);
    // Unsigned first: nothing.
    expectError(res, 400, 'BAD_REQUEST');
    const payload = paidEvent(order.id, order.sessionId, store.id);
    const paid = await deliver(t, store.id, payload, signatureOf(payload, store.keys.webhook_secret));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ status: true, msg: translate('en', 'payments.webhookReceived') });

    const row = (await orderRow(t, order.id))!;
    expect(row).toMatchObject({ status: 'activated', stripe_payment_intent: `pi_${order.id}` });
    expect(row.paid_at).not.toBeNull();
    expect(row.ledger_id).not.toBeNull();
    expect(await balanceOf(t, reseller.id)).toBe(before.balance - 2);
    expect(await ledgerRowsOf(reseller.id)).toBe(before.ledger + 1);
    for (const appId of apps.slice(0, 2)) {
      const device = (await deviceRow(t, appId, order.mac))!;
      expect(device).toMatchObject({ is_trial: 0, activated_by: reseller.id, lifetime: false });
      expect(new Date(device.expire_date).getTime()).toBeGreaterThan(before.expiry + 300 * 86_400_000);
    }
    const read = (await readOrder(order.id, order.order_token)).json<{ data: PublicStoreOrder }>().data;
    expect(read).toMatchObject({ status: 'activated', is_lifetime: false, expires_at: expect.any(String), activated_at: expect.any(String), instructions: null });
    await expectLedgerInvariant(t);
  });

  it('waits while a completed session is still unpaid, then activates on checkout.session.async_payment_succeeded', async () => {
    const order = await cardOrder();
    const balance = await balanceOf(t, reseller.id);
    const session = { id: order.sessionId, client_reference_id: String(order.id), metadata: { order_id: String(order.id) } };
    const unpaid = sessionEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' });
    expect((await deliver(t, store.id, unpaid, signatureOf(unpaid, store.keys.webhook_secret))).statusCode).toBe(200);
    expect((await orderRow(t, order.id))!.status).toBe('pending_payment');
    expect(await balanceOf(t, reseller.id)).toBe(balance);

    const succeeded = sessionEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' });
    expect((await deliver(t, store.id, succeeded, signatureOf(succeeded, store.keys.webhook_secret))).statusCode).toBe(200);
    expect((await orderRow(t, order.id))!.status).toBe('activated');
    expect(await balanceOf(t, reseller.id)).toBe(balance - 2);
  });

  it('answers 200 and does nothing for the other event types, and for a session that is not the order\'s', async () => {
    const order = await cardOrder();
    const balance = await balanceOf(t, reseller.id);
    const signed = async (payload: string) => {
      const res = await deliver(t, store.id, payload, signatureOf(payload, store.keys.webhook_secret));
      expect(res.statusCode, res.body).toBe(200);
    };
    const session = { id: order.sessionId, client_reference_id: String(order.id), metadata: { order_id: String(order.id) }, payment_status: 'paid' };
    await signed(sessionEvent('checkout.session.expired', session));
    await signed(sessionEvent('payment_intent.succeeded', session));
    // Paid, but on another session: the reseller's account takes other payments too.
    await signed(paidEvent(order.id, 'cs_test_not_this_order', store.id));
    // Paid on this store, naming another store's order.
    const theirs = await cardOrder({ store: other.store, product: other.product, appIds: [apps[0]!] });
    await signed(paidEvent(theirs.id, theirs.sessionId, store.id));
    // Without any order reference.
    await signed(sessionEvent('checkout.session.completed', { id: order.sessionId, payment_status: 'paid' }));

    expect((await orderRow(t, order.id))!.status).toBe('pending_payment');
    expect((await orderRow(t, theirs.id))!.status).toBe('pending_payment');
    expect(await balanceOf(t, reseller.id)).toBe(balance);
    expect(await balanceOf(t, other.owner.id)).toBe(50);
  });

  it('refuses unsigned, foreign, altered and stale events with 400, and changes nothing', async () => {
    const order = await cardOrder();
    const before = { balance: await balanceOf(t, reseller.id), ledger: await ledgerRowsOf(reseller.id), device: await deviceRow(t, apps[0]!, order.mac) };
    const forged = (id: string) => paidEvent(order.id, order.sessionId, store.id, id);
    const invalid = translate('de', 'payments.invalidSignature');
    const refused = async (storefrontId: number | string, payload: string, signature: string | undefined, message = invalid) => {
      const res = await t.call({
        method: 'POST',
        url: `/api/public/stripe/${storefrontId}/webhook`,
        headers: { 'content-type': 'application/json', 'accept-language': 'de', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
        payload,
      });
      expectError(res, 400, 'BAD_REQUEST', message);
    };

    await refused(store.id, forged('evt_unsigned'), undefined);
    await refused(store.id, forged('evt_garbage'), 't=1,v1=deadbeef');
    await refused(store.id, forged('evt_wrong_secret'), signatureOf(forged('evt_wrong_secret'), 'whsec_someone_else_entirely'));
    await refused(store.id, forged('evt_other_store'), signatureOf(forged('evt_other_store'), other.store.keys.webhook_secret));
    // Signed, then changed on the way.
    const original = sessionEvent('checkout.session.completed', { id: order.sessionId, client_reference_id: String(order.id), metadata: { order_id: String(order.id) }, payment_status: 'unpaid' }, 'evt_altered');
    await refused(store.id, original.replace('"unpaid"', '"paid"'), signatureOf(original, store.keys.webhook_secret));
    // Signed six minutes ago: a replayed capture.
    const stale = forged('evt_stale');
    await refused(store.id, stale, signatureOf(stale, store.keys.webhook_secret, Math.floor(Date.now() / 1000) - 360));
    // This store's event sent to another store's address.
    await refused(other.store.id, forged('evt_wrong_store'), signatureOf(forged('evt_wrong_store'), store.keys.webhook_secret));

    const unknown = translate('de', 'errors.storeWebhookUnknown');
    await refused(999_999, forged('evt_unknown_store'), signatureOf(forged('evt_unknown_store'), store.keys.webhook_secret), unknown);
    await refused('abc', forged('evt_not_an_id'), signatureOf(forged('evt_not_an_id'), store.keys.webhook_secret), unknown);
    const keyless = await createReseller(t, { applications: apps.slice(0, 2) });
    const noStripe = await openTestStore(t, keyless, { stripe: false });
    await refused(noStripe.id, forged('evt_no_keys'), signatureOf(forged('evt_no_keys'), store.keys.webhook_secret), unknown);

    expect((await orderRow(t, order.id))!.status).toBe('pending_payment');
    expect(await balanceOf(t, reseller.id)).toBe(before.balance);
    expect(await ledgerRowsOf(reseller.id)).toBe(before.ledger);
    expect(await deviceRow(t, apps[0]!, order.mac)).toEqual(before.device);
    for (const id of ['evt_unsigned', 'evt_garbage', 'evt_wrong_secret', 'evt_other_store', 'evt_altered', 'evt_stale', 'evt_wrong_store', 'evt_unknown_store', 'evt_not_an_id', 'evt_no_keys']) {
      expect(await eventsStored(id), id).toBe(0);
    }

    // The same event, rightly signed and fresh, still activates: nothing above used it up.
    const good = forged('evt_good_after_forgeries');
    expect((await deliver(t, store.id, good, signatureOf(good, store.keys.webhook_secret))).statusCode).toBe(200);
    expect((await orderRow(t, order.id))!.status).toBe('activated');
  });

  it('acts on a redelivered event once: the second answers 200 without acting', async () => {
    const order = await cardOrder();
    const balance = await balanceOf(t, reseller.id);
    const payload = paidEvent(order.id, order.sessionId, store.id, `evt_redelivered_${order.id}`);
    for (let i = 0; i < 3; i += 1) expect((await deliver(t, store.id, payload, signatureOf(payload, store.keys.webhook_secret))).statusCode).toBe(200);
    expect(await eventsStored(`evt_redelivered_${order.id}`)).toBe(1);
    expect((await orderRow(t, order.id))!.status).toBe('activated');
    expect(await balanceOf(t, reseller.id)).toBe(balance - 2);
  });

  it('gives one activation and one charge for 10 copies of a paid event and 10 other paid events of the same session, all at once over real HTTP', async () => {
    const order = await cardOrder();
    const before = { balance: await balanceOf(t, reseller.id), ledger: await ledgerRowsOf(reseller.id) };
    // Closed with the app in afterAll.
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    {
      const copy = paidEvent(order.id, order.sessionId, store.id, `evt_copy_${order.id}`);
      const payloads = [
        ...Array.from({ length: 10 }, () => copy),
        ...Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? paidEvent(order.id, order.sessionId, store.id) : sessionEvent('checkout.session.async_payment_succeeded', { id: order.sessionId, metadata: { order_id: String(order.id) }, payment_status: 'paid' }))),
      ];
      const results = await Promise.all(
        payloads.map(async (payload) => {
          const res = await fetch(`${base}/api/public/stripe/${store.id}/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signatureOf(payload, store.keys.webhook_secret) },
            body: payload,
          });
          const body = await res.text();
          seen.answers.push(body);
          return res.status;
        }),
      );
      expect(results).toEqual(payloads.map(() => 200));
    }
    expect((await orderRow(t, order.id))!.status).toBe('activated');
    expect(await balanceOf(t, reseller.id)).toBe(before.balance - 2);
    expect(await ledgerRowsOf(reseller.id)).toBe(before.ledger + 1);
    const [activations] = await rows<{ n: number }>(t, sql`select count(*)::int as n from activations a join devices d on d.id = a.device_id where d.mac_address = ${order.mac}`);
    expect(activations!.n).toBe(2);
    await expectLedgerInvariant(t);
  });

  it("never shows the reseller's Stripe keys: not in an answer, an audit row or a log line", async () => {
    // One more whole round, so that every path this file has not taken yet is seen too.
    const order = await cardOrder();
    await t.call({ method: 'GET', url: '/api/storefront', token: reseller.token });
    await readOrder(order.id, order.order_token);
    const payload = paidEvent(order.id, order.sessionId, store.id);
    await deliver(t, store.id, payload, signatureOf(payload, other.store.keys.webhook_secret));
    await deliver(t, store.id, payload, signatureOf(payload, store.keys.webhook_secret));
    standIn.setFailing(true);
    await t.call({ method: 'POST', url: `/api/public/storefronts/${store.slug}/orders`, payload: { product_id: product, mac_address: order.mac, email: 'b@example.com', method: 'stripe' } });
    standIn.setFailing(false);

    const audit = JSON.stringify(await rows(t, sql`select * from audit_log`));
    const secrets = [store.keys, other.store.keys].flatMap((k) => [k.secret_key, k.webhook_secret]);
    expect(seen.answers.length).toBeGreaterThan(50);
    expect(seen.logged.length).toBeGreaterThan(0);
    // The stand-in did see the key: it is what Stripe needs.
    expect(standIn.received.some((c) => c.authorization === `Bearer ${store.keys.secret_key}`)).toBe(true);
    for (const secret of secrets) {
      // The whole key, and the part of it a careless mask would leave (all but the last 4).
      for (const text of [secret, secret.slice(0, -4)]) {
        expect(seen.answers.some((a) => a.includes(text)), `answer with ${text}`).toBe(false);
        expect(audit.includes(text), `audit row with ${text}`).toBe(false);
        expect(seen.logged.includes(text), `log line with ${text}`).toBe(false);
      }
    }
    // Nor the order token, which only its own answer carried.
    expect(seen.logged.includes(order.order_token)).toBe(false);
    expect(audit.includes(order.order_token)).toBe(false);
  });
});

describe("a store's Stripe webhook and the sandbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_ENABLED: 'true' } });
  });
  afterAll(() => t.close());

  it('is served at the live address only: Stripe sends every store\'s events there, and the sandbox never activates for money', async () => {
    const payload = sessionEvent('checkout.session.completed', { id: 'cs_test_x', payment_status: 'paid' });
    expectError(await deliver(t, 1, payload, signatureOf(payload, 'whsec_any_secret_at_all')), 400, 'BAD_REQUEST');
    const sandboxed = await t.call({ method: 'POST', url: '/api/sandbox/public/stripe/1/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signatureOf(payload, 'whsec_any_secret_at_all') }, payload });
    expect(sandboxed.statusCode).toBe(404);
    // Orders are placed in the sandbox too, on its own stores.
    expectError(await t.call({ method: 'POST', url: '/api/sandbox/public/storefronts/no-such-store/orders', payload: { product_id: 1, mac_address: uniqueMac(), email: 'a@example.com', method: 'manual' } }), 404, 'STOREFRONT_NOT_FOUND');
  });
});
