import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { LIFETIME_EXPIRY, translate, type Permission } from '@panel/contract';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, createVerifiedUser, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, creditSnapshot, expectLedgerInvariant, fundedAdmin, recharge } from '../../../test/credit.js';
import { deviceRow as storedDevice, registerDevice, uniqueMac } from '../../../test/devices.js';
import { splitCost } from './activation.service.js';

let t: TestApp;
let admin: string;
let adminId: number;
let apps: number[];
let appNames: Map<number, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 100_000);
  const [row] = await rows<{ id: number }>(t, sql`select id from users where email = ${ADMIN_EMAIL}`);
  adminId = row!.id;
  apps = await applicationIds(t);
  appNames = new Map((await rows<{ id: number; app_name: string }>(t, sql`select id, app_name from applications`)).map((a) => [a.id, a.app_name]));
});
afterAll(() => t.close());

const YEAR_1 = 3;
const LIFETIME = 2;

/** A reseller allowed the first four applications (or `applications`), holding `points`. */
async function fundedReseller(points: number, options: { parent?: TestUser; applications?: number[] } = {}): Promise<TestUser> {
  const r = await createReseller(t, { applications: options.applications ?? apps.slice(0, 4), parent: options.parent });
  if (points > 0) expect((await recharge(t, admin, { email: r.email, points })).statusCode).toBe(200);
  return r;
}

/**
 * A signed-in account in a role of its own holding only `permissions`, allowed `applications`
 * (set directly: staff roles have no add-reseller form) and holding `points`.
 */
async function staff(permissions: readonly Permission[], applications: number[] = [], points = 0): Promise<TestUser> {
  const user = await createVerifiedUser(t, { permissions });
  for (const id of applications) await t.database.db.execute(sql`insert into reseller_applications (user_id, application_id) values (${user.id}, ${id})`);
  if (points > 0) expect((await recharge(t, admin, { email: user.email, points })).statusCode).toBe(200);
  return user;
}

/** The stored device, its times as dates whichever driver read them (PGlite answers raw rows' times as text). */
async function deviceRow(appId: number, mac: string) {
  const row = await storedDevice(t, appId, mac);
  return row && { ...row, id: Number(row.id), expire_date: new Date(row.expire_date) };
}

/** One MAC registered by the player in each of these applications. */
async function registered(appIds: number[], mac = uniqueMac()): Promise<string> {
  for (const appId of appIds) await registerDevice(t, { appId, mac });
  return mac;
}

const check = (token: string, macAddress: unknown, appIds: unknown, lang?: string) =>
  t.call({ method: 'POST', url: '/api/check-device-status-multi-app', token, lang, payload: { macAddress, app_id: appIds } });

type ActivateOptions = {
  mac: string;
  appIds: number[];
  pkg?: number;
  comment?: string | null;
  email?: string | null;
  creditPoints?: number | null;
  isConfirmed?: boolean | number | string;
  headers?: Record<string, string>;
  lang?: string;
};
const activate = (token: string, o: ActivateOptions) =>
  t.call({
    method: 'POST',
    url: '/api/bulk-multi-app-activate',
    token,
    headers: o.headers,
    lang: o.lang,
    payload: {
      modules: o.appIds.map((id) => appNames.get(id) ?? 'x'),
      requestData: {
        is_trial: o.pkg ?? YEAR_1,
        macAddress: o.mac,
        appType: 'multi-app',
        ...(o.email !== undefined ? { email: o.email } : {}),
        ...(o.creditPoints !== undefined ? { creditPoints: o.creditPoints } : {}),
        isConfirmed: o.isConfirmed ?? true,
        ...(o.comment !== undefined ? { comment: o.comment } : {}),
        app_ids: o.appIds,
      },
    },
  });

async function activated(token: string, o: ActivateOptions) {
  const res = await activate(token, o);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ activated: boolean; credit_points: number; credit_point: number; msg: string; activated_devices: Record<string, unknown>[] }>();
}

/** Balances, ledger, devices and activation rows: compared before and after a refused request. */
async function snapshot() {
  return {
    credit: await creditSnapshot(t),
    devices: await rows(t, sql`select id, expire_date, lifetime, is_trial, activated_by, activated_at from devices order by id`),
    activations: await rows(t, sql`select id, comment from activations order by id`),
  };
}

async function refusedWithoutChange(send: () => Promise<LightMyRequestResponse>) {
  const before = await snapshot();
  const res = await send();
  expect(await snapshot()).toEqual(before);
  return res;
}

async function activationRows(mac: string) {
  return rows<{
    id: number;
    device_id: number;
    application_id: number;
    mac_address: string;
    reseller_id: number;
    ledger_id: number;
    package: string;
    credit_point: number;
    box_expiry_date: Date;
    comment: string | null;
    activated_from: string;
  }>(t, sql`select * from activations where mac_address = ${mac} order by id`).then((found) =>
    found.map((row) => ({ ...row, id: Number(row.id), ledger_id: Number(row.ledger_id), device_id: Number(row.device_id), box_expiry_date: new Date(row.box_expiry_date) })),
  );
}

