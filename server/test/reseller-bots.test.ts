import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@panel/contract';
import { ADMIN_EMAIL, ADMIN_LOGIN_PREFIX, ADMIN_PASSWORD, createTestApp, type TestApp } from './harness.js';
import { adminToken, createReseller, GOOD_PASSWORD, type TestUser } from './fixtures.js';
import { balanceOf } from './credit.js';
import { applicationId, fundAccount, registerDevice, uniqueMac } from './devices.js';

/**
 * Reseller bots written for the peer panel (WhatsApp and Telegram bots that activate a customer's
 * app once paid) talk in one fixed way: JSON sent as `application/json-patch+json` with a
 * browser's headers, and answers read field by field. Each test sends exactly that and reads the
 * answer as such a bot does.
 */
let t: TestApp;
let reseller: TestUser;
let ibo: number;
let bob: number;

const BOT_HEADERS = {
  'content-type': 'application/json-patch+json',
  origin: 'https://bot.example.net',
  referer: 'https://bot.example.net/',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};

/** A call as the bot sends it: its body serialised by itself, its content type and headers. */
const bot = (url: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url, token, headers: { ...BOT_HEADERS, ...headers }, payload: JSON.stringify(body) });

/** What the bot reads of an activation answer. */
function botReading(answer: Record<string, unknown>) {
  const ok = answer.status === true && Number(answer.successful_count) > 0;
  const devices = answer.activated_devices as { expire_date: string }[] | undefined;
  const failed = (answer.failed_activations as { error?: string; reason?: string; message?: string }[] | undefined) ?? [];
  const reasons = failed.map((f) => f.error ?? f.reason ?? f.message).filter(Boolean);
  return { ok, expireDate: ok ? devices?.[0]?.expire_date : undefined, shown: reasons.length > 0 ? reasons : [answer.msg] };
}

const activation = (mac: string, appId: number, name: string, pkg: '1-Year' | 'Lifetime') => ({
  modules: [name],
  requestData: {
    is_trial: pkg === '1-Year' ? 3 : 2,
    macAddress: mac,
    appType: 'multi-app',
    email: '',
    creditPoints: pkg === '1-Year' ? 1 : 2,
    isConfirmed: true,
    comment: 'paid by WhatsApp',
    app_ids: [appId],
  },
});

beforeAll(async () => {
  t = await createTestApp();
  ibo = await applicationId(t, 'IBOPLAYER');
  bob = await applicationId(t, 'BOBPLAYER');
  reseller = await createReseller(t, { applications: [ibo, bob] });
  await fundAccount(t, reseller, 3);
});
afterAll(() => t.close());

describe('a reseller bot', () => {
  it('signs in and reads its token, balance and active status from data.IBOReseller', async () => {
    const res = await bot('/api/login', { email: reseller.email, password: GOOD_PASSWORD, captcha_token: 'not-checked' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.status).toBe(true);
    expect(typeof answer.token).toBe('string');
    expect(answer.data.IBOReseller).toEqual({ id: reseller.id, name: reseller.name, email: reseller.email, credit_point: 3, status: 1 });
    // What the panel's own screens read stays.
    expect(answer).toMatchObject({ permissions: expect.any(Array), hasPasscode: false, statusCode: 200, httpCode: 200 });
  });

  it('checks a device and activates it for a year, reading successful_count and the new expiry', async () => {
    const mac = uniqueMac();
    await registerDevice(t, { appId: ibo, mac });
    const token = await t.login(reseller.email, GOOD_PASSWORD);
    const check = await bot('/api/check-device-status-multi-app', { macAddress: mac.toUpperCase(), app_id: [ibo] }, token);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data.responseDataArray[String(ibo)].status).toBe('trial');

    const before = await balanceOf(t, reseller.id);
    const res = await bot('/api/bulk-multi-app-activate', activation(mac.toUpperCase(), ibo, 'IBOPLAYER', '1-Year'), token);
    expect(res.statusCode, res.body).toBe(200);
    const reading = botReading(res.json());
    expect(reading.ok).toBe(true);
    expect(Date.parse(reading.expireDate!)).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    expect(res.json()).toMatchObject({ successful_count: 1, failed_activations: [] });
    expect(await balanceOf(t, reseller.id)).toBe(before - 1);
  });

  it('activates for life with is_trial 2 and 2 credit points', async () => {
    const mac = uniqueMac();
    await registerDevice(t, { appId: bob, mac });
    const token = await t.login(reseller.email, GOOD_PASSWORD);
    const res = await bot('/api/bulk-multi-app-activate', activation(mac, bob, 'BOBPLAYER', 'Lifetime'), token);
    expect(res.statusCode, res.body).toBe(200);
    expect(botReading(res.json())).toMatchObject({ ok: true, expireDate: expect.stringMatching(/^9999-12-31/) });
  });

  it('shows why a device that never registered was refused, and pays nothing', async () => {
    const token = await t.login(reseller.email, GOOD_PASSWORD);
    const before = await balanceOf(t, reseller.id);
    const mac = uniqueMac();
    const res = await bot('/api/bulk-multi-app-activate', activation(mac, ibo, 'IBOPLAYER', '1-Year'), token);
    expect(res.statusCode).toBe(422);
    const answer = res.json();
    expect(answer).toMatchObject({ status: false, code: 'ACTIVATION_REFUSED', successful_count: 0 });
    expect(answer.failed_activations).toEqual([{ mac_address: mac, app_id: ibo, module: 'IBOPLAYER', error: expect.any(String) }]);
    expect(botReading(answer)).toEqual({ ok: false, expireDate: undefined, shown: [answer.failed_activations[0].error] });
    expect(answer.failed_activations[0].error).not.toBe(answer.msg);
    expect(await balanceOf(t, reseller.id)).toBe(before);
  });

  it('shows "not enough credit" for each app when the balance is short, and changes nothing', async () => {
    const poor = await createReseller(t, { applications: [ibo] });
    const mac = uniqueMac();
    await registerDevice(t, { appId: ibo, mac });
    const res = await bot('/api/bulk-multi-app-activate', activation(mac, ibo, 'IBOPLAYER', 'Lifetime'), poor.token, { 'accept-language': 'ar-EG' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_CREDIT',
      successful_count: 0,
      failed_activations: [{ mac_address: mac, app_id: ibo, module: 'IBOPLAYER', error: translate('ar', 'errors.insufficientCredit') }],
    });
    expect(await balanceOf(t, poor.id)).toBe(0);
  });

  it('is told 401 on a stale token, and signs in again', async () => {
    const token = await t.login(reseller.email, GOOD_PASSWORD);
    await t.call({ method: 'DELETE', url: '/api/logout', token });
    const res = await bot('/api/check-device-status-multi-app', { macAddress: uniqueMac(), app_id: [ibo] }, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: 'C10002' });
  });
});

