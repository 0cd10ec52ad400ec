import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_LENGTH,
  LIFETIME_EXPIRY,
  translate,
  type ActivationCode,
  type CodeListAnswer,
  type CreateCodesAnswer,
  type PlayerDeviceAnswer,
  type PlayerRegisterAnswer,
  type Permission,
} from '@panel/contract';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, createVerifiedUser, expectError, expectFieldErrors, rows, uniqueIp, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, creditSnapshot, expectLedgerInvariant, fundedAdmin, recharge } from '../../../test/credit.js';
import { deviceRow, deviceSecret, registerDevice, uniqueMac } from '../../../test/devices.js';
import { newCodeValue } from './codes.service.js';

let t: TestApp;
let admin: string;
let app: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 100_000);
  app = (await applicationIds(t))[0]!;
});
afterAll(() => t.close());

async function fundedReseller(points: number): Promise<TestUser> {
  const r = await createReseller(t);
  if (points > 0) expect((await recharge(t, admin, { email: r.email, points })).statusCode).toBe(200);
  return r;
}

/** The device's expiry as a date, whichever driver read it. */
async function deviceExpiry(mac: string): Promise<string> {
  return new Date((await deviceRow(t, app, mac))!.expire_date).toISOString();
}

const buy = (token: string, payload: Record<string, unknown>, lang?: string, headers?: Record<string, string>) =>
  t.call({ method: 'POST', url: '/api/sendingcode', token, payload, lang, headers });

async function bought(token: string, count = 1, subscriptionType = 'yearly'): Promise<ActivationCode[]> {
  const res = await buy(token, { subscriptionType, codeCount: count });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreateCodesAnswer>().data;
}

const post = (url: string, token: string, payload: Record<string, unknown> = {}, lang?: string) => t.call({ method: 'POST', url, token, payload, lang });
const list = (token: string, query: Record<string, string> = {}) =>
  t.call({ method: 'GET', url: `/api/activation-codes?${new URLSearchParams(query).toString()}`, token });
const redeem = (payload: Record<string, unknown>, lang?: string, remoteAddress?: string) =>
  t.call({ method: 'POST', url: '/api/player/redeem-code', payload, lang, ...(remoteAddress ? { remoteAddress } : {}) });

async function codeRow(value: string) {
  const [row] = await rows<{ id: number; status: number; expire_date: string; device_id: number | null; reseller_id: number }>(
    t,
    sql`select id::int as id, status, expire_date::text, device_id::int as device_id, reseller_id from activation_codes where value = ${value}`,
  );
  return row;
}

async function expire(value: string) {
  await t.database.db.execute(sql`update activation_codes set expire_date = now() - interval '1 day' where value = ${value}`);
}