const lastLedgerRow = async () =>
  (await rows<{ id: number; tr_type: string; credit_point: string | number; debitor_id: number; creditor_id: number | null; reason: string }>(
    t,
    sql`select * from credit_ledger order by id desc limit 1`,
  ))[0]!;

const plusYear = (date: Date) => {
  const d = new Date(date.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
};

describe('splitCost', () => {
  it('spreads a cost over the rows so that they add up to it', () => {
    expect(splitCost(1, 1)).toEqual([1]);
    expect(splitCost(2, 3)).toEqual([1, 1, 0]);
    expect(splitCost(2, 2)).toEqual([1, 1]);
    expect(splitCost(4, 3)).toEqual([2, 1, 1]);
    expect(splitCost(4, 4)).toEqual([1, 1, 1, 1]);
  });
});

describe('POST /api/check-device-status-multi-app', () => {
  it('answers trial, active, expired, disabled and lifeTime per app, with the expiry', async () => {
    const r = await fundedReseller(20);
    const mac = await registered(apps.slice(0, 4));
    await activated(r.token, { mac, appIds: [apps[1]!] });
    await activated(r.token, { mac, appIds: [apps[3]!], pkg: LIFETIME });
    // Test shortcuts for states other calls produce: an expired trial, a disabled device.
    await t.database.db.execute(sql`update devices set expire_date = now() - interval '1 day' where mac_address = ${mac} and application_id = ${apps[2]!}`);
    const res = await check(r.token, mac, apps.slice(0, 4));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ status: boolean; data: { responseDataArray: Record<string, { status: string; message: string; expire_date: string | null }> } }>();
    const byApp = answer.data.responseDataArray;
    const trial = (await deviceRow(apps[0]!, mac))!;
    const active = (await deviceRow(apps[1]!, mac))!;
    const expired = (await deviceRow(apps[2]!, mac))!;
    expect(byApp[apps[0]!]).toEqual({
      status: 'trial',
      message: translate('en', 'activation.check.trial'),
      expire_date: trial.expire_date.toISOString(),
    });
    expect(byApp[apps[1]!]).toEqual({
      status: 'active',
      message: translate('en', 'activation.check.active'),
      expire_date: active.expire_date.toISOString(),
    });
    expect(byApp[apps[2]!]).toMatchObject({ status: 'expired', expire_date: expired.expire_date.toISOString() });
    expect(byApp[apps[3]!]).toEqual({ status: 'lifeTime', message: translate('en', 'activation.check.lifeTime'), expire_date: LIFETIME_EXPIRY });

    await t.database.db.execute(sql`update devices set disabled_at = now() where mac_address = ${mac} and application_id = ${apps[0]!}`);
    const after = (await check(r.token, mac, [apps[0]!])).json<typeof answer>().data.responseDataArray;
    expect(after[apps[0]!]).toMatchObject({ status: 'disabled', message: translate('en', 'activation.check.disabled') });
  });

  it('answers error for an app not allowed, a device never registered there, and a hidden app', async () => {
    const r = await fundedReseller(0);
    const hiddenApp = await createApplication();
    await allowApplication(r.id, hiddenApp);
    const mac = await registered([apps[0]!, apps[5]!, hiddenApp]);
    await t.call({ method: 'PUT', url: `/api/applications/${hiddenApp}/visibility`, token: admin, payload: { hidden: true } });
    const res = await check(r.token, mac, [apps[5]!, apps[1]!, hiddenApp, apps[0]!]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.responseDataArray).toEqual({
      [apps[5]!]: { status: 'error', message: translate('en', 'activation.check.notAllowed'), expire_date: null },
      [apps[1]!]: { status: 'error', message: 'Device not found in the selected application. Ask the customer to open the app on the device once, then try again.', expire_date: null },
      [hiddenApp]: { status: 'error', message: translate('en', 'activation.check.hidden'), expire_date: null },
      [apps[0]!]: expect.objectContaining({ status: 'trial' }),
    });
  });

  it('lets an admin check every visible application', async () => {
    const mac = await registered([apps[6]!, apps[7]!]);
    const res = await check(admin, mac, [apps[6]!, apps[7]!]);
    expect(Object.values(res.json<{ data: { responseDataArray: Record<string, { status: string }> } }>().data.responseDataArray).map((c) => c.status)).toEqual([
      'trial',
      'trial',
    ]);
  });

  it('accepts the MAC in any case and with dashes or colons, and answers in Arabic', async () => {
    const r = await fundedReseller(0);
    const mac = await registered([apps[0]!]);
    for (const shape of [mac, mac.toUpperCase(), mac.replace(/:/g, '-'), mac.toUpperCase().replace(/:/g, '-'), `  ${mac}  `]) {
      const res = await check(r.token, shape, [apps[0]!]);
      expect(res.json().data.responseDataArray[apps[0]!].status, shape).toBe('trial');
    }
    const arabic = await check(r.token, mac, [apps[5]!], 'ar-EG');
    expect(arabic.json().data.responseDataArray[apps[5]!].message).toBe(translate('ar', 'activation.check.notAllowed'));
  });

  it.each([
    ['a malformed MAC', 'ab:cd:ef:01:02', [1], { macAddress: ['Invalid MAC address format'] }],
    ['a MAC with other separators', 'ab.cd.ef.01.02.03', [1], { macAddress: ['Invalid MAC address format'] }],
    ['a MAC of mixed separators and bad pairs', 'abc:d:ef:01:02:03', [1], { macAddress: ['Invalid MAC address format'] }],
    ['an empty MAC', '', [1], { macAddress: ['Please enter a MAC address'] }],
    ['no apps', 'ab:cd:ef:01:02:03', [], { app_id: ['Please select at least one app'] }],
    ['five apps', 'ab:cd:ef:01:02:03', [1, 2, 3, 4, 5], { app_id: ['You already selected 4 apps'] }],
    ['the same app twice', 'ab:cd:ef:01:02:03', [1, 1], { app_id: [translate('en', 'validation.duplicateApps')] }],
  ])('refuses %s with 422', async (_name, mac, appIds, errors) => {
    expectFieldErrors(await check(admin, mac, appIds), errors);
  });

  it('refuses a caller without the permission and one not signed in', async () => {
    const other = await staff(['transactions-logs'], [apps[0]!]);
    expectError(await check(other.token, 'ab:cd:ef:01:02:03', [apps[0]!]), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'POST', url: '/api/check-device-status-multi-app', payload: {} }), 401, 'C10002');
  });
});

