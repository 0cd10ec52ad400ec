import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_TRIAL_CODES, translate, type CreateCodesAnswer, type PaymentPlan, type PurchaseAnswer } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, applicationIds, createReseller, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant, fundedAdmin, recharge, reseller as resellerWithPasscode, subReseller, validatePasscode } from '../../../test/credit.js';
import { deviceSecret, uniqueMac } from '../../../test/devices.js';

/** What a reseller's live data looks like: compare before and after sandbox work. */
async function liveState(t: TestApp, userId: number) {
  const [counts] = await rows<Record<string, number>>(
    t,
    sql`select
      (select count(*)::int from credit_ledger) as ledger,
      (select count(*)::int from devices) as devices,
      (select count(*)::int from activations) as activations,
      (select count(*)::int from activation_codes) as codes,
      (select count(*)::int from payment_orders) as orders,
      (select count(*)::int from playlists) as playlists`,
  );
  return { balance: await balanceOf(t, userId), ...counts };
}

/** The ledger invariant of DESIGN.md §4 over the sandbox's own balances and ledger. */
async function expectSandboxLedgerInvariant(t: TestApp) {
  const [totals] = await rows<{ balances: string; granted: string; spent: string; mismatched: number }>(
    t,
    sql`select
      (select coalesce(sum(credit_point), 0) from sandbox.balances)::text as balances,
      (select coalesce(sum(credit_point), 0) from sandbox.credit_ledger where debitor_id is null)::text as granted,
      (select coalesce(sum(credit_point), 0) from sandbox.credit_ledger where creditor_id is null)::text as spent,
      (select count(*)::int from sandbox.balances b
        where b.credit_point <> coalesce((select sum(credit_point) from sandbox.credit_ledger where creditor_id = b.user_id), 0)
                               - coalesce((select sum(credit_point) from sandbox.credit_ledger where debitor_id = b.user_id), 0)) as mismatched`,
  );
  expect(BigInt(totals!.balances) + BigInt(totals!.spent)).toBe(BigInt(totals!.granted));
  expect(totals!.mismatched).toBe(0);
}

describe('without SANDBOX_ENABLED', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no /api/sandbox and says so', async () => {
    const admin = await adminToken(t);
    expect((await t.call({ method: 'GET', url: '/api/public/modes' })).json()).toMatchObject({ data: { sandbox_enabled: false } });
    expectError(await t.call({ method: 'GET', url: '/api/sandbox/profile', token: admin }), 404, 'ROUTE_NOT_FOUND');
    expectError(await t.call({ method: 'POST', url: '/api/sandbox/test-credit', token: admin, payload: { credit_points: 5 } }), 404, 'ROUTE_NOT_FOUND');
    expectError(await t.call({ method: 'POST', url: '/api/test-credit', token: admin, payload: { credit_points: 5 } }), 404, 'ROUTE_NOT_FOUND');
  });
});

