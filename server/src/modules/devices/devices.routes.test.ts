import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFETIME_EXPIRY, MAX_BOXES_PER_REQUEST, translate, type CheckDeviceAnswer, type DeviceToggleAnswer, type PlayerRegisterAnswer } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, createReseller, createVerifiedUser, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { activateDevice, activatedDevice, applicationId, deviceRow, deviceSecret, fundAccount, registerDevice, secretOf, uniqueMac } from '../../../test/devices.js';

let t: TestApp;
let admin: string;
let ibo: number;
let bob: number;
let hush: number;
/** A reseller (IBOPLAYER and BOBPLAYER allowed) with a sub-reseller, and an unrelated reseller. */
let reseller: TestUser;
let sub: TestUser;
let stranger: TestUser;
/** Staff holding check-device-status only, and one that also holds mac-activated-by. */
let checker: TestUser;
let checkerWithReseller: TestUser;
/** Holds no permission of this module. */
let outsider: TestUser;

const DAY = 24 * 60 * 60 * 1000;

/** Every device's state, to compare before and after a refused request. */
async function devicesSnapshot() {
  return rows(t, sql`select id, expire_date, lifetime, disabled_at, remaining_seconds, disabled_by_box from devices order by id`);
}

async function auditRows(action: string, deviceId?: number) {
  return rows<{ actor_id: number; target_id: string; details: Record<string, unknown> }>(
    t,
    deviceId === undefined
      ? sql`select * from audit_log where action = ${action} order by id`
      : sql`select * from audit_log where action = ${action} and target_type = 'device' and target_id = ${String(deviceId)} order by id`,
  );
}

function check(token: string, payload: Record<string, unknown>, lang?: string) {
  return t.call({ method: 'POST', url: '/api/check-device-status', token, payload, lang });
}

function toggle(change: 'disable' | 'enable', token: string, payload: Record<string, unknown>, lang?: string) {
  return t.call({ method: 'POST', url: `/api/${change}-device`, token, payload, lang });
}

function boxes(change: 'disable' | 'enable', token: string, resellerId: number | string, numberOfBoxes: unknown, lang?: string) {
  const payload = change === 'disable' ? { resellerId, numberOfBoxes } : { reseller_id: resellerId, numberOfBoxes };
  return t.call({ method: 'POST', url: `/api/${change}-random-boxes`, token, payload, lang });
}

/** Moves a device's dates into the past, as if `days` had gone by. */
async function travel(deviceId: number, days: number) {
  await t.database.db.execute(sql`update devices set
    expire_date = expire_date - make_interval(days => ${days}),
    disabled_at = disabled_at - make_interval(days => ${days})
    where id = ${deviceId} and not lifetime`);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  [ibo, bob, hush] = [await applicationId(t, 'IBOPLAYER'), await applicationId(t, 'BOBPLAYER'), await applicationId(t, 'HUSHPLAY')];
  reseller = await createReseller(t, { applications: [ibo, bob] });
  stranger = await createReseller(t, { applications: [ibo, bob] });
  sub = await createReseller(t, { parent: reseller });
  [checker, checkerWithReseller, outsider] = await Promise.all([
    createVerifiedUser(t, { permissions: ['check-device-status'] }),
    createVerifiedUser(t, { permissions: ['check-device-status', 'mac-activated-by'] }),
    createVerifiedUser(t, { permissions: ['notif-bell'] }),
  ]);
  for (const user of [reseller, stranger, sub]) await fundAccount(t, user, 200);
});
afterAll(() => t.close());