async function createApplication(): Promise<number> {
  const [row] = await rows<{ id: number }>(
    t,
    sql`insert into applications (app_name) values (${`TESTAPP-${Math.random().toString(36).slice(2, 10)}`}) returning id`,
  );
  appNames.set(row!.id, 'test');
  return row!.id;
}
async function allowApplication(userId: number, appId: number) {
  await t.database.db.execute(sql`insert into reseller_applications (user_id, application_id) values (${userId}, ${appId})`);
}

describe('POST /api/bulk-multi-app-activate: what it costs and does', () => {
  it.each([
    ['one app for 1 year', [0], YEAR_1, 1],
    ['three apps for 1 year', [0, 1, 2], YEAR_1, 2],
    ['one app for life', [0], LIFETIME, 2],
    ['four apps for life', [0, 1, 2, 3], LIFETIME, 4],
  ])('charges %s once, in one ledger row that the activation rows add up to', async (_name, indexes, pkg, cost) => {
    const r = await fundedReseller(10);
    const appIds = indexes.map((i) => apps[i]!);
    const mac = await registered(appIds);
    const answer = await activated(r.token, { mac, appIds, pkg, comment: 'first box' });
    expect(answer).toMatchObject({ status: true, activated: true, credit_points: cost, credit_point: 10 - cost });
    expect(answer.msg).toBe(translate('en', 'activation.activated', { count: appIds.length }));
    expect(await balanceOf(t, r.id)).toBe(10 - cost);

    const ledger = await lastLedgerRow();
    expect(ledger).toMatchObject({ tr_type: 'Activation', debitor_id: r.id, creditor_id: null, reason: 'activation' });
    expect(Number(ledger.credit_point)).toBe(cost);

    const saved = await activationRows(mac);
    expect(saved).toHaveLength(appIds.length);
    expect(saved.reduce((sum, row) => sum + row.credit_point, 0)).toBe(cost);
    expect(saved.map((row) => row.credit_point)).toEqual(splitCost(cost, appIds.length));
    const lifetime = pkg === LIFETIME;
    for (const [i, row] of saved.entries()) {
      const device = (await deviceRow(appIds[i]!, mac))!;
      expect(row).toMatchObject({
        application_id: appIds[i],
        device_id: device.id,
        mac_address: mac,
        reseller_id: r.id,
        ledger_id: Number(ledger.id),
        package: lifetime ? 'Lifetime' : '1-Year',
        comment: 'first box',
        activated_from: 'multi-app',
      });
      expect(row.box_expiry_date).toEqual(device.expire_date);
      expect(device).toMatchObject({ is_trial: 0, activated_by: r.id, lifetime });
      if (lifetime) expect(device.expire_date.toISOString()).toBe(LIFETIME_EXPIRY);
      expect(answer.activated_devices[i]).toEqual({
        mac_address: mac,
        expire_date: device.expire_date.toISOString(),
        module: appNames.get(appIds[i]!),
        is_lifetime: lifetime,
        activation_id: Number(row.id),
        undo_until: expect.any(String),
      });
    }
    await expectLedgerInvariant(t);
  });

  it('extends 1 year from the current expiry while the device is active, else from today', async () => {
    const r = await fundedReseller(10);
    const mac = await registered([apps[0]!, apps[1]!]);
    // apps[0]: on its trial, still active; apps[1]: its trial ran out 3 days ago.
    await t.database.db.execute(sql`update devices set expire_date = now() - interval '3 days' where mac_address = ${mac} and application_id = ${apps[1]!}`);
    const trialEnd = (await deviceRow(apps[0]!, mac))!.expire_date;
    const before = Date.now();
    await activated(r.token, { mac, appIds: [apps[0]!, apps[1]!] });
    const after = Date.now();
    const first = (await deviceRow(apps[0]!, mac))!.expire_date;
    expect(first).toEqual(plusYear(trialEnd));
    const second = (await deviceRow(apps[1]!, mac))!.expire_date.getTime();
    expect(second).toBeGreaterThanOrEqual(plusYear(new Date(before)).getTime());
    expect(second).toBeLessThanOrEqual(plusYear(new Date(after)).getTime());

    // A second year on top of the first.
    await activated(r.token, { mac, appIds: [apps[0]!] });
    expect((await deviceRow(apps[0]!, mac))!.expire_date).toEqual(plusYear(plusYear(trialEnd)));
  });

  it('refuses an activation the reseller cannot pay (INSUFFICIENT_CREDIT) and changes nothing', async () => {
    const r = await fundedReseller(1);
    const mac = await registered([apps[0]!, apps[1]!, apps[2]!]);
    const res = await refusedWithoutChange(() => activate(r.token, { mac, appIds: [apps[0]!, apps[1]!, apps[2]!] }));
    expectError(res, 422, 'INSUFFICIENT_CREDIT', translate('en', 'errors.insufficientCredit'));
    const lifetime = await refusedWithoutChange(() => activate(r.token, { mac, appIds: [apps[0]!], pkg: LIFETIME }));
    expectError(lifetime, 422, 'INSUFFICIENT_CREDIT');
    expect(await balanceOf(t, r.id)).toBe(1);
  });

  it.each([
    ['an app the reseller may not activate', 'notAllowed'],
    ['an app the device never registered in', 'notRegistered'],
    ['a disabled device', 'disabled'],
    ['a device with a lifetime activation', 'lifeTime'],
  ])('refuses a request naming %s whole, with the reason per app, and charges nothing', async (_name, reason) => {
    const r = await fundedReseller(10);
    const mac = await registered([apps[0]!, apps[1]!, apps[5]!]);
    let blocked = apps[1]!;
    if (reason === 'notAllowed') blocked = apps[5]!;
    if (reason === 'notRegistered') blocked = apps[2]!;
    if (reason === 'disabled') await t.database.db.execute(sql`update devices set disabled_at = now() where mac_address = ${mac} and application_id = ${blocked}`);
    if (reason === 'lifeTime') await activated(r.token, { mac, appIds: [blocked], pkg: LIFETIME });
    const res = await refusedWithoutChange(() => activate(r.token, { mac, appIds: [apps[0]!, blocked] }));
    const body = expectError(res, 422, 'ACTIVATION_REFUSED', translate('en', 'errors.activationRefused'));
    expect(body.errors).toEqual({ [`app_ids.${blocked}`]: [translate('en', `activation.check.${reason}`)] });
    expect((await deviceRow(apps[0]!, mac))!.is_trial).toBe(1);
  });

  it('answers the price only when isConfirmed is false, and changes nothing', async () => {
    const r = await fundedReseller(7);
    const mac = await registered([apps[0]!, apps[1]!]);
    for (const isConfirmed of [false, 0, 'false']) {
      const res = await refusedWithoutChange(() => activate(r.token, { mac, appIds: [apps[0]!, apps[1]!], pkg: LIFETIME, isConfirmed }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        status: true,
        msg: translate('en', 'activation.price', { count: 4 }),
        activated: false,
        credit_points: 4,
        credit_point: 7,
        activated_devices: [],
        successful_count: 0,
        failed_activations: [],
      });
    }
    // Even the price is refused for a request that could not be activated.
    const blocked = await refusedWithoutChange(() => activate(r.token, { mac, appIds: [apps[2]!], isConfirmed: false }));
    expectError(blocked, 422, 'ACTIVATION_REFUSED');
  });

  it('refuses a confirmation showing another price (PRICE_CHANGED) and accepts the right one', async () => {
    const r = await fundedReseller(7);
    const mac = await registered([apps[0]!, apps[1]!, apps[2]!]);
    const res = await refusedWithoutChange(() => activate(r.token, { mac, appIds: [apps[0]!, apps[1]!, apps[2]!], creditPoints: 1 }));
    expectError(res, 409, 'PRICE_CHANGED', translate('en', 'errors.priceChanged', { count: 2, shown: 1 }));
    expect((await activated(r.token, { mac, appIds: [apps[0]!, apps[1]!, apps[2]!], creditPoints: 2 })).credit_point).toBe(5);
  });

  it("accepts the caller's own e-mail in any case and refuses another's", async () => {
    const r = await fundedReseller(5);
    const other = await fundedReseller(5);
    const mac = await registered([apps[0]!]);
    const res = await refusedWithoutChange(() => activate(r.token, { mac, appIds: [apps[0]!], email: other.email }));
    expectFieldErrors(res, { email: [translate('en', 'activation.emailNotOwn')] });
    expect((await activated(r.token, { mac, appIds: [apps[0]!], email: r.email.toUpperCase() })).credit_point).toBe(4);
    expect(await balanceOf(t, other.id)).toBe(5);
  });

  it("keeps the remarks only for a caller with 'multi apps activation-remarks'", async () => {
    const plain = await staff(['multi apps activation'], [apps[0]!], 5);
    const mac = await registered([apps[0]!]);
    await activated(plain.token, { mac, appIds: [apps[0]!], comment: 'ignored' });
    expect((await activationRows(mac))[0]!.comment).toBeNull();
    const r = await fundedReseller(5);
    await activated(r.token, { mac, appIds: [apps[0]!], comment: '  kept  ' });
    expect((await activationRows(mac))[1]!.comment).toBe('kept');
  });

  it('refuses a caller with no application to activate (NO_APPS_TO_ACTIVATE)', async () => {
    const none = await staff(['multi apps activation'], [], 5);
    const mac = await registered([apps[0]!]);
    const res = await refusedWithoutChange(() => activate(none.token, { mac, appIds: [apps[0]!] }));
    expectError(res, 422, 'NO_APPS_TO_ACTIVATE', 'No available applications to activate');
    const price = await refusedWithoutChange(() => activate(none.token, { mac, appIds: [apps[0]!], isConfirmed: false }));
    expectError(price, 422, 'NO_APPS_TO_ACTIVATE');
  });

  it('lets an admin activate any visible application out of its own balance', async () => {
    const mac = await registered([apps[6]!]);
    const before = await balanceOf(t, adminId);
    const answer = await activated(admin, { mac, appIds: [apps[6]!] });
    expect(answer.credit_point).toBe(before - 1);
    expect((await deviceRow(apps[6]!, mac))!.activated_by).toBe(adminId);
  });

  it('answers a repeated request-id with the first answer and charges once', async () => {
    const r = await fundedReseller(5);
    const mac = await registered([apps[0]!]);
    const headers = { 'request-id': `activate-${r.id}` };
    const first = await activate(r.token, { mac, appIds: [apps[0]!], headers });
    expect(first.statusCode, first.body).toBe(200);
    const again = await refusedWithoutChange(() => activate(r.token, { mac, appIds: [apps[0]!], headers }));
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(t, r.id)).toBe(4);
    const other = await refusedWithoutChange(() => activate(r.token, { mac, appIds: [apps[0]!], pkg: LIFETIME, headers }));
    expectError(other, 409, 'CONFLICT', translate('en', 'credit.requestIdReused'));
    const bad = await refusedWithoutChange(() => activate(r.token, { mac, appIds: [apps[0]!], headers: { 'request-id': 'has space' } }));
    expectFieldErrors(bad, { 'request-id': [translate('en', 'validation.requestId')] });
  });

  it('answers refusals in Arabic', async () => {
    const r = await fundedReseller(0);
    const mac = await registered([apps[0]!]);
    const res = await activate(r.token, { mac, appIds: [apps[0]!], lang: 'ar-EG' });
    expectError(res, 422, 'INSUFFICIENT_CREDIT', translate('ar', 'errors.insufficientCredit'));
  });
});