const year = (from: Date) => {
  const d = new Date(from.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
};

describe('POST /api/sendingcode', () => {
  it('charges 1 credit per yearly code in one ledger row and answers the new codes, expiring a year after creation', async () => {
    const r = await fundedReseller(10);
    const res = await buy(r.token, { subscriptionType: 'yearly', codeCount: '3' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CreateCodesAnswer>();
    expect(body).toMatchObject({ status: true, message: '3 activation codes created.', credit_points: 3, remaining_credit: 7 });
    expect(body.data).toHaveLength(3);
    for (const code of body.data) {
      expect(code.value).toMatch(new RegExp(`^\\d{${CODE_LENGTH}}$`));
      expect(code).toMatchObject({ type: 'yearly', email: r.email, status: 1, expired: 0, is_active: 0, device_info: null, playlists: [] });
      expect(new Date(code.expire_date).getTime()).toBe(year(new Date(code.created_at)).getTime());
    }
    expect(new Set(body.data.map((c) => c.value)).size).toBe(3);
    expect(await balanceOf(t, r.id)).toBe(7);
    const ledger = await rows<{ tr_type: string; credit_point: string; creditor_id: number | null }>(
      t,
      sql`select tr_type, credit_point::text, creditor_id from credit_ledger where debitor_id = ${r.id} order by id`,
    );
    expect(ledger).toEqual([{ tr_type: 'Activation Code', credit_point: '3', creditor_id: null }]);
    await expectLedgerInvariant(t);
  });

  it('charges 2 per lifetime code, which never expires', async () => {
    const r = await fundedReseller(10);
    const codes = await bought(r.token, 2, 'lifetime');
    expect(codes.map((c) => [c.type, c.expire_date, c.expired])).toEqual([
      ['lifetime', LIFETIME_EXPIRY, 0],
      ['lifetime', LIFETIME_EXPIRY, 0],
    ]);
    expect(await balanceOf(t, r.id)).toBe(6);
  });

  it('refuses a count outside 1 to 10 (negative, zero, fractional or too many), an unknown type and a purchase beyond the balance, changing nothing', async () => {
    const r = await fundedReseller(3);
    const before = await creditSnapshot(t);
    expectFieldErrors(await buy(r.token, { subscriptionType: 'yearly', codeCount: 11 }), { codeCount: ['Maximum 10 codes allowed per request'] });
    expectFieldErrors(await buy(r.token, { subscriptionType: 'yearly', codeCount: 0 }), { codeCount: ['The number of codes must be a whole number from 1 to 10.'] });
    expectFieldErrors(await buy(r.token, { subscriptionType: 'yearly', codeCount: 1.5 }), { codeCount: ['The number of codes must be a whole number from 1 to 10.'] });
    for (const codeCount of [-1, '-1', '2.5']) {
      expectFieldErrors(await buy(r.token, { subscriptionType: 'yearly', codeCount }), { codeCount: ['The number of codes must be a whole number from 1 to 10.'] });
    }
    expectFieldErrors(await buy(r.token, { subscriptionType: 'monthly', codeCount: 1 }), { subscriptionType: ['Please choose a subscription type: yearly or lifetime.'] });
    expectFieldErrors(await buy(r.token, { subscriptionType: 'yearly', codeCount: 1, resellerEmail: 'nope' }), { resellerEmail: ['Please enter a valid reseller email'] });
    expectError(await buy(r.token, { subscriptionType: 'lifetime', codeCount: 2 }), 422, 'INSUFFICIENT_CREDIT');
    expect(await creditSnapshot(t)).toEqual(before);
    const [count] = await rows<{ n: number }>(t, sql`select count(*)::int as n from activation_codes where reseller_id = ${r.id}`);
    expect(count!.n).toBe(0);
  });

  it('answers field messages in the caller language', async () => {
    const r = await fundedReseller(0);
    const res = await buy(r.token, { subscriptionType: 'yearly', codeCount: 20 }, 'de');
    expectFieldErrors(res, { codeCount: [translate('de', 'validation.maxCodes')] });
  });

  it('takes an empty or null resellerEmail as the caller', async () => {
    const r = await fundedReseller(2);
    for (const resellerEmail of ['', null]) {
      const res = await buy(r.token, { subscriptionType: 'yearly', codeCount: 1, resellerEmail });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CreateCodesAnswer>().data[0]!.email).toBe(r.email);
    }
  });

  it('creates codes for another reseller only with ibopro-search: they belong to it, the caller pays once', async () => {
    const r = await fundedReseller(5);
    const other = await fundedReseller(5);
    const before = await creditSnapshot(t);
    expectError(await buy(r.token, { subscriptionType: 'yearly', codeCount: 1, resellerEmail: other.email }), 403, 'FORBIDDEN', "You may not act on another reseller's codes.");
    expect(await creditSnapshot(t)).toEqual(before);

    const adminBalance = await balanceOf(t, (await rows<{ id: number }>(t, sql`select id from users where email = ${ADMIN_EMAIL}`))[0]!.id);
    const res = await buy(admin, { subscriptionType: 'yearly', codeCount: 2, resellerEmail: other.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CreateCodesAnswer>()).toMatchObject({ remaining_credit: adminBalance - 2 });
    expect(await balanceOf(t, other.id)).toBe(5);
    const mine = (await list(other.token)).json<CodeListAnswer>();
    expect(mine.data.map((c) => c.value).sort()).toEqual(res.json<CreateCodesAnswer>().data.map((c) => c.value).sort());
    expectError(await buy(admin, { subscriptionType: 'yearly', codeCount: 1, resellerEmail: 'nobody@example.com' }), 404, 'NOT_FOUND', 'No reseller with this email was found.');
  });

  it('answers a repeated request-id with the first purchase and charges once', async () => {
    const r = await fundedReseller(5);
    const headers = { 'request-id': `codes-${r.id}` };
    const first = await buy(r.token, { subscriptionType: 'yearly', codeCount: 2 }, undefined, headers);
    const again = await buy(r.token, { subscriptionType: 'yearly', codeCount: 2 }, undefined, headers);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(t, r.id)).toBe(3);
  });
});

describe('GET /api/activation-codes', () => {
  it("lists the caller's own codes of the last 3 months, newest first, with paging", async () => {
    const r = await fundedReseller(10);
    const other = await fundedReseller(2);
    await bought(other.token, 1);
    const codes = await bought(r.token, 5);
    await t.database.db.execute(sql`update activation_codes set created_at = now() - interval '4 months' where value = ${codes[0]!.value}`);
    const res = await list(r.token, { page: '1', per_page: '3' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CodeListAnswer>();
    expect(body.meta).toMatchObject({ total: 4, last_page: 2, current_page: 1, per_page: 3 });
    expect(body.data.map((c) => c.email)).toEqual([r.email, r.email, r.email]);
    const page2 = (await list(r.token, { page: '2', per_page: '3' })).json<CodeListAnswer>();
    expect(page2.data).toHaveLength(1);
    const all = [...body.data, ...page2.data].map((c) => c.value);
    expect(all.sort()).toEqual(codes.slice(1).map((c) => c.value).sort());
  });

  it('searches the start of a code value and takes blank optional fields as not given', async () => {
    const r = await fundedReseller(3);
    const [code] = await bought(r.token, 3);
    const found = (await list(r.token, { search_query: code!.value.slice(0, 8) })).json<CodeListAnswer>();
    expect(found.data.map((c) => c.value)).toContain(code!.value);
    expect(found.data.every((c) => c.value.startsWith(code!.value.slice(0, 8)))).toBe(true);
    const blank = await list(r.token, { page: '', per_page: '', search_query: '', sort_key: '', sort_type: '', _t: '', date_from: '', date_to: '' });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json<CodeListAnswer>().meta.total).toBe(3);
  });

  it('refuses a range over 3 months or ending before it starts', async () => {
    const r = await fundedReseller(0);
    expectFieldErrors(await list(r.token, { date_from: '2026-01-01', date_to: '2026-05-01' }), { date_to: ['Date range cannot exceed 3 months'] });
    expectFieldErrors(await list(r.token, { date_from: '2026-05-01', date_to: '2026-04-01' }), { date_to: ['End date must be after start date'] });
    expectFieldErrors(await list(r.token, { date_from: '2020-01-01' }), { date_to: ['Date range cannot exceed 3 months'] });
    const ok = await list(r.token, { date_from: '2026-01-01', date_to: '2026-04-01' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("shows the admin every reseller's codes, searchable by e-mail", async () => {
    const r = await fundedReseller(1);
    const [code] = await bought(r.token, 1);
    const res = (await list(admin, { search_query: r.email.split('@')[0]! })).json<CodeListAnswer>();
    expect(res.data.map((c) => c.value)).toEqual([code!.value]);
  });
});

describe('code actions', () => {
  it('flips status between 1 and 0, and refuses it on an expired code', async () => {
    const r = await fundedReseller(2);
    const [code] = await bought(r.token, 2);
    const off = await post('/api/update-code-status', r.token, { value: code!.value });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: 'The code is now inactive.', data: { status: 0 } });
    const on = await post('/api/update-code-status', r.token, { value: code!.value });
    expect(on.json()).toMatchObject({ message: 'The code is now active.', data: { status: 1 } });
    await expire(code!.value);
    expectError(await post('/api/update-code-status', r.token, { value: code!.value }), 409, 'CONFLICT', 'This code has expired: it can only be renewed or deleted.');
    expect((await codeRow(code!.value))!.status).toBe(1);
  });

  it('renews a yearly code by a year from its expiry for 1 credit, and from today once expired', async () => {
    const r = await fundedReseller(5);
    const [code, old] = await bought(r.token, 2);
    const res = await post('/api/renew-code', r.token, { value: code!.value });
    expect(res.statusCode, res.body).toBe(200);
    const expected = year(new Date(code!.expire_date)).toISOString();
    expect(res.json()).toMatchObject({ expire_date: expected, remaining_credit: 2, data: { expire_date: expected, expired: 0 } });

    await expire(old!.value);
    const listed = (await list(r.token)).json<CodeListAnswer>().data.find((c) => c.value === old!.value)!;
    expect(listed.expired).toBe(1);
    const before = Date.now();
    const renewed = await post('/api/renew-code', r.token, { value: old!.value });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const until = new Date(renewed.json<{ expire_date: string }>().expire_date).getTime();
    expect(until).toBeGreaterThanOrEqual(year(new Date(before)).getTime());
    expect(renewed.json()).toMatchObject({ remaining_credit: 1, data: { expired: 0 } });
    await expectLedgerInvariant(t);
  });

  it('refuses to renew a lifetime code or without credit, changing nothing', async () => {
    const r = await fundedReseller(2);
    const [code] = await bought(r.token, 1, 'lifetime');
    const yearly = await bought(admin, 1);
    const before = await creditSnapshot(t);
    expectError(await post('/api/renew-code', r.token, { value: code!.value }), 409, 'CONFLICT', 'A lifetime code never expires and cannot be renewed.');
    await t.database.db.execute(sql`update activation_codes set reseller_id = ${r.id} where value = ${yearly[0]!.value}`);
    expectError(await post('/api/renew-code', r.token, { value: yearly[0]!.value }), 422, 'INSUFFICIENT_CREDIT');
    expect(await creditSnapshot(t)).toEqual(before);
    expect((await codeRow(yearly[0]!.value))!.expire_date).toBe((await codeRow(yearly[0]!.value))!.expire_date);
  });

  it('resets a code to a new value and refuses it on an expired code', async () => {
    const r = await fundedReseller(2);
    const [code, other] = await bought(r.token, 2);
    const res = await post('/api/reset-code', r.token, { code_id: String(code!.id) });
    expect(res.statusCode, res.body).toBe(200);
    const { new_code } = res.json<{ new_code: string }>();
    expect(new_code).toMatch(/^\d{14}$/);
    expect(new_code).not.toBe(code!.value);
    expect(await codeRow(code!.value)).toBeUndefined();
    expect((await codeRow(new_code))!.id).toBe(code!.id);
    await expire(other!.value);
    expectError(await post('/api/reset-code', r.token, { code_id: other!.id }), 409, 'CONFLICT');
    expect(await codeRow(other!.value)).toBeDefined();
  });

  it('deletes a code, expired or not', async () => {
    const r = await fundedReseller(2);
    const [code, old] = await bought(r.token, 2);
    await expire(old!.value);
    for (const c of [code!, old!]) {
      const res = await post('/api/delete-code', r.token, { value: c.value });
      expect(res.statusCode, res.body).toBe(200);
      // Bought a moment ago and never redeemed: its price comes back (codes.refund.test.ts).
      expect(res.json()).toMatchObject({ status: true, message: `The code was deleted. Credit given back to ${r.email}: 1.`, refunded_points: 1 });
      expect(await codeRow(c.value)).toBeUndefined();
      // The audit row names the code by its last 4 digits: a code never rests in the audit log.
      const [audited] = await rows<{ details: Record<string, unknown> }>(t, sql`select details from audit_log where action = 'code.delete' and target_id = ${String(c.id)}`);
      expect(audited!.details).toEqual({ last4: c.value.slice(-4), type: 'yearly', refunded: 1 });
    }
    expectError(await post('/api/delete-code', r.token, { value: code!.value }), 404, 'NOT_FOUND', 'Activation code not found.');
  });

  it("refuses a foreign reseller on every code call, changing nothing", async () => {
    const owner = await fundedReseller(2);
    const stranger = await fundedReseller(2);
    const [code] = await bought(owner.token, 1);
    const before = await creditSnapshot(t);
    const calls: [string, Record<string, unknown>][] = [
      ['/api/update-code-status', { value: code!.value }],
      ['/api/renew-code', { value: code!.value }],
      ['/api/reset-code', { code_id: code!.id }],
      ['/api/delete-code', { value: code!.value }],
      [`/api/get-playlist/${code!.value}`, {}],
      [`/api/edit-playlist/${code!.value}`, { playlists: [{ name: 'X', url: 'http://x.example/a.m3u' }] }],
    ];
    for (const [url, payload] of calls) {
      expectError(await post(url, stranger.token, payload), 404, 'NOT_FOUND');
      expectError(await post(url, stranger.token, { ...payload, resellerEmail: owner.email }), 403, 'FORBIDDEN');
    }
    expect(await creditSnapshot(t)).toEqual(before);
    const row = await codeRow(code!.value);
    expect(row).toMatchObject({ status: 1 });
    expect((await list(stranger.token)).json<CodeListAnswer>().data).toEqual([]);
  });

  it("lets the admin act on a reseller's code by naming its e-mail (the any- permissions)", async () => {
    const owner = await fundedReseller(2);
    const [code] = await bought(owner.token, 1);
    const resellerEmail = owner.email;
    expect((await post('/api/update-code-status', admin, { value: code!.value, resellerEmail })).json()).toMatchObject({ data: { status: 0 } });
    expect((await post(`/api/edit-playlist/${code!.value}`, admin, { resellerEmail, playlists: [{ name: 'A', url: 'http://a.example/a.m3u' }] })).statusCode).toBe(200);
    expect((await post(`/api/get-playlist/${code!.value}`, admin, { resellerEmail })).json()).toMatchObject({ playlists: [{ name: 'A' }] });
    expect((await post('/api/renew-code', admin, { value: code!.value, resellerEmail })).statusCode).toBe(200);
    expect(await balanceOf(t, owner.id)).toBe(1);
    const reset = await post('/api/reset-code', admin, { code_id: code!.id, resellerEmail });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await post('/api/delete-code', admin, { value: reset.json<{ new_code: string }>().new_code, resellerEmail })).statusCode).toBe(200);
  });

  it('refuses each call to a role without its permission', async () => {
    const perms: [Permission, string, Record<string, unknown>][] = [
      ['purchase-code', '/api/sendingcode', { subscriptionType: 'yearly', codeCount: 1 }],
      ['change-code-status', '/api/update-code-status', { value: '12345678901234' }],
      ['renew-code', '/api/renew-code', { value: '12345678901234' }],
      ['reset-code', '/api/reset-code', { code_id: 1 }],
      ['delete-code', '/api/delete-code', { value: '12345678901234' }],
      ['view-code', '/api/get-playlist/12345678901234', {}],
      ['edit-code', '/api/edit-playlist/12345678901234', { playlists: [] }],
    ];
    const user = await createVerifiedUser(t, { permissions: ['notif-bell'] });
    expectError(await list(user.token), 403, 'FORBIDDEN');
    for (const [, url, payload] of perms) expectError(await post(url, user.token, payload), 403, 'FORBIDDEN');
  });
});

describe('code playlists', () => {
  it('validates each playlist and replaces the list in one save', async () => {
    const r = await fundedReseller(1);
    const [code] = await bought(r.token, 1);
    const url = `/api/edit-playlist/${code!.value}`;
    expect((await post(`/api/get-playlist/${code!.value}`, r.token)).json()).toMatchObject({ status: true, playlists: [] });
    expectFieldErrors(
      await post(url, r.token, {
        playlists: [
          { name: 'Sports', url: 'ftp://bad' },
          { name: 'sports', url: 'http://ok.example/list.m3u', epg: 'not a url' },
          { name: '', url: 'http://ok.example/b.m3u' },
        ],
      }),
      {
        'playlists.0.url': ['Please enter a valid URL'],
        'playlists.1.name': ['Playlist name must be unique'],
        'playlists.1.epg': ['Please enter a valid URL for EPG'],
        'playlists.2.name': ['Please enter a playlist name.'],
      },
    );
    const saved = await post(url, r.token, {
      playlists: [
        { name: 'News', url: 'http://a.example/news.m3u', epg: 'http://a.example/epg.xml' },
        { name: 'Movies', url: 'https://a.example/movies.m3u', epg: '' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: true, msg: 'Playlists updated successfully!' });
    await post(url, r.token, { playlists: [{ name: 'Only', url: 'http://a.example/only.m3u', epg: null }] });
    expect((await post(`/api/get-playlist/${code!.value}`, r.token)).json()).toMatchObject({ playlists: [{ name: 'Only', url: 'http://a.example/only.m3u', epg: null }] });
    await expire(code!.value);
    // Edit is not offered on an expired code: neither its load nor its save; the list still shows the playlists.
    expectError(await post(url, r.token, { playlists: [] }), 409, 'CONFLICT');
    expectError(await post(`/api/get-playlist/${code!.value}`, r.token), 409, 'CONFLICT');
    expect((await list(r.token)).json<CodeListAnswer>().data.find((c) => c.id === code!.id)!.playlists).toMatchObject([{ name: 'Only' }]);
  });
});

describe('POST /api/player/redeem-code', () => {
  it('activates the first device until the code expiry, with the code playlists in its status', async () => {
    const r = await fundedReseller(1);
    const [code] = await bought(r.token, 1);
    await post(`/api/edit-playlist/${code!.value}`, r.token, { playlists: [{ name: 'Code list', url: 'http://c.example/a.m3u' }] });
    const mac = uniqueMac();
    const res = await redeem({ code: `${code!.value.slice(0, 7)} ${code!.value.slice(7)}`, mac_address: mac.toUpperCase(), app_id: String(app), version: '2.1' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<PlayerDeviceAnswer>().data;
    expect(data).toMatchObject({ mac_address: mac, status: 'active', is_trial: 0, expire_date: code!.expire_date, playlists: [{ name: 'Code list', url: 'http://c.example/a.m3u', type: 'general' }] });
    const status = await t.call({ method: 'POST', url: '/api/player/status', payload: { app_id: app, mac_address: mac, device_key: data.device_key } });
    expect(status.json<PlayerDeviceAnswer>().data.playlists.map((p) => p.name)).toEqual(['Code list']);

    const again = await redeem({ code: code!.value, mac_address: mac, app_id: app });
    expect(again.json<PlayerDeviceAnswer>().data).toEqual(data);

    const listed = (await list(r.token)).json<CodeListAnswer>().data[0]!;
    expect(listed).toMatchObject({ is_active: 1, device_info: { mac_address: mac, version: '2.1' } });
    const byMac = (await list(r.token, { search_query: mac.slice(0, 8).toUpperCase() })).json<CodeListAnswer>();
    expect(byMac.data.map((c) => c.value)).toEqual([code!.value]);
    const [activation] = await rows<{ reseller_id: number; activated_from: string }>(t, sql`select reseller_id, activated_from from activations where mac_address = ${mac}`);
    expect(activation).toEqual({ reseller_id: r.id, activated_from: 'activation-code' });
  });

  it("stores the installation secret of a player whose first call is a redeem, so that only it gets the key from register", async () => {
    const r = await fundedReseller(1);
    const [code] = await bought(r.token, 1);
    const mac = uniqueMac();
    const secret = deviceSecret();
    const redeemed = (await redeem({ code: code!.value, mac_address: mac, app_id: app, device_secret: secret })).json<PlayerDeviceAnswer>().data;
    const register = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/player/register', payload: { app_id: app, mac_address: mac, ...payload } });
    expect((await register({ device_secret: secret })).json<PlayerRegisterAnswer>().data).toMatchObject({ secret_accepted: true, device_key: redeemed.device_key });
    expect((await register({ device_secret: deviceSecret() })).json<PlayerRegisterAnswer>().data).toMatchObject({ secret_accepted: false });
  });

  it('refuses another device, an unknown, inactive or expired code, changing nothing', async () => {
    const r = await fundedReseller(3);
    const [code, inactive, old] = await bought(r.token, 3);
    const first = uniqueMac();
    expect((await redeem({ code: code!.value, mac_address: first, app_id: app })).statusCode).toBe(200);
    const second = uniqueMac();
    await registerDevice(t, { appId: app, mac: second });
    const before = await deviceRow(t, app, second);
    expectError(await redeem({ code: code!.value, mac_address: second, app_id: app }), 409, 'CONFLICT', 'This activation code is already used on another device.');
    expectError(await redeem({ code: newCodeValue(), mac_address: second, app_id: app }), 404, 'NOT_FOUND', 'This activation code is not valid.');
    await post('/api/update-code-status', r.token, { value: inactive!.value });
    expectError(await redeem({ code: inactive!.value, mac_address: second, app_id: app }), 403, 'FORBIDDEN');
    await expire(old!.value);
    expectError(await redeem({ code: old!.value, mac_address: second, app_id: app }), 409, 'CONFLICT', 'This activation code has expired. Please contact your reseller.');
    expectFieldErrors(await redeem({ code: '', mac_address: second, app_id: app }), { code: ['Please enter an activation code.'] });
    expect(await deviceRow(t, app, second)).toEqual(before);
    expect((await codeRow(inactive!.value))!.device_id).toBeNull();
    const unknownDevice = uniqueMac();
    await redeem({ code: code!.value, mac_address: unknownDevice, app_id: app });
    expect(await deviceRow(t, app, unknownDevice)).toBeUndefined();
  });

  it('gives a device reset from its code back the expiry it had, and the new value works on another device', async () => {
    const r = await fundedReseller(1);
    const [code] = await bought(r.token, 1);
    const mac = uniqueMac();
    const trial = await registerDevice(t, { appId: app, mac });
    await redeem({ code: code!.value, mac_address: mac, app_id: app });
    const reset = (await post('/api/reset-code', r.token, { code_id: code!.id })).json<{ new_code: string }>();
    expect(await deviceExpiry(mac)).toBe(trial.expire_date);
    expectError(await redeem({ code: code!.value, mac_address: mac, app_id: app }), 404, 'NOT_FOUND');
    const other = uniqueMac();
    const res = await redeem({ code: reset.new_code, mac_address: other, app_id: app });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('carries a renewal of a redeemed code to its device', async () => {
    const r = await fundedReseller(2);
    const [code] = await bought(r.token, 1);
    const mac = uniqueMac();
    await redeem({ code: code!.value, mac_address: mac, app_id: app });
    const renewed = (await post('/api/renew-code', r.token, { value: code!.value })).json<{ expire_date: string }>();
    expect(await deviceExpiry(mac)).toBe(renewed.expire_date);
  });

  it('stops an address guessing codes at the player limit, even before a right guess', async () => {
    const r = await fundedReseller(1);
    const [code] = await bought(r.token, 1);
    const ip = uniqueIp();
    for (let i = 0; i < t.app.deps.config.playerRateLimit; i += 1) {
      expect((await redeem({ code: newCodeValue(), mac_address: uniqueMac(), app_id: app }, undefined, ip)).statusCode).toBe(404);
    }
    expectError(await redeem({ code: code!.value, mac_address: uniqueMac(), app_id: app }, undefined, ip), 429, 'TOO_MANY_REQUESTS');
    expect((await codeRow(code!.value))!.device_id).toBeNull();
  });
});