describe('POST /api/check-device-status', () => {
  it('shows its own device whole to the reseller who activated it', async () => {
    const { mac, devices } = await activatedDevice(t, reseller, [ibo]);
    const playlist = await t.call({
      method: 'POST',
      url: '/api/save-playlist',
      token: reseller.token,
      payload: { app_id: ibo, mac_address: mac, playlist_name: 'Main', playlist_url: 'http://tv.example.test/a.m3u', protect: true, pin: '1234', pin_confirmation: '1234' },
    });
    expect(playlist.statusCode, playlist.body).toBe(201);
    const res = await check(reseller.token, { macAddress: mac.toUpperCase(), app_id: ibo });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CheckDeviceAnswer>();
    const row = (await deviceRow(t, ibo, mac))!;
    const expectedPlaylists = [
      {
        id: playlist.json<{ data: { id: number } }>().data.id,
        playlist_name: 'Main',
        url: 'http://tv.example.test/a.m3u',
        playlist_type: 'general',
        username: null,
        password: null,
        epg: null,
        protect: true,
        pin: null,
      },
    ];
    expect(body).toEqual({
      status: 'active',
      msg: 'The device is active.',
      message: 'The device is active.',
      device: {
        mac_address: mac,
        app_id: ibo,
        app_type: 'IBOPLAYER',
        expire_date: new Date(row.expire_date).toISOString(),
        is_lifetime: false,
        is_trial: 0,
        status: 'active',
        disabled: false,
        switched_to: null,
        switched_from: null,
        switched_date: null,
        device_key: devices[0]!.device_key,
        ip: row.ip,
        // A reseller does not hold mac-activated-by.
        reseller_email: null,
        created_at: expect.any(String),
        playlists: expectedPlaylists,
        hidden_playlists: 0,
        // The player registered with its installation secret.
        claimed: true,
      },
      playlists: expectedPlaylists,
    });
    expect(body.device.ip).toMatch(/^10\./);
    expect(res.body).not.toContain('1234');
  });

  it("shows a sub-reseller's device whole to its parent, but not the parent's device to the sub-reseller", async () => {
    const bySub = await activatedDevice(t, sub, [ibo]);
    const seenByParent = (await check(reseller.token, { macAddress: bySub.mac, app_id: ibo })).json<CheckDeviceAnswer>();
    expect(seenByParent.device.device_key).toBe(bySub.devices[0]!.device_key);

    const byParent = await activatedDevice(t, reseller, [ibo]);
    const seenBySub = (await check(sub.token, { macAddress: byParent.mac, app_id: ibo })).json<CheckDeviceAnswer>();
    expect(seenBySub).toMatchObject({ status: 'active', device: { device_key: null, ip: null, reseller_email: null, playlists: [] }, playlists: [] });
  });

  it("gives another reseller the status only: no key, no address, no playlists", async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    const res = await check(stranger.token, { macAddress: mac, app_id: ibo });
    expect(res.statusCode).toBe(200);
    expect(res.json<CheckDeviceAnswer>()).toMatchObject({ status: 'active', device: { mac_address: mac, device_key: null, ip: null, reseller_email: null, playlists: [] }, playlists: [] });
  });

  it('names the activating reseller to holders of mac-activated-by, and gives an admin everything', async () => {
    const { mac, devices } = await activatedDevice(t, reseller, [ibo]);
    const staff = (await check(checkerWithReseller.token, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>();
    expect(staff.device).toMatchObject({ reseller_email: reseller.email, device_key: null });
    const plain = (await check(checker.token, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>();
    expect(plain.device).toMatchObject({ reseller_email: null, device_key: null });
    const asAdmin = (await check(admin, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>();
    expect(asAdmin.device).toMatchObject({ reseller_email: reseller.email, device_key: devices[0]!.device_key, ip: expect.any(String) });
  });

  it('answers a trial device (activated by nobody) whole only to an admin', async () => {
    const device = await registerDevice(t, { appId: ibo });
    const asReseller = (await check(reseller.token, { macAddress: device.mac_address, app_id: ibo })).json<CheckDeviceAnswer>();
    expect(asReseller).toMatchObject({ status: 'active', device: { is_trial: 1, device_key: null } });
    const asAdmin = (await check(admin, { macAddress: device.mac_address, app_id: ibo })).json<CheckDeviceAnswer>();
    expect(asAdmin.device).toMatchObject({ is_trial: 1, device_key: device.device_key, reseller_email: null });
  });

  it('answers expired for a device past its expiry, in Arabic too', async () => {
    const device = await registerDevice(t, { appId: ibo });
    await t.database.db.execute(sql`update devices set expire_date = now() - interval '1 hour' where application_id = ${ibo} and mac_address = ${device.mac_address}`);
    const res = await check(admin, { macAddress: device.mac_address, app_id: ibo });
    expect(res.json<CheckDeviceAnswer>()).toMatchObject({ status: 'expired', msg: 'The device has expired.', device: { status: 'expired' } });
    const arabic = await check(admin, { macAddress: device.mac_address, app_id: ibo }, 'ar-EG');
    expect(arabic.json<CheckDeviceAnswer>().msg).toBe(translate('ar', 'devices.statusExpired'));
  });

  it('answers 404 C10404 for an unknown device or application', async () => {
    expectError(await check(reseller.token, { macAddress: uniqueMac(), app_id: ibo }), 404, 'C10404', 'Device not found in the selected application. Ask the customer to open the app on the device once, then try again.');
    const device = await registerDevice(t, { appId: ibo });
    expectError(await check(reseller.token, { macAddress: device.mac_address, app_id: hush }), 404, 'C10404');
    expectError(await check(reseller.token, { macAddress: device.mac_address, app_id: 999_999 }), 404, 'C10404');
  });

  it('refuses a malformed or missing MAC and a missing module with field messages', async () => {
    expectFieldErrors(await check(reseller.token, { macAddress: 'aa:bb:cc:dd:ee', app_id: ibo }), { macAddress: ['Invalid MAC address format'] });
    expectFieldErrors(await check(reseller.token, { macAddress: 'aabbccddeeff', app_id: ibo }), { macAddress: ['Invalid MAC address format'] });
    expectFieldErrors(await check(reseller.token, { macAddress: '', app_id: ibo }), { macAddress: ['Please enter a MAC address'] });
    expectFieldErrors(await check(reseller.token, { macAddress: 'aa:bb:cc:dd:ee', app_id: ibo }, 'ar-EG'), { macAddress: [translate('ar', 'validation.macInvalid')] });
    expectFieldErrors(await check(reseller.token, { macAddress: uniqueMac() }), { app_id: ['Please select a module'] });
    expectFieldErrors(await check(reseller.token, { macAddress: uniqueMac(), app_id: '' }, 'ar-EG'), { app_id: [translate('ar', 'validation.moduleRequired')] });
  });

  it('refuses an account without check-device-status or Playlists', async () => {
    const device = await registerDevice(t, { appId: ibo });
    expectError(await check(outsider.token, { macAddress: device.mac_address, app_id: ibo }), 403, 'FORBIDDEN');
  });

  it("answers a Playlists holder, whose screen checks a device's status before adding a playlist", async () => {
    const playlister = await createVerifiedUser(t, { permissions: ['Playlists'] });
    const device = await registerDevice(t, { appId: ibo });
    const res = await check(playlister.token, { macAddress: device.mac_address, app_id: ibo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CheckDeviceAnswer>()).toMatchObject({ status: 'active', device: { mac_address: device.mac_address } });
  });
});

describe('playlists belong to the account that saved them', () => {
  function savePlaylist(token: string, mac: string, fields: Record<string, unknown>) {
    return t.call({ method: 'POST', url: '/api/save-playlist', token, payload: { app_id: ibo, mac_address: mac, ...fields } });
  }
  const firstsPlaylist = {
    playlist_type: 'xc',
    playlist_name: 'First shop',
    playlist_url: 'http://xc.first-shop.test:8080',
    username: 'first-user',
    password: 'first-pass',
    xml_url: 'http://epg.first-shop.test/guide.xml',
  };

  it("shows a second reseller who activates the device that it has playlists, never the first's URLs or credentials, and lets it replace them", async () => {
    const { mac, devices } = await activatedDevice(t, reseller, [ibo]);
    expect((await savePlaylist(reseller.token, mac, firstsPlaylist)).statusCode).toBe(201);
    await activateDevice(t, stranger, mac, [ibo]);

    const res = await check(stranger.token, { macAddress: mac, app_id: ibo });
    expect(res.json<CheckDeviceAnswer>()).toMatchObject({ device: { device_key: devices[0]!.device_key, playlists: [], hidden_playlists: 1 }, playlists: [] });
    for (const leak of ['first-shop', 'first-user', 'first-pass', 'First shop']) expect(res.body).not.toContain(leak);
    // Its own playlist it sees; the first's stays counted only. An admin reads both.
    expect((await savePlaylist(stranger.token, mac, { playlist_name: 'Second shop', playlist_url: 'http://second-shop.test/list.m3u' })).statusCode).toBe(201);
    const second = (await check(stranger.token, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>();
    expect(second.playlists.map((p) => p.playlist_name)).toEqual(['Second shop']);
    expect(second.device.hidden_playlists).toBe(1);
    const asAdmin = (await check(admin, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>();
    expect(asAdmin.playlists.map((p) => p.playlist_name)).toEqual(['First shop', 'Second shop']);
    expect(asAdmin.device.hidden_playlists).toBe(0);

    // Resetting the XC playlists replaces the first reseller's.
    const reset = await t.call({ method: 'POST', url: '/api/reset-playlist', token: stranger.token, payload: { app_id: ibo, mac_address: mac, playlist_type: 'xc', device_key: devices[0]!.device_key } });
    expect(reset.json()).toMatchObject({ data: { removed: 1 } });
    expect((await check(stranger.token, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>().device.hidden_playlists).toBe(0);
  });

  it("shows a parent its sub-reseller's playlists, and a playlist whose saver is unknown to an admin only", async () => {
    const { mac } = await activatedDevice(t, sub, [ibo]);
    expect((await savePlaylist(sub.token, mac, firstsPlaylist)).statusCode).toBe(201);
    expect((await check(reseller.token, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>().playlists).toEqual([
      expect.objectContaining({ username: 'first-user', password: 'first-pass' }),
    ]);
    const { id } = (await deviceRow(t, ibo, mac))!;
    await t.database.db.execute(sql`update playlists set created_by = null where device_id = ${id}`);
    expect((await check(sub.token, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>().device).toMatchObject({ playlists: [], hidden_playlists: 1 });
    expect((await check(admin, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>().device).toMatchObject({ hidden_playlists: 0 });
  });
});

describe('POST /api/devices/release-claim', () => {
  function release(token: string, payload: Record<string, unknown>, lang?: string) {
    return t.call({ method: 'POST', url: '/api/devices/release-claim', token, payload, lang });
  }

  it('lets the reseller who activated the device free it for a reinstalled player, audited', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    const oldSecret = secretOf(ibo, mac)!;
    expect((await check(reseller.token, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>().device.claimed).toBe(true);
    const res = await release(reseller.token, { app_id: ibo, mac_address: mac.toUpperCase() }, 'ar-EG');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('ar', 'devices.claimReleased') });
    const row = (await deviceRow(t, ibo, mac))!;
    expect(row.secret_hash).toBeNull();
    const [entry] = await auditRows('device.release-claim', row.id);
    expect(entry).toMatchObject({ actor_id: reseller.id, details: { was_claimed: true } });
    expect(JSON.stringify(entry)).not.toContain(oldSecret);
    expect((await check(reseller.token, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>().device.claimed).toBe(false);

    // The reinstalled player's new secret claims the device; the old one no longer opens it.
    const fresh = deviceSecret();
    const claimed = await t.call({ method: 'POST', url: '/api/player/register', payload: { app_id: ibo, mac_address: mac, device_secret: fresh } });
    expect(claimed.json<PlayerRegisterAnswer>().data).toMatchObject({ secret_accepted: true, device_key: row.device_key });
    const old = await t.call({ method: 'POST', url: '/api/player/register', payload: { app_id: ibo, mac_address: mac, device_secret: oldSecret } });
    expect(old.json<PlayerRegisterAnswer>().data.secret_accepted).toBe(false);
  });

  it("lets a parent and an admin release, and refuses another reseller, a sub-reseller of the parent's device, and a trial device to a reseller", async () => {
    const bySub = await activatedDevice(t, sub, [ibo]);
    expect((await release(reseller.token, { app_id: ibo, mac_address: bySub.mac })).statusCode).toBe(200);
    const byParent = await activatedDevice(t, reseller, [ibo]);
    const trial = await registerDevice(t, { appId: ibo });
    const before = await rows(t, sql`select id, secret_hash from devices order by id`);
    expectError(await release(stranger.token, { app_id: ibo, mac_address: byParent.mac }), 404, 'C10404');
    expectError(await release(sub.token, { app_id: ibo, mac_address: byParent.mac }), 404, 'C10404');
    expectError(await release(reseller.token, { app_id: ibo, mac_address: trial.mac_address }), 404, 'C10404');
    expect(await rows(t, sql`select id, secret_hash from devices order by id`)).toEqual(before);
    expect((await release(admin, { app_id: ibo, mac_address: trial.mac_address })).statusCode).toBe(200);
    expect((await deviceRow(t, ibo, trial.mac_address))!.secret_hash).toBeNull();
  });

  it('refuses an account without Disable Mac, and bad input with field messages', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    expectError(await release(checker.token, { app_id: ibo, mac_address: mac }), 403, 'FORBIDDEN');
    expectError(await release(outsider.token, { app_id: ibo, mac_address: mac }), 403, 'FORBIDDEN');
    expectFieldErrors(await release(reseller.token, { app_id: 999_999, mac_address: mac }), { app_id: ['Selected application not found.'] });
    expectFieldErrors(await release(reseller.token, { mac_address: mac }), { app_id: ['Please select a module'] });
    expect((await release(reseller.token, { app_id: ibo, mac_address: 'aa:bb' })).json()).toMatchObject({ code: 'VALIDATION', errors: { mac_address: [expect.any(String)] } });
    expectError(await release(reseller.token, { app_id: ibo, mac_address: uniqueMac() }), 404, 'C10404');
    expect((await deviceRow(t, ibo, mac))!.secret_hash).not.toBeNull();
  });
});

describe('POST /api/disable-device and POST /api/enable-device', () => {
  it('disables: expiry yesterday, the paid time kept; enable gives back exactly the days left', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    const before = (await deviceRow(t, ibo, mac))!;
    const paidUntil = new Date(before.expire_date).getTime();

    const res = await toggle('disable', reseller.token, { mac_address: mac, app_id: ibo, is_trial: 0, email: reseller.email });
    expect(res.statusCode, res.body).toBe(200);
    const disabledAnswer = res.json<DeviceToggleAnswer>();
    expect(disabledAnswer).toMatchObject({ status: true, msg: 'Device disabled successfully.', data: [{ mac_address: mac, module: 'IBOPLAYER', status: 'expired' }] });
    const disabled = (await deviceRow(t, ibo, mac))!;
    const disabledAt = new Date(disabled.disabled_at!).getTime();
    expect(Math.abs(new Date(disabled.expire_date).getTime() - (disabledAt - DAY))).toBeLessThan(1000);
    expect(disabledAnswer.data[0]!.expire_date).toBe(new Date(disabled.expire_date).toISOString());
    expect(Number(disabled.remaining_seconds)).toBe(Math.floor((paidUntil - disabledAt) / 1000));
    expect(disabled).toMatchObject({ disabled_by_box: false, lifetime: false });
    expect(await auditRows('device.disable', before.id)).toEqual([
      expect.objectContaining({ actor_id: reseller.id, details: expect.objectContaining({ mac_address: mac, remaining_seconds: Number(disabled.remaining_seconds) }) }),
    ]);
    expect((await check(reseller.token, { macAddress: mac, app_id: ibo })).json<CheckDeviceAnswer>()).toMatchObject({ status: 'expired', device: { disabled: true } });

    // Ten days go by while the device is disabled: the customer still gets every paid second back.
    await travel(before.id, 10);
    const enabled = await toggle('enable', reseller.token, { mac_address: mac, app_id: ibo });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json<DeviceToggleAnswer>()).toMatchObject({ msg: 'Device enabled successfully.', data: [{ mac_address: mac, module: 'IBOPLAYER', status: 'active' }] });
    const after = (await deviceRow(t, ibo, mac))!;
    const restored = new Date(after.expire_date).getTime() - Date.now();
    expect(Math.abs(restored - Number(disabled.remaining_seconds) * 1000)).toBeLessThan(3000);
    // Seen from the day it was disabled (10 days ago now), the paid expiry moved on by exactly those 10 days.
    const paidUntilThen = paidUntil - 10 * DAY;
    expect(Math.abs(new Date(after.expire_date).getTime() - paidUntilThen - 10 * DAY)).toBeLessThan(3000);
    expect(after).toMatchObject({ disabled_at: null, remaining_seconds: null, disabled_by_box: false });
    expect(await auditRows('device.enable', before.id)).toHaveLength(1);
  });

  it('keeps a lifetime activation lifetime through disable and enable', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo], 'Lifetime');
    const before = (await deviceRow(t, ibo, mac))!;
    expect(before.lifetime).toBe(true);
    expect((await toggle('disable', reseller.token, { mac_address: mac, app_id: ibo })).statusCode).toBe(200);
    const disabled = (await deviceRow(t, ibo, mac))!;
    expect(disabled.lifetime).toBe(true);
    expect(new Date(disabled.expire_date).getTime()).toBeLessThan(Date.now() - DAY + 5000);
    const res = await toggle('enable', reseller.token, { mac_address: mac, app_id: ibo });
    expect(res.json<DeviceToggleAnswer>().data[0]).toMatchObject({ expire_date: LIFETIME_EXPIRY, status: 'active' });
    expect(new Date((await deviceRow(t, ibo, mac))!.expire_date).toISOString()).toBe(LIFETIME_EXPIRY);
  });

  it('enables a device that had no time left until the end of today (UTC)', async () => {
    const device = await registerDevice(t, { appId: ibo });
    await t.database.db.execute(sql`update devices set expire_date = now() - interval '2 days' where application_id = ${ibo} and mac_address = ${device.mac_address}`);
    expect((await toggle('disable', admin, { mac_address: device.mac_address, app_id: ibo })).statusCode).toBe(200);
    expect(Number((await deviceRow(t, ibo, device.mac_address))!.remaining_seconds)).toBe(0);
    const res = await toggle('enable', admin, { mac_address: device.mac_address, app_id: ibo });
    const endOfToday = new Date();
    endOfToday.setUTCHours(23, 59, 59, 0);
    expect(res.json<DeviceToggleAnswer>().data[0]).toMatchObject({ expire_date: endOfToday.toISOString(), status: 'active' });
  });

  it('changes every named application at once: app_id plus module names or ids', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo, bob]);
    const res = await toggle('disable', reseller.token, { mac_address: mac, app_id: ibo, module: ['bobplayer', String(ibo)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DeviceToggleAnswer>().data.map((d) => d.module).sort()).toEqual(['BOBPLAYER', 'IBOPLAYER']);
    const enabled = await toggle('enable', reseller.token, { mac_address: mac.replace(/:/g, '-').toUpperCase(), module: [ibo, 'BOBPLAYER'] });
    expect(enabled.json<DeviceToggleAnswer>().data).toHaveLength(2);
  });

  it('refuses the whole request when one application cannot change, and changes nothing', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo, bob]);
    expect((await toggle('disable', reseller.token, { mac_address: mac, app_id: bob })).statusCode).toBe(200);
    const snapshot = await devicesSnapshot();
    const auditCount = (await auditRows('device.disable')).length;
    expectError(await toggle('disable', reseller.token, { mac_address: mac, module: [ibo, bob] }), 409, 'DEVICE_ALREADY_DISABLED', 'Device is already disabled!');
    // HUSHPLAY has no device with this MAC.
    expectError(await toggle('disable', reseller.token, { mac_address: mac, module: [ibo, hush] }), 404, 'C10404', 'Device not found in the selected application. Ask the customer to open the app on the device once, then try again.');
    expectError(await toggle('enable', reseller.token, { mac_address: mac, module: [ibo, bob] }), 409, 'DEVICE_ALREADY_ENABLED', 'Device is already enabled!');
    expect(await devicesSnapshot()).toEqual(snapshot);
    expect(await auditRows('device.disable')).toHaveLength(auditCount);
  });

  it('answers the specification messages when already in the asked state', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    expectError(await toggle('enable', reseller.token, { mac_address: mac, app_id: ibo }), 409, 'DEVICE_ALREADY_ENABLED', 'Device is already enabled!');
    await toggle('disable', reseller.token, { mac_address: mac, app_id: ibo });
    expectError(await toggle('disable', reseller.token, { mac_address: mac, app_id: ibo }), 409, 'DEVICE_ALREADY_DISABLED', 'Device is already disabled!');
    const arabic = await toggle('disable', reseller.token, { mac_address: mac, app_id: ibo }, 'ar-EG');
    expectError(arabic, 409, 'DEVICE_ALREADY_DISABLED', translate('ar', 'errors.deviceAlreadyDisabled'));
  });

  it("refuses another reseller's device as not found, and lets a parent act on its sub-reseller's", async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    const snapshot = await devicesSnapshot();
    expectError(await toggle('disable', stranger.token, { mac_address: mac, app_id: ibo }), 404, 'C10404');
    expectError(await toggle('disable', sub.token, { mac_address: mac, app_id: ibo }), 404, 'C10404');
    expect(await devicesSnapshot()).toEqual(snapshot);

    const bySub = await activatedDevice(t, sub, [ibo]);
    expect((await toggle('disable', reseller.token, { mac_address: bySub.mac, app_id: ibo })).statusCode).toBe(200);
    expect((await toggle('enable', sub.token, { mac_address: bySub.mac, app_id: ibo })).statusCode).toBe(200);
  });

  it('leaves trial devices (activated by nobody) to an admin', async () => {
    const device = await registerDevice(t, { appId: ibo });
    expectError(await toggle('disable', reseller.token, { mac_address: device.mac_address, app_id: ibo }), 404, 'C10404');
    expect((await toggle('disable', admin, { mac_address: device.mac_address, app_id: ibo })).statusCode).toBe(200);
  });

  it('refuses bad input with the specification messages and changes nothing', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    const snapshot = await devicesSnapshot();
    expectFieldErrors(await toggle('disable', reseller.token, { mac_address: 'aa:bb:cc:dd:ee', app_id: ibo }), { mac_address: ['MAC address is in an invalid format.'] });
    expectFieldErrors(await toggle('disable', reseller.token, { mac_address: 'aa:bb:cc:dd:ee', app_id: ibo }, 'ar-EG'), {
      mac_address: [translate('ar', 'validation.macInvalidToggle')],
    });
    expectFieldErrors(await toggle('disable', reseller.token, { mac_address: mac }), { app_id: ['Please select a module first'] });
    expectFieldErrors(await toggle('disable', reseller.token, { mac_address: mac, module: [] }), { app_id: ['Please select a module first'] });
    expectFieldErrors(await toggle('disable', reseller.token, { mac_address: mac, module: ['NOPLAYER'] }), { module: ['Selected application not found.'] });
    expectFieldErrors(await toggle('disable', reseller.token, { mac_address: mac, app_id: 999_999 }), { app_id: ['Selected application not found.'] });
    expectFieldErrors(await toggle('disable', reseller.token, { mac_address: mac, module: [ibo, 999_999] }), { module: ['Selected application not found.'] });
    expect((await toggle('disable', reseller.token, { mac_address: mac, app_id: 'x' })).statusCode).toBe(422);
    expect(await devicesSnapshot()).toEqual(snapshot);
  });

  it('refuses an account without Disable Mac and changes nothing', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    const snapshot = await devicesSnapshot();
    expectError(await toggle('disable', outsider.token, { mac_address: mac, app_id: ibo }), 403, 'FORBIDDEN');
    expectError(await toggle('enable', checker.token, { mac_address: mac, app_id: ibo }), 403, 'FORBIDDEN');
    expect(await devicesSnapshot()).toEqual(snapshot);
  });
});

describe('box management: GET /api/box-management/:id, POST /api/disable-random-boxes and POST /api/enable-random-boxes', () => {
  /** A fresh reseller with `active` active devices (one of them lifetime), one expired and one disabled by MAC. */
  async function boxOwner(active: number) {
    const owner = await createReseller(t, { applications: [ibo, bob] });
    await fundAccount(t, owner, 100);
    const macs: string[] = [];
    for (let i = 0; i < active; i += 1) macs.push((await activatedDevice(t, owner, [ibo], i === 0 ? 'Lifetime' : '1-Year')).mac);
    const expired = await activatedDevice(t, owner, [ibo]);
    await t.database.db.execute(sql`update devices set expire_date = now() - interval '1 day' where application_id = ${ibo} and mac_address = ${expired.mac}`);
    const toggled = await activatedDevice(t, owner, [ibo]);
    expect((await toggle('disable', owner.token, { mac_address: toggled.mac, app_id: ibo })).statusCode).toBe(200);
    return { owner, macs, expired: expired.mac, toggled: toggled.mac };
  }

  async function stateOf(owner: TestUser) {
    return rows<{ mac_address: string; disabled: boolean; disabled_by_box: boolean; lifetime: boolean; expire_date: Date }>(
      t,
      sql`select mac_address, disabled_at is not null as disabled, disabled_by_box, lifetime, expire_date from devices where activated_by = ${owner.id} order by id`,
    );
  }

  it("disables up to the number asked of the reseller's active devices, then enables only those", async () => {
    const { owner, macs, expired, toggled } = await boxOwner(3);
    const first = await boxes('disable', owner.token, owner.id, 2);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: true, msg: '2 of 2 boxes disabled.', data: { requested: 2, changed: 2 } });
    const second = await boxes('disable', owner.token, String(owner.id), '10');
    expect(second.json()).toMatchObject({ data: { requested: 10, changed: 1 } });
    const state = await stateOf(owner);
    for (const mac of macs) expect(state.find((d) => d.mac_address === mac)).toMatchObject({ disabled: true, disabled_by_box: true });
    expect(state.find((d) => d.mac_address === expired)).toMatchObject({ disabled: false });
    expect(state.find((d) => d.mac_address === toggled)).toMatchObject({ disabled: true, disabled_by_box: false });
    expect((await boxes('disable', owner.token, owner.id, 5)).json()).toMatchObject({ data: { requested: 5, changed: 0 } });

    const enabled = await boxes('enable', owner.token, owner.id, 10);
    expect(enabled.json()).toMatchObject({ msg: '3 of 10 boxes enabled.', data: { requested: 10, changed: 3 } });
    const after = await stateOf(owner);
    for (const mac of macs) expect(after.find((d) => d.mac_address === mac)).toMatchObject({ disabled: false, disabled_by_box: false });
    // The MAC disabled by hand stays disabled; the lifetime box is lifetime again.
    expect(after.find((d) => d.mac_address === toggled)).toMatchObject({ disabled: true });
    expect(new Date(after.find((d) => d.mac_address === macs[0])!.expire_date).toISOString()).toBe(LIFETIME_EXPIRY);
    expect(await auditRows('device.box-disable')).toHaveLength(3);
    expect(await auditRows('device.box-enable')).toHaveLength(3);
  });

  const summary = (token: string, id: number | string) => t.call({ method: 'GET', url: `/api/box-management/${id}`, token });

  it('answers whose boxes they are and how many each side of the screen can change', async () => {
    const { owner } = await boxOwner(3);
    const res = await summary(owner.token, owner.id);
    expect(res.statusCode, res.body).toBe(200);
    // The expired device counts on neither side; the one disabled by MAC is not box management's to enable.
    expect(res.json()).toMatchObject({ status: true, data: { id: owner.id, name: owner.name, email: owner.email, active_boxes: 3, disabled_boxes: 0 } });
    await boxes('disable', owner.token, owner.id, 2);
    expect((await summary(owner.token, owner.id)).json()).toMatchObject({ data: { active_boxes: 1, disabled_boxes: 2 } });
    // A parent and an admin see the same figures.
    expect((await summary(admin, owner.id)).json()).toMatchObject({ data: { active_boxes: 1, disabled_boxes: 2 } });
  });

  it('answers holders of either box permission within their reach only', async () => {
    const enabler = await createVerifiedUser(t, { permissions: ['enable-boxes'] });
    expect((await summary(enabler.token, enabler.id)).json()).toMatchObject({ data: { id: enabler.id, active_boxes: 0, disabled_boxes: 0 } });
    expect((await summary(reseller.token, sub.id)).statusCode).toBe(200);
    expectError(await summary(stranger.token, reseller.id), 403, 'C10013');
    expectError(await summary(admin, (await createVerifiedUser(t, { roleName: 'admin' })).id), 403, 'C10014');
    expectError(await summary(admin, 999_999), 404, 'NOT_FOUND');
    expectError(await summary(sub.token, sub.id), 403, 'FORBIDDEN');
    expect((await summary(admin, 'abc')).statusCode).toBe(422);
  });

  it('never picks one device twice for two requests at the same time', async () => {
    const { owner } = await boxOwner(6);
    const before = (await auditRows('device.box-disable')).length;
    const answers = await Promise.all([boxes('disable', owner.token, owner.id, 4), boxes('disable', owner.token, owner.id, 4)]);
    const changed = answers.map((r) => r.json<{ data: { changed: number } }>().data.changed);
    expect(changed.reduce((a, b) => a + b, 0)).toBe(6);
    expect((await stateOf(owner)).filter((d) => d.disabled_by_box)).toHaveLength(6);
    const audits = (await auditRows('device.box-disable')).slice(before);
    expect(audits).toHaveLength(6);
    expect(new Set(audits.map((a) => a.target_id)).size).toBe(6);

    const enables = await Promise.all([boxes('enable', owner.token, owner.id, 5), boxes('enable', owner.token, owner.id, 5)]);
    expect(enables.map((r) => r.json<{ data: { changed: number } }>().data.changed).reduce((a, b) => a + b, 0)).toBe(6);
  });

  it("lets a parent manage its sub-reseller's boxes and an admin anyone's, but no one else", async () => {
    const subOwner = await createReseller(t, { parent: reseller });
    await fundAccount(t, subOwner, 10);
    await activatedDevice(t, subOwner, [ibo]);
    expect((await boxes('disable', reseller.token, subOwner.id, 1)).json()).toMatchObject({ data: { changed: 1 } });
    expect((await boxes('enable', admin, subOwner.id, 1)).json()).toMatchObject({ data: { changed: 1 } });

    const snapshot = await devicesSnapshot();
    expectError(await boxes('disable', stranger.token, subOwner.id, 1), 403, 'C10013');
    expectError(await boxes('disable', stranger.token, reseller.id, 1), 403, 'C10013');
    expectError(await boxes('enable', stranger.token, reseller.id, 1), 403, 'C10013');
    const otherAdmin = await createVerifiedUser(t, { roleName: 'admin' });
    expectError(await boxes('disable', admin, otherAdmin.id, 1), 403, 'C10014');
    expectError(await boxes('disable', admin, 999_999, 1), 404, 'NOT_FOUND');
    expect(await devicesSnapshot()).toEqual(snapshot);
  });

  it('refuses a bad number of boxes or reseller with field messages', async () => {
    const snapshot = await devicesSnapshot();
    for (const n of [0, -1, 'abc', 1.5, '', null, '0']) {
      expectFieldErrors(await boxes('disable', reseller.token, reseller.id, n), { numberOfBoxes: ['Please enter a valid number of boxes'] });
    }
    expectFieldErrors(await boxes('enable', reseller.token, reseller.id, MAX_BOXES_PER_REQUEST + 1), {
      numberOfBoxes: [translate('en', 'validation.boxesTooMany', { max: MAX_BOXES_PER_REQUEST })],
    });
    expectFieldErrors(await boxes('disable', reseller.token, reseller.id, 0, 'ar-EG'), { numberOfBoxes: [translate('ar', 'validation.boxesInvalid')] });
    expect((await t.call({ method: 'POST', url: '/api/disable-random-boxes', token: reseller.token, payload: { numberOfBoxes: 1 } })).json()).toMatchObject({
      code: 'VALIDATION',
      errors: { resellerId: [expect.any(String)] },
    });
    // The enable call names the reseller reseller_id, as the specification's client sends it.
    expect((await t.call({ method: 'POST', url: '/api/enable-random-boxes', token: reseller.token, payload: { resellerId: reseller.id, numberOfBoxes: 1 } })).json()).toMatchObject({
      errors: { reseller_id: [expect.any(String)] },
    });
    expect(await devicesSnapshot()).toEqual(snapshot);
  });

  it('refuses accounts without disable-boxes or enable-boxes', async () => {
    // A sub-reseller holds neither.
    expectError(await boxes('disable', sub.token, sub.id, 1), 403, 'FORBIDDEN');
    expectError(await boxes('enable', sub.token, sub.id, 1), 403, 'FORBIDDEN');
    expectError(await boxes('disable', outsider.token, outsider.id, 1), 403, 'FORBIDDEN');
  });
});
