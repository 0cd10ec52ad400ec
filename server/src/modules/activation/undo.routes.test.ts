import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_TRIAL_CODES, translate, type ActivationPackage, type BulkActivateAnswer } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant, fundedAdmin, recharge } from '../../../test/credit.js';
import { registerDevice, uniqueMac, type RegisteredDevice } from '../../../test/devices.js';

let t: TestApp;
let admin: string;
let apps: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 100_000);
  apps = await applicationIds(t);
});
afterAll(() => t.close());

async function fundedReseller(points: number, parent?: TestUser): Promise<TestUser> {
  const r = await createReseller(t, { applications: apps.slice(0, 4), parent });
  if (points > 0) expect((await recharge(t, admin, { email: r.email, points })).statusCode).toBe(200);
  return r;
}

/** A MAC registered in these apps (the player's first start), with each app's device as the player got it. */
async function registered(appIds: number[]) {
  const mac = uniqueMac();
  const devices = new Map<number, RegisteredDevice>();
  for (const appId of appIds) devices.set(appId, await registerDevice(t, { appId, mac }));
  return { mac, devices };
}

async function activate(token: string, mac: string, appIds: number[], pkg: ActivationPackage = '1-Year') {
  const res = await t.call({
    method: 'POST',
    url: '/api/bulk-multi-app-activate',
    token,
    payload: { requestData: { is_trial: PACKAGE_TRIAL_CODES[pkg], macAddress: mac, app_ids: appIds, isConfirmed: true } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BulkActivateAnswer>();
}

const undo = (token: string, id: number | string, options: { headers?: Record<string, string>; lang?: string } = {}) =>
  t.call({ method: 'POST', url: `/api/activations/${id}/undo`, token, ...options });

const status = (appId: number, mac: string, deviceKey: string) =>
  t.call({ method: 'POST', url: '/api/player/status', payload: { app_id: appId, mac_address: mac, device_key: deviceKey } });

async function deviceState(appId: number, mac: string) {
  const [row] = await rows<{ expire_date: string; lifetime: boolean; is_trial: number; activated_by: number | null; activated_at: string | null; last_status_at: string | null }>(
    t,
    sql`select expire_date::text, lifetime, is_trial, activated_by, activated_at::text, last_status_at::text from devices where application_id = ${appId} and mac_address = ${mac}`,
  );
  return row!;
}

/** One reseller's activation of one app: the reseller, the MAC, the device as the player knows it, the activation row's id. */
async function oneActivation(options: { reseller?: TestUser; pkg?: ActivationPackage } = {}) {
  const reseller = options.reseller ?? (await fundedReseller(10));
  const { mac, devices } = await registered([apps[0]!]);
  const before = await deviceState(apps[0]!, mac);
  const answer = await activate(reseller.token, mac, [apps[0]!], options.pkg);
  const id = answer.activated_devices[0]!.activation_id!;
  return { reseller, mac, device: devices.get(apps[0]!)!, id, before, answer };
}

describe('POST /api/activations/:id/undo', () => {
  it('refunds exactly the cost to the payer as one Refund ledger row and puts the device back as it was', async () => {
    const { reseller, mac, id, before, answer } = await oneActivation({ pkg: 'Lifetime' });
    expect(answer.activated_devices[0]!.undo_until).toBeTruthy();
    expect(new Date(answer.activated_devices[0]!.undo_until!).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(await balanceOf(t, reseller.id)).toBe(8);

    const res = await undo(reseller.token, id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ msg: string; data: Record<string, unknown> }>();
    expect(body.msg).toBe(translate('en', 'activation.undone', { points: 2 }));
    expect(body.data).toMatchObject({ id, credit_points: 2, reseller_id: reseller.id, credit_point: 10, device: { mac_address: mac, is_lifetime: false, is_trial: 1 } });
    expect(await balanceOf(t, reseller.id)).toBe(10);

    const after = await deviceState(apps[0]!, mac);
    expect(after).toEqual(before);
    const [ledger] = await rows<{ id: number; tr_type: string; credit_point: number; debitor_id: number | null; creditor_id: number; creditor_balance_after: number }>(
      t,
      sql`select id::int, tr_type, credit_point::int, debitor_id::int, creditor_id::int, creditor_balance_after::int from credit_ledger where id = (select refund_ledger_id from activations where id = ${id})`,
    );
    expect(ledger).toMatchObject({ id: body.data.refund_ledger_id, tr_type: 'Refund', credit_point: 2, debitor_id: null, creditor_id: reseller.id, creditor_balance_after: 10 });
    const [row] = await rows<{ refunded: boolean }>(t, sql`select refunded_at is not null as refunded from activations where id = ${id}`);
    expect(row!.refunded).toBe(true);
    await expectLedgerInvariant(t);
  });

  it('shows the undone row as refunded in the activated apps list and the activation logs, and the Refund in the credit logs', async () => {
    const { reseller, mac, id } = await oneActivation();
    const listed = async () => {
      const list = await t.call({ method: 'POST', url: '/api/activated-apps-list', token: reseller.token, payload: { requestData: { keyword: mac, search_type: 'mac' } } });
      const logs = await t.call({ method: 'POST', url: '/api/activation-logs', token: reseller.token, payload: { mac_address: mac } });
      return [list.json<{ data: { data: Record<string, unknown>[] } }>().data.data[0]!, logs.json<{ data: { data: Record<string, unknown>[] } }>().data.data[0]!];
    };
    for (const record of await listed()) expect(record).toMatchObject({ id, refunded_at: null, undo_until: expect.any(String) });
    expect((await undo(reseller.token, id)).statusCode).toBe(200);
    for (const record of await listed()) expect(record).toMatchObject({ id, refunded_at: expect.any(String), undo_until: null, credit_point: 1 });

    const credit = await t.call({ method: 'POST', url: '/api/credit-transaction-logs', token: reseller.token, payload: { transaction_type: ['Refund'] } });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json<{ data: { ResellerCreditShareLog: { tr_type: string; credit_point: number }[] } }>().data.ResellerCreditShareLog).toEqual([expect.objectContaining({ tr_type: 'Refund', credit_point: 1 })]);
  });

  it("lets the payer's parent and an admin undo; another account's activation, a missing one or a bad id answer 404 or 422", async () => {
    const parent = await fundedReseller(20);
    const child = await fundedReseller(10, parent);
    const first = await oneActivation({ reseller: child });
    expect((await undo(parent.token, first.id)).statusCode).toBe(200);
    expect(await balanceOf(t, child.id)).toBe(10);

    const second = await oneActivation({ reseller: child });
    expect((await undo(admin, second.id)).statusCode).toBe(200);

    const third = await oneActivation({ reseller: parent });
    const stranger = await fundedReseller(5);
    expectError(await undo(stranger.token, third.id), 404, 'NOT_FOUND');
    // A sub-reseller does not reach its parent's activations.
    expectError(await undo(child.token, third.id), 404, 'NOT_FOUND');
    expectError(await undo(parent.token, 2_000_000_000), 404, 'NOT_FOUND');
    expect((await undo(parent.token, 'abc')).statusCode).toBe(422);
    // The digits form of the id is the id.
    expect((await undo(parent.token, String(third.id))).statusCode).toBe(200);
  });

  it('refuses a device that asked for its status since the activation, and not one that asked before it', async () => {
    const reseller = await fundedReseller(10);
    const { mac, devices } = await registered([apps[0]!]);
    const key = devices.get(apps[0]!)!.device_key;
    expect((await status(apps[0]!, mac, key)).statusCode).toBe(200);
    const first = (await activate(reseller.token, mac, [apps[0]!])).activated_devices[0]!.activation_id!;
    expect((await undo(reseller.token, first)).statusCode).toBe(200);

    const second = (await activate(reseller.token, mac, [apps[0]!])).activated_devices[0]!.activation_id!;
    const seen = await status(apps[0]!, mac, key);
    expect(seen.json<{ data: { is_trial: number } }>().data.is_trial).toBe(0);
    const before = await balanceOf(t, reseller.id);
    const res = await undo(reseller.token, second);
    expectError(res, 409, 'UNDO_DEVICE_CHECKED_IN', translate('en', 'errors.undoDeviceCheckedIn'));
    expect(await balanceOf(t, reseller.id)).toBe(before);
  });

  it('answers the old state to a status call after the undo', async () => {
    const { reseller, mac, device, id, before } = await oneActivation();
    expect((await undo(reseller.token, id)).statusCode).toBe(200);
    const seen = (await status(apps[0]!, mac, device.device_key)).json<{ data: { is_trial: number; expire_date: string } }>().data;
    expect(seen.is_trial).toBe(1);
    expect(new Date(seen.expire_date).getTime()).toBe(new Date(before.expire_date).getTime());
  });

  it('refuses an activation older than the window, one already undone, and one a later activation builds on, in the caller language', async () => {
    const old = await oneActivation();
    await t.database.db.execute(sql`update activations set created_at = now() - interval '25 hours' where id = ${old.id}`);
    expectError(await undo(old.reseller.token, old.id), 409, 'UNDO_WINDOW_PASSED', translate('en', 'errors.undoWindowPassed', { hours: 24 }));
    expectError(await undo(old.reseller.token, old.id, { lang: 'de' }), 409, 'UNDO_WINDOW_PASSED', translate('de', 'errors.undoWindowPassed', { hours: 24 }));

    const done = await oneActivation();
    expect((await undo(done.reseller.token, done.id)).statusCode).toBe(200);
    expectError(await undo(done.reseller.token, done.id, { lang: 'ar' }), 409, 'UNDO_ALREADY_DONE', translate('ar', 'errors.undoAlreadyDone'));

    const built = await oneActivation();
    const later = (await activate(built.reseller.token, built.mac, [apps[0]!])).activated_devices[0]!.activation_id!;
    expectError(await undo(built.reseller.token, built.id), 409, 'UNDO_SUPERSEDED');
    // Undoing the later one first makes the earlier one undoable again: the device is as it left it.
    expect((await undo(built.reseller.token, later)).statusCode).toBe(200);
    expect((await undo(built.reseller.token, built.id)).statusCode).toBe(200);
    expect(await deviceState(apps[0]!, built.mac)).toEqual(built.before);
    expect(await balanceOf(t, built.reseller.id)).toBe(10);

    // A device disabled since: the state the activation left is gone.
    const disabled = await oneActivation();
    await t.database.db.execute(sql`update devices set disabled_at = now() where application_id = ${apps[0]!} and mac_address = ${disabled.mac}`);
    expectError(await undo(disabled.reseller.token, disabled.id), 409, 'UNDO_SUPERSEDED');
    await expectLedgerInvariant(t);
  });

  it('refunds one row of a multi-app request its share and leaves the other apps activated', async () => {
    const reseller = await fundedReseller(10);
    const { mac } = await registered(apps.slice(0, 3));
    const answer = await activate(reseller.token, mac, apps.slice(0, 3));
    expect(await balanceOf(t, reseller.id)).toBe(8);
    const ids = answer.activated_devices.map((d) => d.activation_id!);
    const shares = await rows<{ id: number; credit_point: number }>(t, sql`select id::int, credit_point from activations where id in ${ids} order by id`);
    expect(shares.map((s) => s.credit_point)).toEqual([1, 1, 0]);

    const res = await undo(reseller.token, ids[0]!);
    expect(res.json<{ data: { credit_points: number } }>().data.credit_points).toBe(1);
    expect(await balanceOf(t, reseller.id)).toBe(9);
    expect((await deviceState(apps[1]!, mac)).is_trial).toBe(0);
    // A share of 0 refunds nothing and writes no ledger row, but the device goes back too.
    const zero = await undo(reseller.token, ids[2]!);
    expect(zero.json<{ data: Record<string, unknown> }>().data).toMatchObject({ credit_points: 0, refund_ledger_id: null, credit_point: 9 });
    expect((await deviceState(apps[2]!, mac)).is_trial).toBe(1);
    await expectLedgerInvariant(t);
  });

  it('answers a repeat with the same request-id with the first answer and refunds once', async () => {
    const { reseller, id } = await oneActivation();
    const headers = { 'request-id': `undo-${id}` };
    const first = await undo(reseller.token, id, { headers });
    const again = await undo(reseller.token, id, { headers });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [count] = await rows<{ n: number }>(t, sql`select count(*)::int as n from credit_ledger where tr_type = 'Refund' and creditor_id = ${reseller.id}`);
    expect(count!.n).toBe(1);
    expect(await balanceOf(t, reseller.id)).toBe(10);
  });
});

describe('webhook events of an undo', () => {
  it('tells the payer credit.received (Refund, no counterparty) and re-arms its credit.low line', async () => {
    const reseller = await fundedReseller(3);
    await rows(
      t,
      sql`insert into webhook_endpoints (user_id, url, events, include_sub_resellers, secret_encrypted)
        values (${reseller.id}, 'https://hooks.example/panel', array['credit.received','credit.low'], false, 'not-a-real-secret') returning id`,
    );
    await t.database.db.execute(sql`update users set low_credit_threshold = 2 where id = ${reseller.id}`);
    const { id } = await oneActivation({ reseller, pkg: 'Lifetime' });
    const events = async () =>
      (await rows<{ type: string; data: unknown }>(t, sql`select type, data from webhook_events where user_id = ${reseller.id} order by created_at, id`)).map((e) => ({
        type: e.type,
        data: (typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as Record<string, unknown>,
      }));
    // 3 → 1: under the line of 2, told once.
    expect((await events()).map((e) => e.type)).toEqual(['credit.low']);
    expect((await undo(reseller.token, id)).statusCode).toBe(200);
    const after = await events();
    expect(after.map((e) => e.type)).toEqual(['credit.low', 'credit.received']);
    expect(after[1]!.data).toMatchObject({ amount: 2, tr_type: 'Refund', counterparty: null, balance_after: 3 });
    const [flag] = await rows<{ told: boolean }>(t, sql`select low_credit_notified_at is not null as told from users where id = ${reseller.id}`);
    expect(flag!.told).toBe(false);
  });
});

describe('the undo window (GET/PATCH /api/settings/activation-undo)', () => {
  it('is 24 hours by default, set by the admin in whole hours, and 0 turns undo off', async () => {
    const got = await t.call({ method: 'GET', url: '/api/settings/activation-undo', token: admin });
    expect(got.json()).toMatchObject({ data: { undo_window_hours: 24 } });
    const reseller = await fundedReseller(10);
    expect((await t.call({ method: 'GET', url: '/api/settings/activation-undo', token: reseller.token })).statusCode).toBe(403);
    expect((await t.call({ method: 'PATCH', url: '/api/settings/activation-undo', token: reseller.token, payload: { undo_window_hours: 0 } })).statusCode).toBe(403);
    for (const bad of [-1, 1.5, 721, 'x', null]) {
      expectFieldErrors(await t.call({ method: 'PATCH', url: '/api/settings/activation-undo', token: admin, payload: { undo_window_hours: bad } }), {
        undo_window_hours: [translate('en', 'validation.undoWindow')],
      });
    }

    const { id } = await oneActivation({ reseller });
    const off = await t.call({ method: 'PATCH', url: '/api/settings/activation-undo', token: admin, payload: { undo_window_hours: 0 } });
    expect(off.json()).toMatchObject({ data: { undo_window_hours: 0 } });
    expectError(await undo(reseller.token, id), 409, 'UNDO_OFF');
    const list = await t.call({ method: 'POST', url: '/api/activated-apps-list', token: reseller.token, payload: { requestData: {} } });
    expect(list.json<{ data: { data: { undo_until: string | null }[] } }>().data.data[0]!.undo_until).toBeNull();

    await t.call({ method: 'PATCH', url: '/api/settings/activation-undo', token: admin, payload: { undo_window_hours: 1 } });
    await t.database.db.execute(sql`update activations set created_at = now() - interval '2 hours' where id = ${id}`);
    expectError(await undo(reseller.token, id), 409, 'UNDO_WINDOW_PASSED', translate('en', 'errors.undoWindowPassed', { hours: 1 }));
    expect((await t.call({ method: 'PATCH', url: '/api/settings/activation-undo', token: admin, payload: { undo_window_hours: 24 } })).statusCode).toBe(200);
    expect((await undo(reseller.token, id)).statusCode).toBe(200);
  });
});
