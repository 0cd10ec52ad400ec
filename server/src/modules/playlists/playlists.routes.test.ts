import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, createReseller, createVerifiedUser, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { activatedDevice, applicationId, fundAccount, registerDevice, uniqueMac } from '../../../test/devices.js';
import { verifySecret } from '../../lib/secrets.js';

let t: TestApp;
let admin: string;
let ibo: number;
let bob: number;
let hush: number;
let reseller: TestUser;
let sub: TestUser;
let stranger: TestUser;
/** Holds no permission of this module. */
let outsider: TestUser;

type PlaylistRow = {
  id: number;
  device_id: number;
  playlist_type: 'general' | 'xc';
  name: string;
  url: string;
  username: string | null;
  password: string | null;
  epg_url: string | null;
  protect: boolean;
  pin_hash: string | null;
  created_by: number | null;
};

async function playlistsOf(appIdValue: number, mac: string) {
  return rows<PlaylistRow>(
    t,
    sql`select p.*, p.id::int as id, p.device_id::int as device_id from playlists p join devices d on d.id = p.device_id where d.application_id = ${appIdValue} and d.mac_address = ${mac} order by p.id`,
  );
}

async function allPlaylists() {
  return rows<PlaylistRow>(t, sql`select * from playlists order by id`);
}

function save(token: string, payload: Record<string, unknown>, lang?: string) {
  return t.call({ method: 'POST', url: '/api/save-playlist', token, payload, lang });
}

function reset(token: string, payload: Record<string, unknown>, lang?: string) {
  return t.call({ method: 'POST', url: '/api/reset-playlist', token, payload, lang });
}

function changeDomain(token: string, payload: Record<string, unknown>, lang?: string) {
  return t.call({ method: 'POST', url: '/api/update-playlist', token, payload, lang });
}

const general = (appIdValue: number, mac: string, fields: Record<string, unknown> = {}) => ({
  mac_address: mac,
  app_id: appIdValue,
  playlist_name: 'Main list',
  playlist_url: 'http://tv.example.test/get.php?type=m3u',
  app_platform: 'android',
  app_url: 'http://player.example.test',
  ...fields,
});

async function saved(token: string, appIdValue: number, mac: string, fields: Record<string, unknown> = {}) {
  const res = await save(token, general(appIdValue, mac, fields));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  [ibo, bob, hush] = [await applicationId(t, 'IBOPLAYER'), await applicationId(t, 'BOBPLAYER'), await applicationId(t, 'HUSHPLAY')];
  reseller = await createReseller(t, { applications: [ibo, bob, hush] });
  stranger = await createReseller(t, { applications: [ibo, bob, hush] });
  sub = await createReseller(t, { parent: reseller });
  outsider = await createVerifiedUser(t, { permissions: ['check-device-status'] });
  for (const user of [reseller, stranger, sub]) await fundAccount(t, user, 100);
});
afterAll(() => t.close());