describe('POST /api/bulk-multi-app-activate: bad input', () => {
  const body = (requestData: Record<string, unknown>) => ({ requestData: { is_trial: YEAR_1, macAddress: 'ab:cd:ef:01:02:03', app_ids: [1], ...requestData } });
  it.each([
    ['no package', { is_trial: undefined }, 'is_trial'],
    ['an unknown package code', { is_trial: 5 }, 'is_trial'],
    ['a package code that is no number', { is_trial: 'year' }, 'is_trial'],
    ['a malformed MAC', { macAddress: '01:02:03' }, 'macAddress'],
    ['a MAC of non-alphanumerics', { macAddress: 'a!:cd:ef:01:02:03' }, 'macAddress'],
    ['no MAC', { macAddress: undefined }, 'macAddress'],
    ['no apps', { app_ids: [] }, 'app_ids'],
    ['five apps', { app_ids: [1, 2, 3, 4, 5] }, 'app_ids'],
    ['an app twice', { app_ids: [2, 2] }, 'app_ids'],
    ['an app id that is no id', { app_ids: ['x'] }, 'app_ids.0'],
    ['remarks longer than 255 characters', { comment: 'x'.repeat(256) }, 'comment'],
    ['another appType', { appType: 'single' }, 'appType'],
    ['a shown price that is no number', { creditPoints: 'two' }, 'creditPoints'],
  ])('refuses %s with 422 on that field and changes nothing', async (_name, fields, field) => {
    const r = await fundedReseller(5);
    const res = await refusedWithoutChange(() => t.call({ method: 'POST', url: '/api/bulk-multi-app-activate', token: r.token, payload: body(fields) }));
    const errors = expectError(res, 422, 'VALIDATION').errors as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual([field]);
  });

  it('words the MAC, app and package failures as the specification does', async () => {
    const res = await t.call({ method: 'POST', url: '/api/bulk-multi-app-activate', token: admin, payload: body({ macAddress: 'zz', app_ids: [], is_trial: 9 }) });
    expectFieldErrors(res, {
      macAddress: ['Invalid MAC address format'],
      app_ids: ['Please select at least one app'],
      is_trial: [translate('en', 'validation.packageRequired')],
    });
  });

  it('refuses a caller without the permission and changes nothing', async () => {
    const other = await staff(['platform-users list'], [apps[0]!], 5);
    const mac = await registered([apps[0]!]);
    expectError(await refusedWithoutChange(() => activate(other.token, { mac, appIds: [apps[0]!] })), 403, 'FORBIDDEN');
  });
});

