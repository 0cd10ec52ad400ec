import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type PlayerStoreLinkAnswer } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createReseller, expectError, rows, uniqueIp, type TestUser } from '../../../test/fixtures.js';
import { activatedDevice, applicationId, fundAccount, registerDevice, uniqueMac } from '../../../test/devices.js';
import { readRenewalToken } from '../customer-reminders/renewal-link.js';
import { addProduct, openTestStore, placedOrder, type TestStore } from '../../../test/store-checkout.js';

/**
 * POST /api/player/store-link (issue 44): the QR code on the TV. The link is the renewal link of
 * the store of the reseller who last activated the device; GET /api/public/renewals/:token is
 * what the store page reads it back with.
 */

let t: TestApp;
/** IBOPLAYER and HUSHPLAY, from the seed. */
let ibo: number;
let hush: number;
let seller: TestUser;
let store: TestStore;
/** The store's first product for IBOPLAYER, and one HUSHPLAY-only product created before it. */
let first: number;

beforeAll(async () => {
  t = await createTestApp();
  [ibo, hush] = [await applicationId(t, 'IBOPLAYER'), await applicationId(t, 'HUSHPLAY')];
  seller = await createReseller(t, { applications: [ibo, hush] });
  await fundAccount(t, seller, 50);
  store = await openTestStore(t, seller, { stripe: false });
  // Created first, but it does not sell IBOPLAYER: never the link of an IBOPLAYER device.
  await addProduct(t, seller, { name: 'Hush year', app_ids: [hush] });
  first = await addProduct(t, seller, { name: 'One year', app_ids: [ibo] });
});
afterAll(() => t.close());

function storeLink(payload: Record<string, unknown>, options: { remoteAddress?: string; lang?: string } = {}) {
  return t.call({ method: 'POST', url: '/api/player/store-link', payload, ...options });
}

/** A device activated by `user` on IBOPLAYER, as the player sees it: app, MAC, key. */
async function activated(user: TestUser, pkg: '1-Year' | 'Lifetime' = '1-Year') {
  const { mac, devices } = await activatedDevice(t, user, [ibo], pkg);
  return { app_id: ibo, mac_address: mac, device_key: devices[0]!.device_key };
}

async function linkOf(device: Record<string, unknown>): Promise<string> {
  const res = await storeLink(device);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<PlayerStoreLinkAnswer>();
  expect(body).toMatchObject({ status: true, msg: 'OK' });
  return body.data.url;
}

/** What the link's token names (customer 0: none). */
const claimsOf = (url: string) => readRenewalToken(t.app.deps.config, url.split('/renew/')[1]!);