describe('sign-in answers', () => {
  it("carry the account in data.IBOReseller on the admin's sign-in too", async () => {
    const res = await bot(`/api/${ADMIN_LOGIN_PREFIX}/admin-login`, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.IBOReseller).toEqual({ id: expect.any(Number), name: expect.any(String), email: ADMIN_EMAIL, credit_point: expect.any(Number), status: 1 });
  });

  it("carry it in an API key's profile", async () => {
    const admin = await adminToken(t);
    const key = (await t.call({ method: 'GET', url: `/api/resellers/${reseller.id}/get-api-key`, token: admin })).json().data.api_key as string;
    await t.call({ method: 'POST', url: `/api/resellers/${reseller.id}/enable-api-access`, token: admin });
    const res = await t.call({ method: 'GET', url: '/api/profile', token: key });
    expect(res.json().data.IBOReseller).toEqual({
      id: reseller.id,
      name: reseller.name,
      email: reseller.email,
      credit_point: await balanceOf(t, reseller.id),
      status: 1,
    });
  });
});

describe('JSON content types', () => {
  it('parses any application/*+json body as JSON, with the same validation', async () => {
    for (const type of ['application/vnd.api+json', 'application/merge-patch+json; charset=utf-8']) {
      const res = await t.call({ method: 'POST', url: '/api/login', headers: { 'content-type': type }, payload: JSON.stringify({ email: 'nobody@example.test', password: 'x' }) });
      expect(res.json().code, type).toBe('10090');
    }
    const invalid = await t.call({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json-patch+json' }, payload: '{"email":' });
    expect(invalid.statusCode).toBe(400);
  });

  it('still refuses text and form bodies with 415', async () => {
    for (const [type, payload] of [
      ['text/plain', '{"email":"a@b.c","password":"x"}'],
      ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x'],
    ]) {
      const res = await t.call({ method: 'POST', url: '/api/login', headers: { 'content-type': type! }, payload });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toMatchObject({ status: false, code: 'UNSUPPORTED_MEDIA_TYPE', msg: translate('en', 'errors.unsupportedMediaType') });
    }
  });
});

describe('the OpenAPI document', () => {
  it('names what a bot reads: the account of the sign-in, and the activation counts on success and refusal', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    const schemaOf = (path: string, status: string) => doc.paths[path].post.responses[status].content['application/json'].schema;
    // The sign-in answers a session, or a challenge for an account with a second factor; the second step answers the same session.
    const signedIn = (schemaOf('/api/login', '200').anyOf as { properties: Record<string, { properties: Record<string, unknown> }> }[]).find((s) => s.properties.token)!;
    for (const answer of [signedIn, schemaOf('/api/login/two-factor', '200')]) {
      expect(Object.keys(answer.properties.data.properties.IBOReseller.properties).sort()).toEqual(['credit_point', 'email', 'id', 'name', 'status']);
    }
    const activate = '/api/bulk-multi-app-activate';
    expect(schemaOf(activate, '200').properties).toHaveProperty('successful_count');
    expect(schemaOf(activate, '200').properties.failed_activations.items.properties).toHaveProperty('error');
    expect(schemaOf(activate, '4XX').properties).toHaveProperty('failed_activations');
  });
});
