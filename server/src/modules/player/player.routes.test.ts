import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX, LOGIN_MAX_FAILURES_PER_IP, translate, type PlayerDeviceAnswer, type PlayerRegisterAnswer } from '@panel/contract';
import { sha256 } from '../../lib/secrets.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, expectError, expectFieldErrors, rows, uniqueIp } from '../../../test/fixtures.js';
import { applicationId, deviceRow, deviceSecret, registerDevice, secretOf, uniqueMac } from '../../../test/devices.js';

let t: TestApp;
let admin: string;
/** IBOPLAYER (7 trial days) and HUSHPLAY (5), from the seed. */
let ibo: number;
let hush: number;

async function deviceCount() {
  const [row] = await rows<{ n: number }>(t, sql`select count(*)::int as n from devices`);
  return row!.n;
}

function register(payload: Record<string, unknown>, options: { remoteAddress?: string; lang?: string } = {}) {
  return t.call({ method: 'POST', url: '/api/player/register', payload, ...options });
}

function status(payload: Record<string, unknown>, options: { remoteAddress?: string; lang?: string } = {}) {
  return t.call({ method: 'POST', url: '/api/player/status', payload, ...options });
}

function verifyPin(payload: Record<string, unknown>, options: { remoteAddress?: string } = {}) {
  return t.call({ method: 'POST', url: '/api/player/verify-pin', payload, ...options });
}