/** What the store page reads back from the link's token. */
async function renewal(url: string) {
  const token = url.split('/renew/')[1]!;
  const res = await t.call({ method: 'GET', url: `/api/public/renewals/${token}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { slug: string; product_id: number; mac_address: string; app_ids: number[] } }>().data;
}

describe('POST /api/player/store-link', () => {
  it("answers the renewal link of the activating reseller's store, which opens that store with the MAC and the app's first product", async () => {
    const device = await activated(seller);
    const url = await linkOf(device);
    expect(url.startsWith(`${t.app.deps.config.publicUrl}/store/${store.slug}/renew/`)).toBe(true);
    expect(await renewal(url)).toEqual({ slug: store.slug, product_id: first, mac_address: device.mac_address, app_ids: [ibo] });
    // No customer of the account holds the device: the link names none, and the order will file one.
    const [row] = await rows<{ id: number }>(t, sql`select id::int as id from devices where application_id = ${ibo} and mac_address = ${device.mac_address}`);
    const claims = claimsOf(url)!;
    expect(claims).toMatchObject({ customerId: 0, deviceId: row!.id, productId: first });
    // Valid 30 days, as every renewal link.
    expect(claims.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    // The MAC may come in any shape the player sends it.
    expect(await renewal(await linkOf({ ...device, mac_address: device.mac_address.toUpperCase().replace(/:/g, '-') }))).toMatchObject({ mac_address: device.mac_address });
  });

  it('names the product the device was last sold with, and the first product again once that one is off sale', async () => {
    const premium = await addProduct(t, seller, { name: 'Premium year', app_ids: [ibo], price: 1990 });
    const mac = uniqueMac();
    const { device_key } = await registerDevice(t, { appId: ibo, mac });
    // The customer's own order from the store, approved by the reseller: the sale links the device to its customer and product.
    const order = await placedOrder(t, store.slug, { product_id: premium, mac_address: mac, email: `tv-${mac.replace(/:/g, '')}@example.com`, method: 'manual' });
    const approved = await t.call({ method: 'POST', url: `/api/storefront/orders/${order.id}/approve`, token: seller.token });
    expect(approved.statusCode, approved.body).toBe(200);
    const [link] = await rows<{ customer_id: number; product_id: number }>(
      t,
      sql`select cd.customer_id, cd.product_id from customer_devices cd join devices d on d.id = cd.device_id where d.mac_address = ${mac}`,
    );
    expect(link).toMatchObject({ product_id: premium });

    const device = { app_id: ibo, mac_address: mac, device_key };
    const url = await linkOf(device);
    expect(await renewal(url)).toEqual({ slug: store.slug, product_id: premium, mac_address: mac, app_ids: [ibo] });
    expect(claimsOf(url)).toMatchObject({ customerId: link!.customer_id, productId: premium });

    const off = await t.call({ method: 'PUT', url: `/api/storefront/products/${premium}`, token: seller.token, payload: { name: 'Premium year', app_ids: [ibo], package: 'one_year', price: 1990, active: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await renewal(await linkOf(device))).product_id).toBe(first);
  });

  it('follows the device to the reseller who activated it last', async () => {
    const other = await createReseller(t, { applications: [ibo] });
    await fundAccount(t, other, 5);
    const otherStore = await openTestStore(t, other, { stripe: false });
    const otherProduct = await addProduct(t, other, { app_ids: [ibo] });
    const device = await activated(seller);
    expect((await renewal(await linkOf(device))).slug).toBe(store.slug);

    const again = await t.call({
      method: 'POST',
      url: '/api/bulk-multi-app-activate',
      token: other.token,
      payload: { requestData: { is_trial: 3, macAddress: device.mac_address, app_ids: [ibo], isConfirmed: true } },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await renewal(await linkOf(device))).toMatchObject({ slug: otherStore.slug, product_id: otherProduct });
  });

  it('refuses a wrong device key with 403 C10405, and tells nothing of the store', async () => {
    const device = await activated(seller);
    const res = await storeLink({ ...device, device_key: device.device_key === '00000000' ? '11111111' : '00000000' });
    const body = expectError(res, 403, 'C10405');
    expect(res.body).not.toContain(store.slug);
    expect(body).not.toHaveProperty('data');
  });

  it('answers 404 C10404 for a device no player registered', async () => {
    expectError(await storeLink({ app_id: ibo, mac_address: uniqueMac(), device_key: '12345678' }), 404, 'C10404');
  });

  it('answers 404 STORE_LINK_NOT_FOUND for a device never activated (still on its trial)', async () => {
    const device = await registerDevice(t, { appId: ibo });
    const res = await storeLink({ app_id: ibo, mac_address: device.mac_address, device_key: device.device_key });
    expectError(res, 404, 'STORE_LINK_NOT_FOUND', translate('en', 'errors.storeLinkNotFound'));
  });

  it('answers 404 STORE_LINK_NOT_FOUND, in the player\'s language, when the activating reseller has no store', async () => {
    const storeless = await createReseller(t, { applications: [ibo] });
    await fundAccount(t, storeless, 5);
    const device = await activated(storeless);
    expectError(await storeLink(device, { lang: 'de' }), 404, 'STORE_LINK_NOT_FOUND', translate('de', 'errors.storeLinkNotFound'));
  });

  it("answers 404 STORE_LINK_NOT_FOUND while the reseller's store is turned off, and the link again once it is on", async () => {
    const owner = await createReseller(t, { applications: [ibo] });
    await fundAccount(t, owner, 5);
    const own = await openTestStore(t, owner, { stripe: false });
    await addProduct(t, owner, { app_ids: [ibo] });
    const device = await activated(owner);
    expect((await renewal(await linkOf(device))).slug).toBe(own.slug);

    const settings = { slug: own.slug, title: 'Fast TV', accent_color: '#1864ab', currency: 'EUR', default_language: 'en' };
    const off = await t.call({ method: 'PUT', url: '/api/storefront', token: owner.token, payload: { ...settings, enabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    expectError(await storeLink(device), 404, 'STORE_LINK_NOT_FOUND');

    await t.call({ method: 'PUT', url: '/api/storefront', token: owner.token, payload: { ...settings, enabled: true } });
    expect((await renewal(await linkOf(device))).slug).toBe(own.slug);
  });

  it("answers 404 STORE_LINK_NOT_FOUND when the store sells nothing for the device's app (none, or only inactive products)", async () => {
    const owner = await createReseller(t, { applications: [ibo, hush] });
    await fundAccount(t, owner, 5);
    await openTestStore(t, owner, { stripe: false });
    await addProduct(t, owner, { app_ids: [hush] });
    const device = await activated(owner);
    expectError(await storeLink(device), 404, 'STORE_LINK_NOT_FOUND');

    await addProduct(t, owner, { app_ids: [ibo], active: false });
    expectError(await storeLink(device), 404, 'STORE_LINK_NOT_FOUND');
  });

  it('answers 404 STORE_LINK_NOT_FOUND for a disabled device (the store would refuse its order) and a lifetime one (nothing to renew)', async () => {
    const disabled = await activated(seller);
    const res = await t.call({ method: 'POST', url: '/api/disable-device', token: seller.token, payload: { mac_address: disabled.mac_address, app_id: ibo } });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await storeLink(disabled), 404, 'STORE_LINK_NOT_FOUND');

    expectError(await storeLink(await activated(seller, 'Lifetime')), 404, 'STORE_LINK_NOT_FOUND');
  });

  it('counts against the per-address limit of every player call', async () => {
    const device = await activated(seller);
    const ip = uniqueIp();
    await t.database.db.execute(sql`insert into rate_limits (key, count, reset_at) values (${`player:${ip}`}, 1000, now() + interval '30 seconds')`);
    const res = await storeLink(device, { remoteAddress: ip });
    expectError(res, 429, 'TOO_MANY_REQUESTS');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('refuses a malformed body with 422 on its fields', async () => {
    const res = await storeLink({ app_id: ibo, mac_address: 'not-a-mac', device_key: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { mac_address: [expect.any(String)], device_key: [expect.any(String)] } });
  });
});