describe('POST /api/save-playlist', () => {
  it('adds a general playlist to the reseller’s device', async () => {
    const { mac, devices } = await activatedDevice(t, reseller, [ibo]);
    const res = await save(reseller.token, general(ibo, mac.toUpperCase(), { xml_url: 'https://epg.example.test/guide.xml', username: 'ignored' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ data: { id: number } }>();
    expect(body).toEqual({ status: true, statusCode: 201, msg: 'Playlist saved successfully.', data: { id: expect.any(Number) } });
    expect(await playlistsOf(ibo, mac)).toEqual([
      expect.objectContaining({
        id: body.data.id,
        playlist_type: 'general',
        name: 'Main list',
        url: 'http://tv.example.test/get.php?type=m3u',
        username: null,
        password: null,
        epg_url: 'https://epg.example.test/guide.xml',
        protect: false,
        pin_hash: null,
        created_by: reseller.id,
      }),
    ]);
    // The player sees it on its next status call.
    const status = await t.call({ method: 'POST', url: '/api/player/status', payload: { app_id: ibo, mac_address: mac, device_key: devices[0]!.device_key } });
    expect(status.json<{ data: { playlists: { id: number }[] } }>().data.playlists.map((p) => p.id)).toEqual([body.data.id]);
  });

  it('adds an Xtream Codes playlist with its username and password', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    const id = await saved(reseller.token, ibo, mac, { playlist_type: 'xc', playlist_url: 'http://xc.example.test:8080', username: ' alice ', password: 'p@ss word' });
    expect(await playlistsOf(ibo, mac)).toEqual([expect.objectContaining({ id, playlist_type: 'xc', username: 'alice', password: 'p@ss word', epg_url: null })]);
  });

  it('stores a protect PIN only as its argon2id hash', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    const res = await save(reseller.token, general(ibo, mac, { protect: 1, pin: '97531', pin_confirmation: '97531' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain('97531');
    const [row] = await playlistsOf(ibo, mac);
    expect(row!.protect).toBe(true);
    expect(row!.pin_hash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(row!.pin_hash, '97531')).toBe(true);
    const [clear] = await rows<{ n: number }>(t, sql`select count(*)::int as n from playlists where pin_hash = '97531' or name = '97531'`);
    expect(clear!.n).toBe(0);
  });

  it("lets a parent add to its sub-reseller's device and an admin to any device", async () => {
    const bySub = await activatedDevice(t, sub, [ibo]);
    await saved(reseller.token, ibo, bySub.mac);
    await saved(admin, ibo, bySub.mac);
    const trial = await registerDevice(t, { appId: ibo });
    await saved(admin, ibo, trial.mac_address);
    expect(await playlistsOf(ibo, bySub.mac)).toHaveLength(2);
  });

  it('refuses bad input with the specification messages and stores nothing', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    const before = await allPlaylists();
    const fill = 'Please fill in all fields.';
    expectFieldErrors(await save(reseller.token, general(ibo, mac, { playlist_name: ' ' })), { playlist_name: [fill] });
    expectFieldErrors(await save(reseller.token, general(ibo, mac, { playlist_url: 'ftp://tv.example.test/list' })), { playlist_url: ['Please enter a valid URL'] });
    expectFieldErrors(await save(reseller.token, general(ibo, mac, { playlist_url: 'javascript:alert(1)' })), { playlist_url: ['Please enter a valid URL'] });
    expectFieldErrors(await save(reseller.token, general(ibo, mac, { xml_url: 'not a url' })), { xml_url: ['Please enter a valid URL'] });
    expectFieldErrors(await save(reseller.token, general(ibo, mac, { playlist_type: 'xc' })), { username: [fill], password: [fill] });
    expectFieldErrors(await save(reseller.token, general(ibo, mac, { playlist_type: 'm3u' })), { playlist_type: ['Please choose a playlist type.'] });
    expectFieldErrors(await save(reseller.token, general(ibo, mac, { protect: true, pin: '123' })), { pin: ['PIN must be at least 4 characters long.'] });
    expectFieldErrors(await save(reseller.token, general(ibo, mac, { protect: true })), { pin: ['PIN must be at least 4 characters long.'] });
    expectFieldErrors(await save(reseller.token, general(ibo, mac, { protect: true, pin: '1234', pin_confirmation: '4321' })), {
      pin_confirmation: ['PIN and Confirm PIN must match.'],
    });
    expectFieldErrors(await save(reseller.token, general(ibo, 'aa:bb:cc:dd:ee')), { mac_address: ['Invalid MAC address format'] });
    expectFieldErrors(await save(reseller.token, general(ibo, mac, { app_id: undefined })), { app_id: ['Please select a module'] });
    expectFieldErrors(await save(reseller.token, general(ibo, mac, { protect: true, pin: '12' }), 'ar-EG'), { pin: [translate('ar', 'validation.pinLength')] });
    expect(translate('ar', 'validation.pinLength')).not.toBe('PIN must be at least 4 characters long.');
    expect(await allPlaylists()).toEqual(before);
  });

  it('answers 422 for an unknown application, 404 C10404 for an unknown device, 403 C10403 for another reseller’s', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    const before = await allPlaylists();
    expectFieldErrors(await save(reseller.token, general(999_999, mac)), { app_id: ['Selected application not found.'] });
    expectFieldErrors(await save(reseller.token, general(999_999, mac), 'ar-EG'), { app_id: [translate('ar', 'devices.applicationNotFound')] });
    expectError(await save(reseller.token, general(ibo, uniqueMac())), 404, 'C10404', 'Device not found in the selected application. Ask the customer to open the app on the device once, then try again.');
    expectError(await save(reseller.token, general(bob, mac)), 404, 'C10404');
    expectError(await save(stranger.token, general(ibo, mac)), 403, 'C10403', "You don't have permission to reset this playlist");
    expectError(await save(sub.token, general(ibo, mac)), 403, 'C10403');
    const trial = await registerDevice(t, { appId: ibo });
    expectError(await save(reseller.token, general(ibo, trial.mac_address)), 403, 'C10403');
    expect(await allPlaylists()).toEqual(before);
  });

  it('refuses an account without Playlists', async () => {
    const { mac } = await activatedDevice(t, reseller, [ibo]);
    expectError(await save(outsider.token, general(ibo, mac)), 403, 'FORBIDDEN');
    expect(await playlistsOf(ibo, mac)).toEqual([]);
  });
});

describe('POST /api/reset-playlist', () => {
  it("removes the device's playlists of the given type only", async () => {
    const { mac } = await activatedDevice(t, reseller, [hush]);
    await saved(reseller.token, hush, mac);
    await saved(reseller.token, hush, mac, { playlist_name: 'Second' });
    const xc = await saved(reseller.token, hush, mac, { playlist_type: 'xc', username: 'u', password: 'p' });
    const res = await reset(reseller.token, { mac_address: mac, app_id: hush, module: 'HUSHPLAY', playlist_type: 'general' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, statusCode: 200, msg: 'Playlist reset successfully (2 removed).', data: { removed: 2 } });
    expect((await playlistsOf(hush, mac)).map((p) => p.id)).toEqual([xc]);
    // Nothing left of that type: still a success, nothing removed.
    expect((await reset(reseller.token, { mac_address: mac, app_id: hush, playlist_type: 'general' })).json()).toMatchObject({ data: { removed: 0 } });
  });

  it('asks BOBPLAYER and IBOPLAYER for the device key: missing 422, wrong 403 C10405, right resets', async () => {
    for (const app of [ibo, bob]) {
      const { mac, devices } = await activatedDevice(t, reseller, [app]);
      await saved(reseller.token, app, mac);
      const before = await allPlaylists();
      expectFieldErrors(await reset(reseller.token, { mac_address: mac, app_id: app, playlist_type: 'general' }), { device_key: ['Please enter a device key'] });
      expectFieldErrors(await reset(reseller.token, { mac_address: mac, app_id: app, playlist_type: 'general', device_key: '  ' }), {
        device_key: ['Please enter a device key'],
      });
      expectFieldErrors(await reset(reseller.token, { mac_address: mac, app_id: app, playlist_type: 'general' }, 'ar-EG'), {
        device_key: [translate('ar', 'validation.deviceKeyRequired')],
      });
      const wrong = devices[0]!.device_key === '00000000' ? '11111111' : '00000000';
      expectError(await reset(reseller.token, { mac_address: mac, app_id: app, playlist_type: 'general', device_key: wrong }), 403, 'C10405', 'Invalid device key');
      expect(await allPlaylists()).toEqual(before);
      const res = await reset(reseller.token, { mac_address: mac, app_id: app, playlist_type: 'general', device_key: devices[0]!.device_key });
      expect(res.json()).toMatchObject({ data: { removed: 1 } });
    }
  });

  it('needs no device key for the other applications', async () => {
    const { mac } = await activatedDevice(t, reseller, [hush]);
    await saved(reseller.token, hush, mac);
    expect((await reset(reseller.token, { mac_address: mac, app_id: hush, playlist_type: 'general', device_key: 'whatever' })).json()).toMatchObject({ data: { removed: 1 } });
  });

  it("refuses an unknown application, an unknown device and another reseller's device, removing nothing", async () => {
    const { mac, devices } = await activatedDevice(t, reseller, [ibo]);
    await saved(reseller.token, ibo, mac);
    const before = await allPlaylists();
    const key = devices[0]!.device_key;
    expectFieldErrors(await reset(reseller.token, { mac_address: mac, app_id: 999_999, playlist_type: 'general' }), { app_id: ['Selected application not found.'] });
    expectError(await reset(reseller.token, { mac_address: uniqueMac(), app_id: ibo, playlist_type: 'general', device_key: key }), 404, 'C10404');
    expectError(await reset(stranger.token, { mac_address: mac, app_id: ibo, playlist_type: 'general', device_key: key }), 403, 'C10403');
    expectError(await reset(sub.token, { mac_address: mac, app_id: ibo, playlist_type: 'general', device_key: key }), 403, 'C10403');
    expectFieldErrors(await reset(reseller.token, { mac_address: mac, app_id: ibo, playlist_type: 'all', device_key: key }), {
      playlist_type: ['Please choose a playlist type.'],
    });
    expectFieldErrors(await reset(reseller.token, { mac_address: 'aabbccddeeff', app_id: ibo, playlist_type: 'general', device_key: key }), {
      mac_address: ['Invalid MAC address format'],
    });
    expectError(await reset(outsider.token, { mac_address: mac, app_id: ibo, playlist_type: 'general', device_key: key }), 403, 'FORBIDDEN');
    expect(await allPlaylists()).toEqual(before);
  });
});

describe('POST /api/update-playlist', () => {
  const random = () => Math.random().toString(36).slice(2, 8);

  it('rewrites the old domain of the playlist and EPG URLs on the caller’s devices, at a boundary only', async () => {
    const old = `old-${random()}.example.test`;
    const { mac } = await activatedDevice(t, reseller, [hush]);
    const urls = [
      [`http://${old}/get.php?u=1`, `http://new.example.test/get.php?u=1`],
      [`HTTP://${old.toUpperCase()}/Live`, `http://new.example.test/Live`],
      [`http://${old}:8080/x`, `http://new.example.test:8080/x`],
      [`http://${old}`, `http://new.example.test`],
      [`http://${old}?a=b`, `http://new.example.test?a=b`],
      // Another host that merely starts with the same letters, and another scheme: untouched.
      [`http://${old}.evil.test/x`, `http://${old}.evil.test/x`],
      [`https://${old}/x`, `https://${old}/x`],
      [`http://other.example.test/${old}`, `http://other.example.test/${old}`],
    ];
    const ids: number[] = [];
    for (const [url] of urls) ids.push(await saved(reseller.token, hush, mac, { playlist_url: url }));
    const epg = await saved(reseller.token, hush, mac, { playlist_url: 'http://keep.example.test/a', xml_url: `http://${old}/epg.xml` });
    // The same domain on another reseller's device and in another application stays.
    const foreign = await activatedDevice(t, stranger, [hush]);
    await saved(stranger.token, hush, foreign.mac, { playlist_url: `http://${old}/mine` });
    const otherApp = await activatedDevice(t, reseller, [bob]);
    await saved(reseller.token, bob, otherApp.mac, { playlist_url: `http://${old}/bob` });

    const res = await changeDomain(reseller.token, { current_playlist_url: ` http://${old}/ `, new_domain: 'http://new.example.test/', app_id: hush, app_platform: 'android' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: 'Domain changed in 6 playlists.', data: { updated: 6 } });
    const after = await playlistsOf(hush, mac);
    for (const [i, [, expected]] of urls.entries()) expect(after.find((p) => p.id === ids[i])!.url, urls[i]![0]).toBe(expected);
    expect(after.find((p) => p.id === epg)).toMatchObject({ url: 'http://keep.example.test/a', epg_url: 'http://new.example.test/epg.xml' });
    expect((await playlistsOf(hush, foreign.mac))[0]!.url).toBe(`http://${old}/mine`);
    expect((await playlistsOf(bob, otherApp.mac))[0]!.url).toBe(`http://${old}/bob`);
  });

  it("rewrites a sub-reseller's devices for its parent, and every device for an admin", async () => {
    const old = `old-${random()}.example.test`;
    const bySub = await activatedDevice(t, sub, [hush]);
    await saved(sub.token, hush, bySub.mac, { playlist_url: `http://${old}/a` });
    expect((await changeDomain(reseller.token, { current_playlist_url: `http://${old}`, new_domain: `http://mid.example.test`, app_id: hush })).json()).toMatchObject({
      data: { updated: 1 },
    });
    const foreign = await activatedDevice(t, stranger, [hush]);
    await saved(stranger.token, hush, foreign.mac, { playlist_url: 'http://mid.example.test/b' });
    const trial = await registerDevice(t, { appId: hush });
    await saved(admin, hush, trial.mac_address, { playlist_url: 'http://mid.example.test/c' });
    const res = await changeDomain(admin, { current_playlist_url: 'http://mid.example.test', new_domain: `https://final-${random()}.example.test`, app_id: hush });
    expect(res.json<{ data: { updated: number } }>().data.updated).toBeGreaterThanOrEqual(3);
    for (const device of [bySub.mac, foreign.mac, trial.mac_address]) expect((await playlistsOf(hush, device))[0]!.url).toMatch(/^https:\/\/final-/);
  });

  it('matches an old domain given with a path only below that path', async () => {
    const old = `old-${random()}.example.test`;
    const { mac } = await activatedDevice(t, reseller, [hush]);
    const inside = await saved(reseller.token, hush, mac, { playlist_url: `http://${old}/live/list.m3u` });
    const outside = await saved(reseller.token, hush, mac, { playlist_url: `http://${old}/lively` });
    const res = await changeDomain(reseller.token, { current_playlist_url: `http://${old}/live`, new_domain: 'http://cdn.example.test/tv', app_id: hush });
    expect(res.json()).toMatchObject({ data: { updated: 1 } });
    const after = await playlistsOf(hush, mac);
    expect(after.find((p) => p.id === inside)!.url).toBe('http://cdn.example.test/tv/list.m3u');
    expect(after.find((p) => p.id === outside)!.url).toBe(`http://${old}/lively`);
  });

  it('refuses missing or invalid domains and an unknown application, changing nothing', async () => {
    const before = await allPlaylists();
    const both = 'Please enter both old and new domain';
    expectFieldErrors(await changeDomain(reseller.token, { current_playlist_url: ' ', new_domain: 'http://b.example.test', app_id: hush }), { current_playlist_url: [both] });
    expectFieldErrors(await changeDomain(reseller.token, { current_playlist_url: 'http://a.example.test', app_id: hush }), { new_domain: [both] });
    expectFieldErrors(await changeDomain(reseller.token, { current_playlist_url: 'a.example.test', new_domain: 'http://b.example.test', app_id: hush }), {
      current_playlist_url: [translate('en', 'validation.domainInvalid')],
    });
    expectFieldErrors(await changeDomain(reseller.token, { current_playlist_url: 'http://a.example.test', new_domain: 'http://b.example.test', app_id: 999_999 }), {
      app_id: ['Selected application not found.'],
    });
    expect((await changeDomain(reseller.token, { current_playlist_url: 'http://a.example.test', new_domain: 'http://b.example.test' })).json()).toMatchObject({
      code: 'VALIDATION',
      errors: { app_id: [expect.any(String)] },
    });
    expectFieldErrors(await changeDomain(reseller.token, { current_playlist_url: '', new_domain: '', app_id: hush }, 'ar-EG'), {
      current_playlist_url: [translate('ar', 'validation.domainsRequired')],
      new_domain: [translate('ar', 'validation.domainsRequired')],
    });
    expect(await allPlaylists()).toEqual(before);
  });

  it('refuses an account without change-domain, changing nothing', async () => {
    const old = `old-${random()}.example.test`;
    const bySub = await activatedDevice(t, sub, [hush]);
    await saved(sub.token, hush, bySub.mac, { playlist_url: `http://${old}/a` });
    // A sub-reseller holds Playlists but not change-domain.
    expectError(await changeDomain(sub.token, { current_playlist_url: `http://${old}`, new_domain: 'http://x.example.test', app_id: hush }), 403, 'FORBIDDEN');
    expect((await playlistsOf(hush, bySub.mac))[0]!.url).toBe(`http://${old}/a`);
  });
});