/** A playlist added as the panel adds one (the admin reaches every device). */
async function savePlaylist(device: { app_id: number; mac_address: string }, fields: Record<string, unknown>) {
  const res = await t.call({
    method: 'POST',
    url: '/api/save-playlist',
    token: admin,
    payload: { app_id: device.app_id, mac_address: device.mac_address, playlist_name: 'Main', playlist_url: 'http://tv.example.test/get.php', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  [ibo, hush] = [await applicationId(t, 'IBOPLAYER'), await applicationId(t, 'HUSHPLAY')];
});
afterAll(() => t.close());

describe('POST /api/player/register', () => {
  it("creates the device on the first call with the application's free trial and an 8-digit key", async () => {
    const mac = uniqueMac();
    const before = Date.now();
    const res = await register({ app_id: ibo, mac_address: mac, version: '1.2.3', device_secret: deviceSecret() }, { remoteAddress: '10.77.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PlayerDeviceAnswer>();
    expect(body).toMatchObject({
      status: true,
      msg: 'OK',
      data: { app_id: ibo, app_name: 'IBOPLAYER', mac_address: mac, is_lifetime: false, status: 'active', is_trial: 1, playlists: [], secret_accepted: true },
    });
    expect(body.data.device_key).toMatch(/^\d{8}$/);
    const expiry = Date.parse(body.data.expire_date);
    expect(expiry).toBeGreaterThanOrEqual(before + 7 * DAY - 5000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 7 * DAY + 5000);

    const row = await deviceRow(t, ibo, mac);
    expect(row).toMatchObject({ device_key: body.data.device_key, is_trial: 1, ip: '10.77.0.1', app_version: '1.2.3', activated_by: null, disabled_at: null });
    expect(row!.last_seen_at).not.toBeNull();
  });

  it('gives each application its own trial length', async () => {
    const device = await registerDevice(t, { appId: hush });
    const days = (Date.parse(device.expire_date) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(4.99);
    expect(days).toBeLessThanOrEqual(5);
  });

  it('answers the same device and key on a repeat, recording the new address and version', async () => {
    const mac = uniqueMac();
    const first = await registerDevice(t, { appId: ibo, mac, version: '1.0', remoteAddress: '10.77.0.2' });
    const count = await deviceCount();
    const again = await registerDevice(t, { appId: ibo, mac: mac.toUpperCase().replace(/:/g, '-'), version: '2.0', remoteAddress: '10.77.0.3' });
    expect(again).toEqual(first);
    expect(await deviceCount()).toBe(count);
    expect(await deviceRow(t, ibo, mac)).toMatchObject({ ip: '10.77.0.3', app_version: '2.0' });
    // A repeat without a version keeps the one known.
    await registerDevice(t, { appId: ibo, mac });
    expect((await deviceRow(t, ibo, mac))!.app_version).toBe('2.0');
  });

  it('makes one device per application for the same MAC', async () => {
    const mac = uniqueMac();
    const a = await registerDevice(t, { appId: ibo, mac });
    const b = await registerDevice(t, { appId: hush, mac });
    expect(a.app_id).not.toBe(b.app_id);
    const [row] = await rows<{ n: number }>(t, sql`select count(*)::int as n from devices where mac_address = ${mac}`);
    expect(row!.n).toBe(2);
  });

  it('creates one device when several first calls arrive at once', async () => {
    const mac = uniqueMac();
    const answers = await Promise.all(Array.from({ length: 6 }, () => registerDevice(t, { appId: ibo, mac })));
    expect(new Set(answers.map((a) => a.device_key)).size).toBe(1);
    const [row] = await rows<{ n: number }>(t, sql`select count(*)::int as n from devices where mac_address = ${mac}`);
    expect(row!.n).toBe(1);
  });

  it('accepts every shape the MAC pattern allows and stores it normalised', async () => {
    const shapes: [string, string][] = [
      ['A1:B2:C3:D4:E5:F6', 'a1:b2:c3:d4:e5:f6'],
      ['a1-b2-c3-d4-e5-f7', 'a1:b2:c3:d4:e5:f7'],
      ['A1-b2:C3-d4:E5-f8', 'a1:b2:c3:d4:e5:f8'],
      // Real players send letters beyond hex too.
      ['ZZ:YY:XX:WW:VV:UU', 'zz:yy:xx:ww:vv:uu'],
      ['  0a:1b:2c:3d:4e:5f  ', '0a:1b:2c:3d:4e:5f'],
    ];
    for (const [sent, stored] of shapes) {
      const res = await register({ app_id: ibo, mac_address: sent });
      expect(res.statusCode, `${sent}: ${res.body}`).toBe(200);
      expect(res.json<PlayerDeviceAnswer>().data.mac_address).toBe(stored);
      expect(await deviceRow(t, ibo, stored)).toBeDefined();
    }
    // Every shape of one MAC is the same device.
    const upper = await registerDevice(t, { appId: ibo, mac: 'ZZ-YY-XX-WW-VV-UU' });
    const lower = await registerDevice(t, { appId: ibo, mac: 'zz:yy:xx:ww:vv:uu' });
    expect(upper.device_key).toBe(lower.device_key);
  });

  it('refuses malformed MACs with the specification message and creates nothing', async () => {
    const count = await deviceCount();
    const invalid = translate('en', 'validation.macInvalid');
    for (const mac of ['aa:bb:cc:dd:ee', 'aa:bb:cc:dd:ee:ff:00', 'aabbccddeeff', 'aa:bb:cc:dd:ee:f', 'aa_bb_cc_dd_ee_ff', 'aa:bb:cc:dd:ee:fg!', 'aa::bb:cc:dd:ee:ff']) {
      expectFieldErrors(await register({ app_id: ibo, mac_address: mac }), { mac_address: [invalid] });
    }
    expect(invalid).toBe('Invalid MAC address format');
    const required = translate('en', 'validation.macRequired');
    expectFieldErrors(await register({ app_id: ibo, mac_address: '' }), { mac_address: [required] });
    expectFieldErrors(await register({ app_id: ibo, mac_address: '   ' }), { mac_address: [required] });
    expect((await register({ app_id: ibo })).json()).toMatchObject({ code: 'VALIDATION', errors: { mac_address: [expect.any(String)] } });
    expect(await deviceCount()).toBe(count);
  });

  it('answers the MAC message in Arabic to an Arabic player', async () => {
    const res = await register({ app_id: ibo, mac_address: 'aa:bb:cc' }, { lang: 'ar-EG' });
    expectFieldErrors(res, { mac_address: [translate('ar', 'validation.macInvalid')] });
    expect(translate('ar', 'validation.macInvalid')).not.toBe(translate('en', 'validation.macInvalid'));
  });

  it('answers 404 for an unknown application and 422 for an app_id that is no id, creating nothing', async () => {
    const count = await deviceCount();
    expectError(await register({ app_id: 999_999, mac_address: uniqueMac() }), 404, 'NOT_FOUND', 'Application not found.');
    for (const appIdValue of ['abc', 0, -1, 1.5, null]) {
      const res = await register({ app_id: appIdValue, mac_address: uniqueMac() });
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { app_id: [expect.any(String)] } });
    }
    expect((await register({ app_id: ibo, mac_address: uniqueMac(), version: 'x'.repeat(51) })).statusCode).toBe(422);
    expect(await deviceCount()).toBe(count);
  });
});

describe('POST /api/player/register: the installation secret', () => {
  /** A device with an XC playlist (credentials and an EPG) saved on it, registered with its secret. */
  async function deviceWithPlaylist() {
    const device = await registerDevice(t, { appId: ibo });
    await savePlaylist(device, {
      playlist_type: 'xc',
      playlist_url: 'http://xc.secret-host.test:8080',
      username: 'victim-user',
      password: 'victim-pass',
      xml_url: 'http://epg.secret-host.test/guide.xml',
    });
    return { device, secret: secretOf(ibo, device.mac_address)! };
  }

  it('stores only the hash of the secret a first registration brings', async () => {
    const mac = uniqueMac();
    const secret = deviceSecret();
    const res = await register({ app_id: ibo, mac_address: mac, device_secret: secret });
    expect(res.json<PlayerRegisterAnswer>().data).toMatchObject({ secret_accepted: true, device_key: expect.stringMatching(/^\d{8}$/) });
    const row = (await deviceRow(t, ibo, mac))!;
    expect(row.secret_hash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('answers a repeat with the same secret the device, its key and its playlists', async () => {
    const { device, secret } = await deviceWithPlaylist();
    const res = await register({ app_id: ibo, mac_address: device.mac_address.toUpperCase(), device_secret: secret });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PlayerRegisterAnswer>().data).toMatchObject({
      secret_accepted: true,
      device_key: device.device_key,
      playlists: [expect.objectContaining({ username: 'victim-user', password: 'victim-pass', epg_url: 'http://epg.secret-host.test/guide.xml' })],
    });
  });

  it('never answers the key or a playlist to a repeat without the secret or with another one, in the caller\'s language', async () => {
    const { device, secret } = await deviceWithPlaylist();
    for (const payload of [{}, { device_secret: deviceSecret() }]) {
      const res = await register({ app_id: ibo, mac_address: device.mac_address, ...payload }, { lang: 'de' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        status: true,
        msg: translate('de', 'player.secretMismatch'),
        data: {
          app_id: ibo,
          app_name: 'IBOPLAYER',
          mac_address: device.mac_address,
          expire_date: device.expire_date,
          is_lifetime: false,
          status: 'active',
          is_trial: 1,
          secret_accepted: false,
        },
      });
      for (const leak of [device.device_key, 'victim-user', 'victim-pass', 'secret-host']) expect(res.body).not.toContain(leak);
    }
    // Another secret never replaces the one stored.
    expect((await deviceRow(t, ibo, device.mac_address))!.secret_hash).toBe(sha256(secret));
  });

  it('throttles 1,000 registers of guessed MACs from one address like failed sign-ins, long before the end', async () => {
    const victims = await Promise.all(Array.from({ length: LOGIN_MAX_FAILURES_PER_IP + 5 }, () => deviceWithPlaylist()));
    const ip = uniqueIp();
    let refusedAt = 0;
    for (let i = 0; i < 1000 && !refusedAt; i += 1) {
      const victim = victims[i % victims.length]!.device;
      const res = await register({ app_id: ibo, mac_address: victim.mac_address, device_secret: deviceSecret() }, { remoteAddress: ip });
      if (res.statusCode === 429) {
        refusedAt = i + 1;
        const body = expectError(res, 429, 'TOO_MANY_ATTEMPTS');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
        expect(body.msg).toMatch(/minutes/);
        break;
      }
      expect(res.json<PlayerRegisterAnswer>().data.secret_accepted).toBe(false);
      expect(res.body).not.toContain('victim-pass');
    }
    expect(refusedAt).toBe(LOGIN_MAX_FAILURES_PER_IP + 1);
    // The address stays refused, even with a right secret; other addresses are not.
    const { device, secret } = victims[0]!;
    expectError(await register({ app_id: ibo, mac_address: device.mac_address, device_secret: secret }, { remoteAddress: ip }), 429, 'TOO_MANY_ATTEMPTS');
    expect((await register({ app_id: ibo, mac_address: device.mac_address, device_secret: secret })).json<PlayerRegisterAnswer>().data.secret_accepted).toBe(true);
  });

  it('counts no miss for new devices a player without a secret registers, and answers them no key', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP + 5; i += 1) {
      const res = await register({ app_id: ibo, mac_address: uniqueMac() }, { remoteAddress: ip });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<PlayerRegisterAnswer>().data).not.toHaveProperty('device_key');
    }
  });

  it('lets the first register that brings a secret claim a device registered before secrets, and no later one', async () => {
    const { device } = await deviceWithPlaylist();
    await t.database.db.execute(sql`update devices set secret_hash = null where application_id = ${ibo} and mac_address = ${device.mac_address}`);
    const first = deviceSecret();
    const claimed = await register({ app_id: ibo, mac_address: device.mac_address, device_secret: first });
    expect(claimed.json<PlayerRegisterAnswer>().data).toMatchObject({ secret_accepted: true, device_key: device.device_key });
    const late = await register({ app_id: ibo, mac_address: device.mac_address, device_secret: deviceSecret() });
    expect(late.json<PlayerRegisterAnswer>().data.secret_accepted).toBe(false);
    expect((await register({ app_id: ibo, mac_address: device.mac_address, device_secret: first })).json<PlayerRegisterAnswer>().data.secret_accepted).toBe(true);
  });

  it('refuses a secret too short or with other characters with a field message, creating nothing', async () => {
    const count = await deviceCount();
    const message = translate('en', 'validation.deviceSecret');
    for (const secret of ['x'.repeat(21), 'x'.repeat(129), `${'x'.repeat(22)}!`, `${'x'.repeat(22)} `]) {
      expectFieldErrors(await register({ app_id: ibo, mac_address: uniqueMac(), device_secret: secret }), { device_secret: [message] });
    }
    expect(await deviceCount()).toBe(count);
  });
});

describe('POST /api/player/status', () => {
  it('answers the device like register, with its playlists and never a PIN', async () => {
    const device = await registerDevice(t, { appId: ibo });
    const general = await savePlaylist(device, { playlist_name: 'General', playlist_url: 'http://m3u.example.test/list.m3u', xml_url: 'http://epg.example.test/guide.xml' });
    const xc = await savePlaylist(device, {
      playlist_name: 'XC',
      playlist_type: 'xc',
      playlist_url: 'http://xc.example.test:8080',
      username: 'alice',
      password: 's3cret',
      protect: true,
      pin: '4321',
      pin_confirmation: '4321',
    });
    const res = await status({ app_id: ibo, mac_address: device.mac_address.toUpperCase(), device_key: device.device_key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PlayerDeviceAnswer>().data).toEqual({
      ...device,
      playlists: [
        { id: general, name: 'General', url: 'http://m3u.example.test/list.m3u', type: 'general', username: null, password: null, epg_url: 'http://epg.example.test/guide.xml', protect: false },
        { id: xc, name: 'XC', url: 'http://xc.example.test:8080', type: 'xc', username: 'alice', password: 's3cret', epg_url: null, protect: true },
      ],
    });
    expect(res.body).not.toContain('4321');
    expect(res.body).not.toContain('argon2');
  });

  it('answers expired once the expiry has passed, and for a disabled device', async () => {
    const device = await registerDevice(t, { appId: ibo });
    await t.database.db.execute(sql`update devices set expire_date = now() - interval '1 minute' where application_id = ${ibo} and mac_address = ${device.mac_address}`);
    const res = await status({ app_id: ibo, mac_address: device.mac_address, device_key: device.device_key });
    expect(res.json<PlayerDeviceAnswer>().data.status).toBe('expired');

    const other = await registerDevice(t, { appId: ibo });
    await t.database.db.execute(sql`update devices set disabled_at = now() where application_id = ${ibo} and mac_address = ${other.mac_address}`);
    expect((await status({ app_id: ibo, mac_address: other.mac_address, device_key: other.device_key })).json<PlayerDeviceAnswer>().data.status).toBe('expired');
  });

  it('refuses a wrong device key with 403 C10405', async () => {
    const device = await registerDevice(t, { appId: ibo });
    const wrong = device.device_key === '00000000' ? '11111111' : '00000000';
    expectError(await status({ app_id: ibo, mac_address: device.mac_address, device_key: wrong }), 403, 'C10405', 'Invalid device key');
    expectError(await status({ app_id: ibo, mac_address: device.mac_address, device_key: `${device.device_key}0` }), 403, 'C10405');
  });

  it('answers 404 C10404 for a device that never registered, or in another application', async () => {
    expectError(await status({ app_id: ibo, mac_address: uniqueMac(), device_key: '12345678' }), 404, 'C10404', 'Device not found in the selected application');
    const device = await registerDevice(t, { appId: ibo });
    expectError(await status({ app_id: hush, mac_address: device.mac_address, device_key: device.device_key }), 404, 'C10404');
    expectError(await status({ app_id: 999_999, mac_address: device.mac_address, device_key: device.device_key }), 404, 'C10404');
  });

  it('answers each of many simultaneous calls with its own device, even when they share one lookup', async () => {
    const devices = await Promise.all(Array.from({ length: 30 }, (_, i) => registerDevice(t, { appId: i % 2 ? ibo : hush })));
    const ip = uniqueIp();
    const calls: { payload: Record<string, unknown>; expected?: (typeof devices)[number] }[] = [
      ...devices.map((d) => ({ payload: { app_id: d.app_id, mac_address: d.mac_address.toUpperCase(), device_key: d.device_key }, expected: d })),
      // The same MAC in the other application, and a device that never registered, in the same round.
      { payload: { app_id: devices[0]!.app_id === ibo ? hush : ibo, mac_address: devices[0]!.mac_address, device_key: devices[0]!.device_key } },
      { payload: { app_id: ibo, mac_address: uniqueMac(), device_key: '12345678' } },
      // The largest id there can be: a key at the edge of the statement's types fails nobody else.
      { payload: { app_id: ID_MAX, mac_address: uniqueMac(), device_key: '12345678' } },
    ];
    const answers = await Promise.all(calls.map((c) => status(c.payload, { remoteAddress: ip })));
    answers.forEach((res, i) => {
      const expected = calls[i]!.expected;
      if (!expected) return expectError(res, 404, 'C10404');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<PlayerDeviceAnswer>().data).toMatchObject({ app_id: expected.app_id, mac_address: expected.mac_address, device_key: expected.device_key });
    });
  });

  it('refuses a missing key or a malformed MAC with field messages', async () => {
    expectFieldErrors(await status({ app_id: ibo, mac_address: uniqueMac(), device_key: '' }), { device_key: ['The device key is required.'] });
    expectFieldErrors(await status({ app_id: ibo, mac_address: 'aa:bb:cc:dd:ee', device_key: '12345678' }), { mac_address: ['Invalid MAC address format'] });
    expect((await status({ app_id: ibo, mac_address: uniqueMac() })).json()).toMatchObject({ code: 'VALIDATION', errors: { device_key: [expect.any(String)] } });
  });
});

describe('POST /api/player/verify-pin', () => {
  let device: PlayerDeviceAnswer['data'];
  let protectedId: number;
  let openId: number;

  beforeAll(async () => {
    device = await registerDevice(t, { appId: ibo });
    protectedId = await savePlaylist(device, { protect: true, pin: '2580', pin_confirmation: '2580' });
    openId = await savePlaylist(device, { playlist_name: 'Open' });
  });

  const pinCall = (fields: Record<string, unknown>) =>
    verifyPin({ app_id: ibo, mac_address: device.mac_address, device_key: device.device_key, playlist_id: protectedId, pin: '2580', ...fields });

  it("accepts the protected playlist's PIN", async () => {
    const res = await pinCall({});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: 'PIN accepted.' });
  });

  it('refuses a wrong PIN with 403 INVALID_PIN', async () => {
    expectError(await pinCall({ pin: '0000' }), 403, 'INVALID_PIN', 'Invalid PIN');
    expectError(await pinCall({ pin: '25800' }), 403, 'INVALID_PIN');
  });

  it('needs no PIN for a playlist that is not protected', async () => {
    expect((await pinCall({ playlist_id: openId, pin: 'anything' })).statusCode).toBe(200);
  });

  it("refuses a wrong device key, an unknown device and another device's playlist", async () => {
    expectError(await pinCall({ device_key: device.device_key === '00000000' ? '11111111' : '00000000' }), 403, 'C10405');
    expectError(await pinCall({ mac_address: uniqueMac() }), 404, 'C10404');
    const other = await registerDevice(t, { appId: ibo });
    const foreign = await savePlaylist(other, { protect: true, pin: '2580' });
    expectError(await pinCall({ playlist_id: foreign }), 404, 'NOT_FOUND', 'Playlist not found on this device.');
  });

  it('refuses a body without a PIN or playlist id', async () => {
    expect((await pinCall({ pin: '' })).json()).toMatchObject({ code: 'VALIDATION', errors: { pin: [expect.any(String)] } });
    expect((await pinCall({ playlist_id: 'x' })).json()).toMatchObject({ code: 'VALIDATION', errors: { playlist_id: [expect.any(String)] } });
  });
});