// ---------------------------------------------------------------------------------------------
// Lists, logs, remarks and the dashboard chart
// ---------------------------------------------------------------------------------------------

type Record_ = {
  id: number;
  module: string;
  app_id: number;
  mac_address: string;
  reseller_id: number;
  reseller_detail: { email: string };
  package: string;
  box_expiry_date: string;
  is_lifetime: boolean;
  credit_point: number;
  comment: string | null;
  activated_from: string;
  created_at: string;
};
type Page = { data: Record_[]; current_page: number; last_page: number; total: number; total_capped: boolean };

const appsList = (token: string, requestData: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url: '/api/activated-apps-list', token, payload: { requestData } });
const logs = (token: string, payload: Record<string, unknown> = {}) => t.call({ method: 'POST', url: '/api/activation-logs', token, payload });

async function pageOf(res: LightMyRequestResponse): Promise<Page> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Page }>().data;
}

describe('activated apps list, activation logs and remarks', () => {
  let parent: TestUser;
  let child: TestUser;
  let stranger: TestUser;
  let parentMac: string;
  let childMac: string;
  let strangerMac: string;

  beforeAll(async () => {
    parent = await fundedReseller(50);
    child = await fundedReseller(50, { parent });
    stranger = await fundedReseller(50);
    parentMac = await registered([apps[0]!, apps[1]!]);
    childMac = await registered([apps[0]!]);
    strangerMac = await registered([apps[2]!]);
    await activated(parent.token, { mac: parentMac, appIds: [apps[0]!, apps[1]!], comment: 'shop window' });
    await activated(child.token, { mac: childMac.toUpperCase().replace(/:/g, '-'), appIds: [apps[0]!], pkg: LIFETIME, comment: 'child box' });
    await activated(stranger.token, { mac: strangerMac, appIds: [apps[2]!], comment: 'stranger box' });
  });

  it("shows a reseller its own and its sub-resellers' activations, newest first, with the record's fields", async () => {
    const page = await pageOf(await appsList(parent.token));
    expect(page.data.map((r) => r.mac_address)).toEqual([childMac, parentMac, parentMac]);
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 3, total_capped: false });
    const [row] = await rows<{ id: number }>(t, sql`select id from activations where mac_address = ${childMac}`);
    expect(page.data[0]).toEqual({
      id: Number(row!.id),
      module: appNames.get(apps[0]!),
      app_id: apps[0],
      mac_address: childMac,
      reseller_id: child.id,
      reseller_detail: { email: child.email },
      package: 'Lifetime',
      box_expiry_date: LIFETIME_EXPIRY,
      is_lifetime: true,
      credit_point: 2,
      comment: 'child box',
      activated_from: 'multi-app',
      created_at: expect.any(String),
      refunded_at: null,
      undo_until: expect.any(String),
    });
    expect((await pageOf(await appsList(child.token))).data.map((r) => r.mac_address)).toEqual([childMac]);
    const all = (await pageOf(await appsList(admin, { pageSize: 100 }))).data.map((r) => r.mac_address);
    expect(all).toEqual(expect.arrayContaining([childMac, parentMac, strangerMac]));
  });

  it('searches by the start of a MAC in any shape, and generally by part of a MAC, module, e-mail or remark; shorter keywords are ignored', async () => {
    const macs = async (requestData: Record<string, unknown>) => (await pageOf(await appsList(parent.token, requestData))).data.map((r) => r.mac_address);
    const tail = childMac.slice(-8);
    const head = childMac.slice(0, 11);
    expect(await macs({ search_type: 'mac', keyword: head.toUpperCase().replace(/:/g, '-') })).toEqual([childMac]);
    expect(await macs({ search_type: 'mac', keyword: tail })).toEqual([]);
    expect(await macs({ search_type: 'general', keyword: tail })).toEqual([childMac]);
    expect(await macs({ search_type: 'general', keyword: 'WINDOW' })).toEqual([parentMac, parentMac]);
    expect(await macs({ search_type: 'general', keyword: child.email.slice(0, 10) })).toEqual([childMac]);
    expect(await macs({ search_type: 'general', keyword: appNames.get(apps[1]!)!.toLowerCase() })).toEqual([parentMac]);
    expect(await macs({ search_type: 'mac', keyword: 'window' })).toEqual([]);
    expect(await macs({ search_type: 'general', keyword: 'zz' })).toHaveLength(3);
    expect(await macs({ keyword: '100%' })).toEqual([]);
    // Another reseller's rows stay out whatever is searched.
    expect(await macs({ search_type: 'mac', keyword: strangerMac })).toEqual([]);
  });

  it('filters by module (id or name) and by date range, the end date inclusive', async () => {
    const macs = async (requestData: Record<string, unknown>) => (await pageOf(await appsList(parent.token, requestData))).data.map((r) => r.mac_address);
    expect(await macs({ moduleType: apps[1] })).toEqual([parentMac]);
    expect(await macs({ moduleType: String(apps[0]) })).toEqual([childMac, parentMac]);
    expect(await macs({ moduleType: appNames.get(apps[0]!)!.toLowerCase() })).toEqual([childMac, parentMac]);
    expect(await macs({ moduleType: 'NO-SUCH-APP' })).toEqual([]);
    expect(await macs({ moduleType: '99999999999' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await macs({ start_date: today, end_date: today })).toHaveLength(3);
    expect(await macs({ end_date: '2020-01-01' })).toEqual([]);
    expect(await macs({ start_date: '2999-01-01' })).toEqual([]);
  });

  it('sorts by each key in both directions, and pages', async () => {
    for (const sortKey of ['created_at', 'id', 'mac_address', 'box_expiry_date', 'credit_point', 'module']) {
      const asc = (await pageOf(await appsList(parent.token, { sort_key: sortKey, sort_type: 'asc' }))).data.map((r) => r.id);
      const desc = (await pageOf(await appsList(parent.token, { sort_key: sortKey, sort_type: 'DESC' }))).data.map((r) => r.id);
      expect(asc, sortKey).toHaveLength(3);
      expect(desc, sortKey).toEqual([...asc].reverse());
    }
    const byMac = (await pageOf(await appsList(parent.token, { sort_key: 'mac_address', sort_type: 'asc' }))).data.map((r) => r.mac_address);
    expect(byMac).toEqual([...byMac].sort());
    const second = await pageOf(await appsList(parent.token, { pageNumber: 2, pageSize: 2 }));
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total: 3 });
    expect(second.data).toHaveLength(1);
    // A page past the end has no rows but still says how many there are.
    expect(await pageOf(await appsList(parent.token, { pageNumber: 9, pageSize: 2 }))).toMatchObject({ data: [], total: 3, last_page: 2 });
  });

  it.each([
    ['a range longer than 3 months', { start_date: '2024-01-01', end_date: '2024-06-01' }, 'end_date', 'validation.rangeTooLong'],
    ['an end before the start', { start_date: '2024-02-01', end_date: '2024-01-01' }, 'end_date', 'validation.endBeforeStart'],
    ['a date that is no date', { start_date: 'yesterday' }, 'start_date', 'validation.date'],
    ['an unknown sort key', { sort_key: 'password' }, 'sort_key', 'validation.invalid'],
    ['an unknown search type', { search_type: 'email' }, 'search_type', 'validation.invalid'],
  ])('refuses %s with 422', async (_name, fields, field, key) => {
    for (const res of [await appsList(parent.token, fields), await logs(parent.token, fields)]) {
      const errors = expectError(res, 422, 'VALIDATION').errors as Record<string, string[]>;
      expect(Object.keys(errors)).toEqual([field]);
      expect(errors[field]![0]).toBe(translate('en', key, { field: translate('en', `fields.${field}`) }));
    }
  });

  it('bounds the page size to 100', async () => {
    expect((await pageOf(await appsList(admin, { pageSize: 5000 }))).data.length).toBeLessThanOrEqual(100);
    expect((await pageOf(await logs(admin, { page_size: 5000 }))).data.length).toBeLessThanOrEqual(100);
  });

  it("shows activation logs in the caller's reach, searchable by mac_address, with remarks only for 'remarks-trans-logs'", async () => {
    const page = await pageOf(await logs(parent.token));
    expect(page.data.map((r) => r.mac_address)).toEqual([childMac, parentMac, parentMac]);
    expect(page.data.map((r) => r.comment)).toEqual(['child box', 'shop window', 'shop window']);
    expect((await pageOf(await logs(parent.token, { mac_address: childMac.slice(0, 11).toUpperCase() }))).data.map((r) => r.mac_address)).toEqual([childMac]);
    expect((await pageOf(await logs(parent.token, { search_type: 'mac', keyword: parentMac }))).total).toBe(2);

    const auditor = await staff(['transactions-logs']);
    // A staff account without sub-resellers reaches only itself: nothing to show, nothing leaked.
    expect((await pageOf(await logs(auditor.token))).total).toBe(0);
    const withRemarks = (await pageOf(await logs(admin, { search_type: 'mac', keyword: childMac }))).data;
    expect(withRemarks[0]!.comment).toBe('child box');
    const blind = await staff(['transactions-logs', 'multi apps activation'], [apps[0]!], 5);
    const mac = await registered([apps[0]!]);
    await activated(blind.token, { mac, appIds: [apps[0]!] });
    await t.database.db.execute(sql`update activations set comment = 'secret' where mac_address = ${mac}`);
    expect((await pageOf(await logs(blind.token))).data.map((r) => [r.mac_address, r.comment])).toEqual([[mac, null]]);
  });

  it('refuses the lists without their permission', async () => {
    const other = await staff(['multi apps activation']);
    expectError(await appsList(other.token), 403, 'FORBIDDEN');
    expectError(await logs(other.token), 403, 'FORBIDDEN');
  });

  describe('POST /api/update-comment', () => {
    const update = (token: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/update-comment', token, payload });
    const commentOf = async (id: number) => (await rows<{ comment: string | null }>(t, sql`select comment from activations where id = ${id}`))[0]!.comment;
    const idOf = async (mac: string) => Number((await rows<{ id: number }>(t, sql`select id from activations where mac_address = ${mac} order by id limit 1`))[0]!.id);

    it("edits the remark of its own or its sub-reseller's activation, and audits it", async () => {
      const own = await idOf(parentMac);
      const res = await update(parent.token, { id: own, comment: '  moved to hall  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: true, msg: translate('en', 'activation.commentUpdated') });
      expect(await commentOf(own)).toBe('moved to hall');
      const childRow = await idOf(childMac);
      expect((await update(parent.token, { id: String(childRow), comment: '' })).statusCode).toBe(200);
      expect(await commentOf(childRow)).toBeNull();
      const [entry] = await rows<{ action: string; actor_id: number }>(t, sql`select action, actor_id from audit_log where target_type = 'activation' and target_id = ${String(childRow)}`);
      expect(entry).toEqual({ action: 'activation.comment', actor_id: parent.id });
      expect((await update(parent.token, { id: childRow, comment: null })).statusCode).toBe(200);
    });

    it("answers 404 for another reseller's activation or an unknown id, and changes nothing", async () => {
      const theirs = await idOf(strangerMac);
      expectError(await update(parent.token, { id: theirs, comment: 'mine now' }), 404, 'NOT_FOUND');
      expectError(await update(child.token, { id: await idOf(parentMac), comment: 'up the tree' }), 404, 'NOT_FOUND');
      expectError(await update(parent.token, { id: 999_999, comment: 'x' }), 404, 'NOT_FOUND');
      expect(await commentOf(theirs)).toBe('stranger box');
    });

    it('refuses bad input and a caller without the permission', async () => {
      const own = await idOf(parentMac);
      const before = await commentOf(own);
      expect(Object.keys(expectError(await update(parent.token, { id: own, comment: 'x'.repeat(256) }), 422, 'VALIDATION').errors as object)).toEqual(['comment']);
      expect(Object.keys(expectError(await update(parent.token, { id: 'abc', comment: 'x' }), 422, 'VALIDATION').errors as object)).toEqual(['id']);
      expect(Object.keys(expectError(await update(parent.token, { id: own }), 422, 'VALIDATION').errors as object)).toEqual(['comment']);
      const other = await staff(['platform-users list']);
      expectError(await update(other.token, { id: own, comment: 'x' }), 403, 'FORBIDDEN');
      expect(await commentOf(own)).toBe(before);
    });
  });

  describe('GET /api/activation-log-dashboard', () => {
    const chart = async (token: string) => {
      const res = await t.call({ method: 'GET', url: '/api/activation-log-dashboard', token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { UserActiTranLogs: { name: string; value: number }[] } }>().data.UserActiTranLogs;
    };

    it('counts the activations in reach per allowed module over the last 30 days, 0 for the others', async () => {
      const own = await chart(parent.token);
      expect(own).toEqual(
        apps
          .slice(0, 4)
          .map((id) => ({ name: appNames.get(id)!, value: id === apps[0] ? 2 : id === apps[1] ? 1 : 0 }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      );
      expect((await chart(child.token)).find((s) => s.name === appNames.get(apps[0]!))!.value).toBe(1);
      // Older than the chart's period: left out.
      await t.database.db.execute(sql`update activations set created_at = now() - interval '31 days' where mac_address = ${childMac}`);
      expect((await chart(parent.token)).find((s) => s.name === appNames.get(apps[0]!))!.value).toBe(1);
      const everyone = await chart(admin);
      expect(everyone.find((s) => s.name === appNames.get(apps[2]!))!.value).toBeGreaterThanOrEqual(1);
    });

    it('leaves an undone activation out, as Insights counts it', async () => {
      const before = (await chart(parent.token)).find((s) => s.name === appNames.get(apps[1]!))!.value;
      expect(before).toBeGreaterThan(0);
      await t.database.db.execute(
        sql`update activations set refunded_at = now() where id = (select max(id) from activations where reseller_id = ${parent.id} and application_id = ${apps[1]!} and refunded_at is null)`,
      );
      expect((await chart(parent.token)).find((s) => s.name === appNames.get(apps[1]!))!.value).toBe(before - 1);
    });

    it('needs a session but no permission', async () => {
      const plain = await staff(['notif-bell']);
      expect(await chart(plain.token)).toEqual([]);
      expectError(await t.call({ method: 'GET', url: '/api/activation-log-dashboard' }), 401, 'C10002');
    });
  });
});