describe('the sandbox (SANDBOX_ENABLED=true)', () => {
  let t: TestApp;
  let reseller: TestUser;
  let apps: number[];

  const sandboxCall = (method: 'GET' | 'POST', path: string, token: string | undefined, payload?: unknown) =>
    t.call({ method, url: `/api/sandbox${path}`, token, ...(payload === undefined ? {} : { payload: payload as object }) });
  const testCredit = (token: string, points: unknown) => sandboxCall('POST', '/test-credit', token, { credit_points: points });

  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_ENABLED: 'true' } });
    const admin = await fundedAdmin(t, 100);
    reseller = await createReseller(t);
    expect((await recharge(t, admin, { email: reseller.email, points: 30 })).statusCode).toBe(200);
    apps = await applicationIds(t);
  });
  afterAll(() => t.close());

  it('is announced, and takes the live session with the sandbox balance', async () => {
    expect((await t.call({ method: 'GET', url: '/api/public/modes' })).json()).toMatchObject({ data: { sandbox_enabled: true } });
    const profile = await sandboxCall('GET', '/profile', reseller.token);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ data: { IBOReseller: { email: reseller.email, credit_point: 0 } } });
    const live = await t.call({ method: 'GET', url: '/api/profile', token: reseller.token });
    expect(live.json()).toMatchObject({ data: { IBOReseller: { credit_point: 30 } } });
  });

  it('adds test credit to the sandbox balance only, and only there', async () => {
    const before = await liveState(t, reseller.id);
    const res = await testCredit(reseller.token, '25');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: 'Test credit added: your sandbox balance grew by 25 credit points.', data: { credit_point: 25, added: 25 } });
    expect(await liveState(t, reseller.id)).toEqual(before);
    const [row] = await rows<{ tr_type: string; creditor_id: number }>(t, sql`select tr_type, creditor_id from sandbox.credit_ledger order by id desc limit 1`);
    expect(row).toEqual({ tr_type: 'Test Credit', creditor_id: reseller.id });
    for (const bad of [0, -1, '-10', '0', '2.5', 1_000_001, 1.5, 'x', null]) {
      expectFieldErrors(await testCredit(reseller.token, bad), { credit_points: ['Enter a whole number of test credit points from 1 to 1,000,000.'] });
    }
    const arabic = await t.call({ method: 'POST', url: '/api/sandbox/test-credit', token: reseller.token, lang: 'ar-EG', payload: { credit_points: '-10' } });
    expectFieldErrors(arabic, { credit_points: [translate('ar', 'validation.testCredit')] });
    expect((await sandboxCall('GET', '/profile', reseller.token)).json()).toMatchObject({ data: { IBOReseller: { credit_point: 25 } } });
    expectError(await sandboxCall('POST', '/test-credit', undefined, { credit_points: 1 }), 401, 'C10002');
    await expectSandboxLedgerInvariant(t);
    await expectLedgerInvariant(t);
  });

  it('registers, activates and lists a device in the sandbox without the live side seeing it, and the reverse', async () => {
    await testCredit(reseller.token, 10);
    const before = await liveState(t, reseller.id);
    const mac = uniqueMac();
    const registered = await sandboxCall('POST', '/player/register', undefined, { app_id: apps[0], mac_address: mac, device_secret: deviceSecret() });
    expect(registered.statusCode, registered.body).toBe(200);
    const activation = await sandboxCall('POST', '/bulk-multi-app-activate', reseller.token, {
      requestData: { is_trial: PACKAGE_TRIAL_CODES['1-Year'], macAddress: mac, app_ids: [apps[0]], isConfirmed: true },
    });
    expect(activation.statusCode, activation.body).toBe(200);
    const status = await sandboxCall('POST', '/player/status', undefined, { app_id: apps[0], mac_address: mac, device_key: registered.json<{ data: { device_key: string } }>().data.device_key });
    expect(status.json()).toMatchObject({ data: { status: 'active' } });
    // Live: the device never registered, nothing was charged, no activation exists.
    expect(await liveState(t, reseller.id)).toEqual(before);
    expectError(await t.call({ method: 'POST', url: '/api/player/status', payload: { app_id: apps[0], mac_address: mac, device_key: 'x'.repeat(8) } }), 404, 'C10404');

    // A live activation stays out of the sandbox.
    const liveMac = uniqueMac();
    expect((await t.call({ method: 'POST', url: '/api/player/register', payload: { app_id: apps[0], mac_address: liveMac } })).statusCode).toBe(200);
    const sandboxBefore = (await sandboxCall('GET', '/profile', reseller.token)).json<{ data: { IBOReseller: { credit_point: number } } }>().data.IBOReseller.credit_point;
    const live = await t.call({
      method: 'POST',
      url: '/api/bulk-multi-app-activate',
      token: reseller.token,
      payload: { requestData: { is_trial: PACKAGE_TRIAL_CODES['1-Year'], macAddress: liveMac, app_ids: [apps[0]], isConfirmed: true } },
    });
    expect(live.statusCode, live.body).toBe(200);
    expect((await sandboxCall('GET', '/profile', reseller.token)).json()).toMatchObject({ data: { IBOReseller: { credit_point: sandboxBefore } } });
    const [sandboxDevices] = await rows<{ n: number }>(t, sql`select count(*)::int as n from sandbox.devices where mac_address = ${liveMac.toLowerCase().replace(/-/g, ':')}`);
    expect(sandboxDevices!.n).toBe(0);
    await expectSandboxLedgerInvariant(t);
    await expectLedgerInvariant(t);
  });

  it('sells exactly as many sandbox codes as the sandbox balance pays for, under 20 purchases at once', async () => {
    const buyer = await createReseller(t);
    await testCredit(buyer.token, 5);
    const results = await Promise.all(Array.from({ length: 20 }, () => sandboxCall('POST', '/sendingcode', buyer.token, { subscriptionType: 'yearly', codeCount: 1 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const refused of results.filter((r) => r.statusCode !== 200)) expectError(refused, 422, 'INSUFFICIENT_CREDIT');
    const [codes] = await rows<{ n: number }>(t, sql`select count(*)::int as n from sandbox.activation_codes where reseller_id = ${buyer.id}`);
    expect(codes!.n).toBe(5);
    const list = await t.call({ method: 'GET', url: '/api/activation-codes', token: buyer.token });
    expect(list.json<CreateCodesAnswer>().data).toEqual([]);
    expect(await balanceOf(t, buyer.id)).toBe(0);
    await expectSandboxLedgerInvariant(t);
  });

  it('moves sandbox credit to a sub-reseller once per request id, the live balances and ledger untouched', async () => {
    const parent = await resellerWithPasscode(t);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    await testCredit(parent.token, 10);
    const [parentBefore, childBefore] = [await liveState(t, parent.id), await liveState(t, child.id)];
    const add = () =>
      t.call({ method: 'POST', url: `/api/sandbox/resellers/${child.id}/add-credit-point`, token: parent.token, headers: { 'request-id': 'sandbox-share-1' }, payload: { creditPoint: 4 } });
    const [first, again] = [await add(), await add()];
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ data: { reseller_id: child.id, credit_point: 6, reseller_credit_point: 4 } });
    const tooMuch = await t.call({ method: 'POST', url: `/api/sandbox/resellers/${child.id}/add-credit-point`, token: parent.token, payload: { creditPoint: 7 } });
    expectError(tooMuch, 422, 'C10422');
    expect([await liveState(t, parent.id), await liveState(t, child.id)]).toEqual([parentBefore, childBefore]);
    const [moves] = await rows<{ n: number }>(t, sql`select count(*)::int as n from sandbox.credit_ledger where tr_type = 'Added Credit' and creditor_id = ${child.id}`);
    expect(moves!.n).toBe(1);
    await expectSandboxLedgerInvariant(t);
    await expectLedgerInvariant(t);
  });

  it('pays sandbox orders on the built-in checkout, into the sandbox balance', async () => {
    const admin = await adminToken(t);
    const plan = (await t.call({ method: 'POST', url: '/api/add-payment-plans', token: admin, payload: { title: 'Plan', price: '5', description: 'd', credit_points: 12 } })).json<{ data: PaymentPlan }>().data;
    const before = await liveState(t, reseller.id);
    const bought = await sandboxCall('POST', '/purchase-package', reseller.token, { payment_plan_id: plan.id });
    expect(bought.statusCode, bought.body).toBe(200);
    const { orderId, orderUrl } = bought.json<PurchaseAnswer>().data;
    expect(orderUrl).toBe(`http://panel.test/checkout/${orderId}`);
    const paid = await sandboxCall('POST', `/payments/sandbox/${orderId}`, reseller.token, { outcome: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await liveState(t, reseller.id)).toEqual(before);
    expect((await t.call({ method: 'GET', url: '/api/billing-records', token: reseller.token })).json()).toMatchObject({ data: [] });
    expect((await sandboxCall('GET', '/billing-records', reseller.token)).json()).toMatchObject({ data: [{ orderId, status: 'completed', credit_point: 12 }] });
    await expectSandboxLedgerInvariant(t);
  });

  it('shares the accounts: a name changed in the sandbox is the live name', async () => {
    const res = await t.call({ method: 'PUT', url: '/api/sandbox/profile/update', token: reseller.token, payload: { name: 'Renamed in sandbox' } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rows<{ name: string }>(t, sql`select name from public.users where id = ${reseller.id}`);
    expect(row!.name).toBe('Renamed in sandbox');
  });
});