describe('the per-address rate limit', () => {
  it('answers 429 with Retry-After past PLAYER_RATE_LIMIT calls a minute from one address, and creates nothing then', async () => {
    const limit = t.app.deps.config.playerRateLimit;
    expect(limit).toBe(120);
    const ip = uniqueIp();
    const device = await registerDevice(t, { appId: ibo, remoteAddress: ip });
    // Register, status and verify-pin share the address's budget.
    for (let i = 1; i < limit; i += 1) {
      const res = await status({ app_id: ibo, mac_address: device.mac_address, device_key: device.device_key }, { remoteAddress: ip });
      expect(res.statusCode, `call ${i + 1}`).toBe(200);
    }
    const count = await deviceCount();
    const refused = await register({ app_id: ibo, mac_address: uniqueMac() }, { remoteAddress: ip });
    const body = expectError(refused, 429, 'TOO_MANY_REQUESTS');
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(body.msg).toBe(`Too many requests. Please try again in ${seconds} seconds.`);
    expect(await deviceCount()).toBe(count);

    // The 429 wins even where the call would have failed anyway.
    expectError(await status({ app_id: ibo, mac_address: uniqueMac(), device_key: '1' }, { remoteAddress: ip }), 429, 'TOO_MANY_REQUESTS');
    expectError(await verifyPin({ app_id: ibo, mac_address: device.mac_address, device_key: device.device_key, playlist_id: 1, pin: '1' }, { remoteAddress: ip }), 429, 'TOO_MANY_REQUESTS');

    // Other addresses are not affected.
    expect((await status({ app_id: ibo, mac_address: device.mac_address, device_key: device.device_key }, { remoteAddress: uniqueIp() })).statusCode).toBe(200);
  });

  it('counts malformed calls too, so refusals cost the caller its budget', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < t.app.deps.config.playerRateLimit; i += 1) {
      expect((await status({ app_id: ibo, mac_address: 'not-a-mac', device_key: '1' }, { remoteAddress: ip })).statusCode).toBe(422);
    }
    const device = await registerDevice(t, { appId: ibo });
    expectError(await status({ app_id: ibo, mac_address: device.mac_address, device_key: device.device_key }, { remoteAddress: ip }), 429, 'TOO_MANY_REQUESTS');
  });

  it('answers the 429 in Arabic to an Arabic player', async () => {
    const ip = uniqueIp();
    await t.database.db.execute(sql`insert into rate_limits (key, count, reset_at) values (${`player:${ip}`}, 1000, now() + interval '30 seconds')`);
    const res = await register({ app_id: ibo, mac_address: uniqueMac() }, { remoteAddress: ip, lang: 'ar-EG' });
    const seconds = Number(res.headers['retry-after']);
    expectError(res, 429, 'TOO_MANY_REQUESTS', translate('ar', 'errors.tooManyRequests', { count: seconds }));
  });
});
