import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PACKAGE_TRIAL_CODES, translate, type ActivationPackage, type BulkActivationAnswer, type ExpiringDevicesAnswer } from '@panel/contract';
import { createReseller, createVerifiedUser, expectError, expectFieldErrors, applicationIds, type TestUser } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { fundedAdmin, recharge } from '../../../test/credit.js';
import { registerDevice, uniqueMac } from '../../../test/devices.js';
import { multipart } from '../../../test/uploads.js';

let t: TestApp;
let admin: string;
let apps: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 10_000);
  apps = await applicationIds(t);
});
afterAll(() => t.close());

type Page = ExpiringDevicesAnswer['data'];

const expiring = (token: string, query: Record<string, string | number> = {}, lang?: string) =>
  t.call({ method: 'GET', url: '/api/expiring-devices', token, lang, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

function pageOf(res: LightMyRequestResponse): Page {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ExpiringDevicesAnswer>().data;
}

async function fundedReseller(parent?: TestUser): Promise<TestUser> {
  const r = await createReseller(t, { applications: apps.slice(0, 2), parent });
  expect((await recharge(t, admin, { email: r.email, points: 100 })).statusCode).toBe(200);
  return r;
}

/** Activates the MAC in one app as `user` does on the activation screen, with a remark. */
async function activate(user: TestUser, mac: string, appId: number, options: { pkg?: ActivationPackage; comment?: string } = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/api/bulk-multi-app-activate',
    token: user.token,
    payload: {
      requestData: {
        is_trial: PACKAGE_TRIAL_CODES[options.pkg ?? '1-Year'],
        macAddress: mac,
        app_ids: [appId],
        isConfirmed: true,
        ...(options.comment !== undefined ? { comment: options.comment } : {}),
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A device registered by the player and activated by `user`, its expiry then moved to `hours`
 * from now (the activation gave it a year): the list is about when paid time ends, not how.
 */
async function device(user: TestUser, hours: number, options: { pkg?: ActivationPackage; comment?: string; appId?: number } = {}) {
  const mac = uniqueMac();
  const appId = options.appId ?? apps[0]!;
  await registerDevice(t, { appId, mac });
  await activate(user, mac, appId, options);
  if (options.pkg !== 'Lifetime') {
    await t.database.db.execute(
      sql`update devices set expire_date = now() + make_interval(secs => ${hours * 3600}) where mac_address = ${mac} and application_id = ${appId}`,
    );
  }
  return mac;
}

const macs = (page: Page) => page.data.map((row) => row.mac_address);

describe('GET /api/expiring-devices', () => {
  let parent: TestUser;
  let child: TestUser;
  let stranger: TestUser;
  const m: Record<string, string> = {};

  beforeAll(async () => {
    parent = await fundedReseller();
    child = await fundedReseller(parent);
    stranger = await fundedReseller();
    // Created out of expiry order: the answer's order must come from the expiries.
    m.p20 = await device(parent, 20 * 24 - 1, { comment: 'shop window' });
    m.p3 = await device(parent, 3 * 24 - 1, { comment: 'first year' });
    m.p100 = await device(parent, 100 * 24 - 1);
    m.c10 = await device(child, 10 * 24 - 1, { comment: 'child box', appId: apps[1]! });
    m.s5 = await device(stranger, 5 * 24 - 1, { comment: 'stranger box' });
    m.lifetime = await device(parent, 0, { pkg: 'Lifetime' });
    m.disabled = await device(parent, 5 * 24);
    await t.database.db.execute(sql`update devices set disabled_at = now() where mac_address = ${m.disabled}`);
    m.expired = await device(parent, -1);
    // A second activation of p3 (renewed, then moved back to 3 days): its latest remark is shown.
    await activate(parent, m.p3, apps[0]!, { comment: 'renewed by phone' });
    await t.database.db.execute(sql`update devices set expire_date = now() + interval '71 hours' where mac_address = ${m.p3}`);
    // A device whose latest activation carries no remark shows none, whatever the earlier one said.
    m.p25 = await device(parent, 25 * 24, { comment: 'old remark' });
    await activate(parent, m.p25, apps[0]!);
    await t.database.db.execute(sql`update devices set expire_date = now() + interval '25 days' where mac_address = ${m.p25}`);
  });

  it("lists a reseller's own and its sub-resellers' devices ending within the days, soonest first, with their fields", async () => {
    const page = pageOf(await expiring(parent.token, { within_days: 30 }));
    expect(macs(page)).toEqual([m.p3, m.c10, m.p20, m.p25]);
    expect(page).toMatchObject({ within_days: 30, current_page: 1, last_page: 1, total: 4, total_capped: false });
    const [first, second] = page.data;
    expect(first).toEqual({
      id: expect.any(Number),
      mac_address: m.p3,
      app_id: apps[0],
      app: 'IBOPLAYER',
      expire_date: expect.any(String),
      reseller_id: parent.id,
      reseller_email: parent.email,
      remark: 'renewed by phone',
    });
    const hoursLeft = (Date.parse(first!.expire_date) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(70);
    expect(hoursLeft).toBeLessThan(72);
    expect(second).toMatchObject({ mac_address: m.c10, app: 'BOBPLAYER', reseller_email: child.email, remark: 'child box' });
    expect(page.data[3]).toMatchObject({ mac_address: m.p25, remark: null });
  });

  it('never lists lifetime, disabled or already expired devices, nor those ending beyond the days', async () => {
    const all = macs(pageOf(await expiring(parent.token, { within_days: 400 })));
    expect(all).toEqual([m.p3, m.c10, m.p20, m.p25, m.p100]);
    for (const excluded of [m.lifetime, m.disabled, m.expired, m.s5]) expect(all).not.toContain(excluded);
    expect(macs(pageOf(await expiring(parent.token, { within_days: 7 })))).toEqual([m.p3]);
    expect(macs(pageOf(await expiring(parent.token, { within_days: 1 })))).toEqual([]);
  });

  it("shows a sub-reseller only its own devices, and no reseller another's", async () => {
    expect(macs(pageOf(await expiring(child.token, { within_days: 400 })))).toEqual([m.c10]);
    expect(macs(pageOf(await expiring(stranger.token, { within_days: 400 })))).toEqual([m.s5]);
  });

  it("shows an admin every reseller's devices", async () => {
    const page = pageOf(await expiring(admin, { within_days: 30 }));
    expect(macs(page)).toEqual([m.p3, m.s5, m.c10, m.p20, m.p25]);
  });

  it('pages soonest first without overlap and counts the total', async () => {
    const first = pageOf(await expiring(parent.token, { within_days: 400, page_number: 1, page_size: 2 }));
    const second = pageOf(await expiring(parent.token, { within_days: 400, page_number: 2, page_size: 2 }));
    const third = pageOf(await expiring(parent.token, { within_days: 400, page_number: 3, page_size: 2 }));
    expect(macs(first)).toEqual([m.p3, m.c10]);
    expect(macs(second)).toEqual([m.p20, m.p25]);
    expect(macs(third)).toEqual([m.p100]);
    for (const page of [first, second, third]) expect(page).toMatchObject({ total: 5, last_page: 3, total_capped: false });
    const beyond = pageOf(await expiring(parent.token, { within_days: 400, page_number: 9, page_size: 2 }));
    expect(beyond).toMatchObject({ data: [], total: 5, current_page: 9 });
  });

  it('serves at most 100 rows a page whatever the client asks', async () => {
    const page = pageOf(await expiring(parent.token, { page_size: 5000 }));
    expect(page.last_page).toBe(1);
  });

  it('takes 1 and 400 days, and 30 when the days are missing or empty', async () => {
    expect(pageOf(await expiring(parent.token, { within_days: 1 })).within_days).toBe(1);
    expect(pageOf(await expiring(parent.token, { within_days: 400 })).within_days).toBe(400);
    const missing = pageOf(await expiring(parent.token));
    expect(missing.within_days).toBe(30);
    expect(macs(missing)).toEqual([m.p3, m.c10, m.p20, m.p25]);
    expect(pageOf(await expiring(parent.token, { within_days: '', page_number: '', page_size: '' })).within_days).toBe(30);
  });

  it.each([0, 401, -5, 1.5, 'abc', '7days', 1e9])('refuses %s days with a field message', async (value) => {
    const res = await expiring(parent.token, { within_days: value });
    expectFieldErrors(res, { within_days: ['The number of days must be a whole number from 1 to 400.'] });
  });

  it("words the refusal in the caller's language", async () => {
    const res = await expiring(parent.token, { within_days: 0 }, 'ar-EG');
    expectFieldErrors(res, { within_days: [translate('ar', 'validation.withinDays')] });
  });

  it('is described in the OpenAPI document with its permission and its days', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { description?: string; parameters?: { name: string; in: string }[] } }>;
    }>();
    const get = doc.paths['/api/expiring-devices']?.get;
    expect(get?.description).toContain('`platform-users list`');
    expect(get?.parameters?.filter((p) => p.in === 'query').map((p) => p.name).sort()).toEqual(['page_number', 'page_size', 'within_days']);
  });

  it("refuses a caller without the activated apps list's permission, and one not signed in", async () => {
    const clerk = await createVerifiedUser(t, { permissions: ['multi apps activation', 'reseller-list'] });
    expectError(await expiring(clerk.token, { within_days: 30 }), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'GET', url: '/api/expiring-devices' }), 401, 'C10002');
  });

  it('lists for a caller holding only that permission the devices it activated (none here)', async () => {
    const viewer = await createVerifiedUser(t, { permissions: ['platform-users list'] });
    expect(pageOf(await expiring(viewer.token, { within_days: 400 })).data).toEqual([]);
  });
});

describe('renewing from Renewals due', () => {
  /** The file the screen sends for the picked rows: one row per device, its app, a year, its remark. */
  const renewalFile = (rows: Page['data']) =>
    Buffer.from(
      `\uFEFFmac_address,apps,package,comment\r\n${rows.map((r) => `${r.mac_address},${r.app},1-year,${r.remark ?? ''}`).join('\r\n')}\r\n`,
      'utf8',
    );
  const bulk = async (token: string, file: Buffer, dryRun: boolean) => {
    const { payload, headers } = await multipart([
      { name: 'dry_run', value: String(dryRun) },
      { name: 'file', file, filename: 'renewals.csv', type: 'text/csv' },
    ]);
    const res = await t.call({ method: 'POST', url: '/api/bulk-activations', token, payload, headers: { ...headers, 'request-id': `renew-${Math.random()}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BulkActivationAnswer>().data;
  };

  it('takes a renewed device off the list, a year later, with its remark kept', async () => {
    const reseller = await fundedReseller();
    const soon = await device(reseller, 2 * 24, { comment: 'flat 4' });
    const later = await device(reseller, 6 * 24);
    const due = pageOf(await expiring(reseller.token, { within_days: 7 })).data;
    expect(due.map((r) => r.mac_address)).toEqual([soon, later]);

    const dry = await bulk(reseller.token, renewalFile(due.slice(0, 1)), true);
    expect(dry).toMatchObject({ activated: 1, failed: 0, total_cost: 1 });
    expect(macs(pageOf(await expiring(reseller.token, { within_days: 7 })))).toEqual([soon, later]);

    const done = await bulk(reseller.token, renewalFile(due.slice(0, 1)), false);
    expect(done).toMatchObject({ activated: 1, failed: 0, total_cost: 1 });
    expect(macs(pageOf(await expiring(reseller.token, { within_days: 7 })))).toEqual([later]);
    const renewed = pageOf(await expiring(reseller.token, { within_days: 400 })).data.find((r) => r.mac_address === soon)!;
    expect(renewed.remark).toBe('flat 4');
    // A still-running device is extended from its current expiry.
    const daysLeft = (Date.parse(renewed.expire_date) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(366);
    expect(daysLeft).toBeLessThan(368.5);
  });
});
