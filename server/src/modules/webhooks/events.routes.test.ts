import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_TR_TYPES, LOW_CREDIT_THRESHOLD_MAX, WEBHOOK_EVENT_TYPES, type WebhookEventData, type WebhookEventType } from '@panel/contract';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, fundedAdmin, recharge, setPasscode, validatePasscode } from '../../../test/credit.js';
import { activateDevice, registerDevice, uniqueMac } from '../../../test/devices.js';
import { multipart } from '../../../test/uploads.js';
import { AppError } from '../../http/app-error.js';
import type { Ctx } from '../../http/context.js';
import { transfer } from '../credit/credit.service.js';
import { sendDueReminders } from '../reminders/reminders.service.js';

/**
 * The business events of issue 25 as the outbox records them: one `webhook_events` row (with a
 * `webhook_deliveries` row per listening endpoint) in the transaction of what it reports. The
 * delivery itself is the worker's (not tested here).
 */

let t: TestApp;
let admin: string;
let adminId: number;
let apps: number[];
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_ENABLED: 'true' } });
  admin = await fundedAdmin(t, 10_000_000);
  adminId = (await rows<{ id: number }>(t, sql`select id from users where email = ${ADMIN_EMAIL}`))[0]!.id;
  apps = (await applicationIds(t)).slice(0, 2);
});
afterAll(() => t.close());

/** An enabled endpoint of `userId` for these events, written directly (the routes are another part's). */
async function listen(userId: number, options: { events?: readonly string[]; includeSubResellers?: boolean } = {}): Promise<number> {
  const events = (options.events ?? WEBHOOK_EVENT_TYPES).join(',');
  const [row] = await rows<{ id: number }>(
    t,
    sql`insert into webhook_endpoints (user_id, url, events, include_sub_resellers, secret_encrypted)
      values (${userId}, 'https://hooks.example/panel', string_to_array(${events}, ','), ${options.includeSubResellers ?? false}, 'not-a-real-secret')
      returning id`,
  );
  return row!.id;
}

type EventRow<T extends WebhookEventType> = { id: string; user_id: number; type: T; data: (T extends keyof WebhookEventData ? WebhookEventData[T] : never) & { account_id: number } };

/** The events written for `userId` (of `type`), oldest first. */
async function eventsOf<T extends WebhookEventType>(userId: number, type?: T): Promise<EventRow<T>[]> {
  // Events reach webhook_events through the fold after their commit (a service called here, not through a request).
  await t.app.derived.fold();
  const found = await rows<{ id: string; user_id: number; type: T; data: unknown }>(
    t,
    sql`select id, user_id, type, data from webhook_events where user_id = ${userId} ${type ? sql`and type = ${type}` : sql``} order by created_at, id`,
  );
  return found.map((e) => ({ ...e, data: (typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as EventRow<T>['data'] }));
}

async function deliveriesOf(eventId: string) {
  return rows<{ endpoint_id: number; status: string }>(t, sql`select endpoint_id, status from webhook_deliveries where event_id = ${eventId} order by endpoint_id`);
}

async function fundedReseller(points: number, options: { parent?: TestUser } = {}): Promise<TestUser> {
  const r = await createReseller(t, { applications: apps, ...options });
  if (points > 0) expect((await recharge(t, admin, { email: r.email, points })).statusCode).toBe(200);
  return r;
}

const buyCodes = (token: string, count: number, subscriptionType = 'yearly') =>
  t.call({ method: 'POST', url: '/api/sendingcode', token, payload: { subscriptionType, codeCount: count } });

describe('activation.succeeded', () => {
  it('is written once per activation with the device, apps, package, expiry, cost and balance, with a delivery per endpoint', async () => {
    const r = await fundedReseller(10);
    const endpoint = await listen(r.id);
    const mac = uniqueMac();
    for (const appId of apps) await registerDevice(t, { appId, mac });
    const answer = await activateDevice(t, r, mac, apps);

    const events = await eventsOf(r.id);
    expect(events.map((e) => e.type)).toEqual(['activation.succeeded']);
    const [event] = events;
    const names = new Map((await rows<{ id: number; app_name: string }>(t, sql`select id, app_name from applications`)).map((a) => [a.id, a.app_name]));
    const devices = await rows<{ id: number; application_id: number; expire_date: Date }>(t, sql`select id::int as id, application_id, expire_date from devices where mac_address = ${mac} order by application_id`);
    expect(event!.id).toMatch(/^evt_/);
    expect(event!.data).toEqual({
      account_id: r.id,
      device: { mac_address: mac },
      apps: apps.map((id) => {
        const device = devices.find((d) => d.application_id === id)!;
        return { id, name: names.get(id), device_id: device.id, expires_at: new Date(device.expire_date).toISOString() };
      }),
      package: '1-Year',
      expires_at: answer.activated_devices[0]!.expire_date,
      cost: answer.credit_points,
      balance_after: answer.credit_point,
      source: 'multi-app',
      ledger_id: expect.any(Number),
    });
    expect(await deliveriesOf(event!.id)).toEqual([{ endpoint_id: endpoint, status: 'pending' }]);
  });

  it('says Lifetime with no expiry', async () => {
    const r = await fundedReseller(10);
    await listen(r.id, { events: ['activation.succeeded'] });
    const mac = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac });
    await activateDevice(t, r, mac, [apps[0]!], 'Lifetime');
    const [event] = await eventsOf(r.id, 'activation.succeeded');
    expect(event!.data).toMatchObject({ package: 'Lifetime', expires_at: null, apps: [{ id: apps[0], expires_at: null }] });
  });

  it('is written once per successful row of a bulk file, and not for a refused row', async () => {
    const r = await fundedReseller(10);
    await listen(r.id, { events: ['activation.succeeded'] });
    const [name] = (await rows<{ app_name: string }>(t, sql`select app_name from applications where id = ${apps[0]!}`)).map((a) => a.app_name);
    const macs = [uniqueMac(), uniqueMac()];
    for (const mac of macs) await registerDevice(t, { appId: apps[0]!, mac });
    const file = Buffer.from(['mac_address,apps,package,comment', `${macs[0]},${name},1-year,`, `${uniqueMac()},${name},1-year,`, `${macs[1]},${name},1-year,`].join('\r\n'), 'utf8');
    const { payload, headers } = await multipart([
      { name: 'dry_run', value: 'false' },
      { name: 'file', file, filename: 'devices.csv', type: 'text/csv' },
    ]);
    const res = await t.call({ method: 'POST', url: '/api/bulk-activations', token: r.token, payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { activated: 2, failed: 1 } });
    const events = await eventsOf(r.id, 'activation.succeeded');
    expect(events.map((e) => [e.data.device.mac_address, e.data.source])).toEqual([
      [macs[0], 'bulk-file'],
      [macs[1], 'bulk-file'],
    ]);
  });

  it('is written for nobody when no endpoint listens, and not for another event type', async () => {
    const r = await fundedReseller(10);
    await listen(r.id, { events: ['ticket.replied'] });
    const quiet = await fundedReseller(10);
    const mac = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac });
    await activateDevice(t, r, mac, [apps[0]!]);
    const other = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac: other });
    await activateDevice(t, quiet, other, [apps[0]!]);
    expect(await eventsOf(r.id)).toEqual([]);
    expect(await eventsOf(quiet.id)).toEqual([]);
  });

  it('is written for nothing when the activation is refused (too little credit)', async () => {
    const r = await fundedReseller(1);
    await listen(r.id);
    const mac = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac });
    const res = await t.call({
      method: 'POST',
      url: '/api/bulk-multi-app-activate',
      token: r.token,
      payload: { requestData: { is_trial: 2, macAddress: mac, app_ids: [apps[0]], isConfirmed: true } },
    });
    expect(res.statusCode).toBe(422);
    expect(await eventsOf(r.id)).toEqual([]);
  });
});

describe('sub-resellers', () => {
  it("reach the parent's endpoint that includes sub-resellers, not one that does not", async () => {
    const parent = await fundedReseller(0);
    const withFlag = await listen(parent.id, { events: ['activation.succeeded'], includeSubResellers: true });
    const sub = await fundedReseller(10, { parent });
    const mac = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac });
    await activateDevice(t, sub, mac, [apps[0]!]);
    const [event] = await eventsOf(sub.id, 'activation.succeeded');
    expect(event!.data.account_id).toBe(sub.id);
    expect(await deliveriesOf(event!.id)).toEqual([{ endpoint_id: withFlag, status: 'pending' }]);

    const other = await fundedReseller(0);
    await listen(other.id, { events: ['activation.succeeded'] });
    const otherSub = await fundedReseller(10, { parent: other });
    const mac2 = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac: mac2 });
    await activateDevice(t, otherSub, mac2, [apps[0]!]);
    expect(await eventsOf(otherSub.id)).toEqual([]);
  });
});

describe('credit.sent and credit.received', () => {
  it('follow the points of a share, a withdrawal and a recharge, with the counterparty and the balance after', async () => {
    const parent = await fundedReseller(100);
    const sub = await createReseller(t, { parent });
    await Promise.all([listen(parent.id), listen(sub.id), listen(adminId, { events: ['credit.sent'] })]);
    await setPasscode(t, parent.token);
    await validatePasscode(t, parent.token);

    const add = await t.call({ method: 'POST', url: `/api/resellers/${sub.id}/add-credit-point`, token: parent.token, payload: { creditPoint: 30 } });
    expect(add.statusCode, add.body).toBe(200);
    const [sent] = await eventsOf(parent.id, 'credit.sent');
    const [received] = await eventsOf(sub.id, 'credit.received');
    const who = (u: TestUser) => ({ id: u.id, name: u.name, email: u.email });
    expect(sent!.data).toEqual({ account_id: parent.id, amount: 30, counterparty: who(sub), balance_after: 70, tr_type: CREDIT_TR_TYPES.added, ledger_id: expect.any(Number) });
    expect(received!.data).toEqual({ account_id: sub.id, amount: 30, counterparty: who(parent), balance_after: 30, tr_type: CREDIT_TR_TYPES.added, ledger_id: sent!.data.ledger_id });

    // A deduct: the sub-reseller's balance goes down (credit.sent, 'Withdraw'), the parent's up.
    const deduct = await t.call({ method: 'POST', url: `/api/resellers/${sub.id}/deduct-credit-point`, token: parent.token, payload: { creditPoint: 5 } });
    expect(deduct.statusCode, deduct.body).toBe(200);
    expect((await eventsOf(sub.id, 'credit.sent')).map((e) => e.data)).toEqual([
      { account_id: sub.id, amount: 5, counterparty: who(parent), balance_after: 25, tr_type: CREDIT_TR_TYPES.withdraw, ledger_id: expect.any(Number) },
    ]);
    expect((await eventsOf(parent.id, 'credit.received')).map((e) => e.data)).toMatchObject([{ amount: 5, balance_after: 75, tr_type: CREDIT_TR_TYPES.withdraw }]);

    // The admin's recharge: the admin sent (it listens for that only), the reseller received.
    const before = (await eventsOf(adminId, 'credit.sent')).length;
    expect((await recharge(t, admin, { email: parent.email, points: 7 })).statusCode).toBe(200);
    const adminSent = await eventsOf(adminId, 'credit.sent');
    expect(adminSent).toHaveLength(before + 1);
    expect(adminSent.at(-1)!.data).toMatchObject({ amount: 7, counterparty: { id: parent.id, email: parent.email } });
    expect((await eventsOf(parent.id, 'credit.received')).at(-1)!.data).toMatchObject({ amount: 7, balance_after: 82, counterparty: { id: adminId } });
    expect(await eventsOf(adminId, 'credit.received')).toEqual([]);
  });

  it("reach a parent's endpoint that includes sub-resellers when only the parent listens, and are not written when nobody does", async () => {
    const parent = await fundedReseller(0);
    const sub = await fundedReseller(0, { parent });
    const quiet = await fundedReseller(0);
    const endpoint = await listen(parent.id, { events: ['credit.received'], includeSubResellers: true });
    expect((await recharge(t, admin, { email: sub.email, points: 4 })).statusCode).toBe(200);
    const [received] = await eventsOf(sub.id, 'credit.received');
    expect(received!.data).toMatchObject({ account_id: sub.id, amount: 4, balance_after: 4 });
    expect(await deliveriesOf(received!.id)).toEqual([{ endpoint_id: endpoint, status: expect.any(String) }]);
    expect((await recharge(t, admin, { email: quiet.email, points: 4 })).statusCode).toBe(200);
    expect(await eventsOf(quiet.id)).toEqual([]);
  });

  it('are not written again when a request id replays the first answer', async () => {
    const r = await fundedReseller(0);
    await listen(r.id, { events: ['credit.received'] });
    const headers = { 'request-id': `replay-${r.id}` };
    expect((await recharge(t, admin, { email: r.email, points: 9 }, headers)).statusCode).toBe(200);
    expect((await recharge(t, admin, { email: r.email, points: 9 }, headers)).statusCode).toBe(200);
    expect(await eventsOf(r.id, 'credit.received')).toHaveLength(1);
    expect(await balanceOf(t, r.id)).toBe(9);
  });
});

describe('a rolled-back move', () => {
  it('writes no event, no low-balance mark and no balance when a later part of its transaction fails', async () => {
    const from = await fundedReseller(10);
    const to = await fundedReseller(0);
    await Promise.all([listen(from.id), listen(to.id)]);
    await t.database.db.execute(sql`update users set low_credit_threshold = 8 where id = ${from.id}`);
    const ctx = { ...t.app.deps, locale: 'en', ip: '127.0.0.1', log: pino({ level: 'silent' }), auth: undefined } as Ctx;
    const move = (amount: number) => ({ trType: CREDIT_TR_TYPES.added, amount, debitorId: from.id, creditorId: to.id, reason: 'add', requestId: null, insufficient: () => new AppError('INSUFFICIENT_CREDIT') });
    await expect(
      t.database.db.transaction(async (tx) => {
        await transfer(ctx, tx, move(5)); // would fall under 8: credit.low, credit.sent, credit.received
        await transfer(ctx, tx, move(50)); // not enough: the whole transaction rolls back
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDIT' });
    expect(await eventsOf(from.id)).toEqual([]);
    expect(await eventsOf(to.id)).toEqual([]);
    expect(await balanceOf(t, from.id)).toBe(10);
    expect((await rows<{ n: boolean }>(t, sql`select low_credit_notified_at is null as n from users where id = ${from.id}`))[0]!.n).toBe(true);
  });
});

describe('credit.low and PATCH /api/profile/low-credit', () => {
  const setLine = (token: string, threshold: unknown, lang?: string) =>
    t.call({ method: 'PATCH', url: '/api/profile/low-credit', token, lang, payload: { threshold } });
  const notified = async (id: number) => (await rows<{ at: unknown }>(t, sql`select low_credit_notified_at as at from users where id = ${id}`))[0]!.at !== null;

  it('reads and sets the line: none by default, a whole number from 0, or none again', async () => {
    const r = await fundedReseller(0);
    const read = await t.call({ method: 'GET', url: '/api/profile/low-credit', token: r.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ status: true, data: { threshold: null } });
    expect((await setLine(r.token, 50)).json()).toMatchObject({ status: true, msg: 'Low-balance threshold saved.', data: { threshold: 50 } });
    expect((await t.call({ method: 'GET', url: '/api/profile/low-credit', token: r.token })).json()).toMatchObject({ data: { threshold: 50 } });
    expect((await setLine(r.token, '0')).json()).toMatchObject({ data: { threshold: 0 } });
    expect((await setLine(r.token, '')).json()).toMatchObject({ msg: 'Low-balance threshold removed.', data: { threshold: null } });
    expect((await setLine(r.token, 12)).json()).toMatchObject({ data: { threshold: 12 } });
    expect((await setLine(r.token, null)).json()).toMatchObject({ data: { threshold: null } });
  });

  it('refuses a negative, fractional, non-numeric or too large line with the field message', async () => {
    const r = await fundedReseller(0);
    const whole = 'The low-balance threshold must be a whole number of 0 or more, or empty for none.';
    for (const bad of [-1, 1.5, 'ten', '-3', true]) expectFieldErrors(await setLine(r.token, bad), { threshold: [whole] });
    expectFieldErrors(await setLine(r.token, LOW_CREDIT_THRESHOLD_MAX + 1), { threshold: [`The low-balance threshold may not be greater than ${LOW_CREDIT_THRESHOLD_MAX}.`] });
    expect((await t.call({ method: 'GET', url: '/api/profile/low-credit', token: r.token })).json()).toMatchObject({ data: { threshold: null } });
    expectError(await t.call({ method: 'GET', url: '/api/profile/low-credit' }), 401, 'C10002');
  });

  it('is told once per fall under the line: two spends under it make one event; back above and under again, a second', async () => {
    const r = await fundedReseller(10);
    await listen(r.id, { events: ['credit.low'] });
    expect((await setLine(r.token, 8)).statusCode).toBe(200);
    expect((await buyCodes(r.token, 1)).statusCode).toBe(200); // 9: above
    expect(await eventsOf(r.id, 'credit.low')).toEqual([]);
    expect((await buyCodes(r.token, 2)).statusCode).toBe(200); // 7: under
    expect((await buyCodes(r.token, 1)).statusCode).toBe(200); // 6: still under, told already
    expect((await eventsOf(r.id, 'credit.low')).map((e) => e.data)).toEqual([{ account_id: r.id, balance: 7, threshold: 8 }]);
    expect(await notified(r.id)).toBe(true);

    expect((await recharge(t, admin, { email: r.email, points: 2 })).statusCode).toBe(200); // 8: back at the line
    expect(await notified(r.id)).toBe(false);
    expect((await buyCodes(r.token, 3)).statusCode).toBe(200); // 5: under again
    expect((await eventsOf(r.id, 'credit.low')).map((e) => e.data.balance)).toEqual([7, 5]);
  });

  it('is told by an activation spend too, and a new line the balance already meets re-arms it', async () => {
    const r = await fundedReseller(3);
    await listen(r.id, { events: ['credit.low'] });
    expect((await setLine(r.token, 3)).statusCode).toBe(200);
    const mac = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac });
    await activateDevice(t, r, mac, [apps[0]!]); // 1 point: 2, under 3
    expect((await eventsOf(r.id, 'credit.low')).map((e) => e.data)).toEqual([{ account_id: r.id, balance: 2, threshold: 3 }]);
    // A lower line the balance meets clears the mark; a line still above it keeps it.
    expect((await setLine(r.token, 5)).statusCode).toBe(200);
    expect(await notified(r.id)).toBe(true);
    expect((await setLine(r.token, 2)).statusCode).toBe(200);
    expect(await notified(r.id)).toBe(false);
    expect((await buyCodes(r.token, 1)).statusCode).toBe(200); // 1: under 2
    expect((await eventsOf(r.id, 'credit.low')).map((e) => e.data.balance)).toEqual([2, 1]);
  });

  it('leaves an account without a line alone', async () => {
    const r = await fundedReseller(5);
    await listen(r.id, { events: ['credit.low'] });
    expect((await buyCodes(r.token, 5)).statusCode).toBe(200);
    expect(await eventsOf(r.id, 'credit.low')).toEqual([]);
    expect(await notified(r.id)).toBe(false);
  });
});

describe('payment.completed and payment.failed', () => {
  it('are written when the built-in checkout pays, fails or cancels an order', async () => {
    const planRes = await t.call({ method: 'POST', url: '/api/add-payment-plans', token: admin, payload: { title: 'Hook plan', price: '9.5', description: 'for the events', credit_points: 40 } });
    expect(planRes.statusCode, planRes.body).toBe(200);
    const plan = planRes.json<{ data: { id: number } }>().data;
    const r = await fundedReseller(0);
    await listen(r.id, { events: ['payment.completed', 'payment.failed'] });
    const order = async () => {
      const res = await t.call({ method: 'POST', url: '/api/purchase-package', token: r.token, payload: { payment_plan_id: plan.id } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { orderId: string } }>().data.orderId;
    };
    const outcome = (orderId: string, value: string) => t.call({ method: 'POST', url: `/api/payments/sandbox/${orderId}`, token: r.token, payload: { outcome: value } });

    const paid = await order();
    expect((await outcome(paid, 'paid')).statusCode).toBe(200);
    expect((await outcome(paid, 'paid')).statusCode).toBe(200); // the same news again: no second event
    expect((await eventsOf(r.id, 'payment.completed')).map((e) => e.data)).toEqual([
      {
        account_id: r.id,
        order: { order_id: paid, status: 'completed', amount: '9.50', currency: 'EUR' },
        plan: { id: plan.id, name: 'Hook plan' },
        points: 40,
        balance_after: 40,
      },
    ]);

    const failed = await order();
    const cancelled = await order();
    expect((await outcome(failed, 'failed')).statusCode).toBe(200);
    expect((await outcome(cancelled, 'cancelled')).statusCode).toBe(200);
    expect((await eventsOf(r.id, 'payment.failed')).map((e) => e.data)).toEqual([
      { account_id: r.id, order: { order_id: failed, status: 'failed', amount: '9.50', currency: 'EUR' }, plan: { id: plan.id, name: 'Hook plan' }, points: 40 },
      { account_id: r.id, order: { order_id: cancelled, status: 'cancelled', amount: '9.50', currency: 'EUR' }, plan: { id: plan.id, name: 'Hook plan' }, points: 40 },
    ]);
    // The purchase credited the buyer: a payment, not a credit move between accounts.
    expect(await eventsOf(r.id, 'credit.received')).toEqual([]);
  });
});

describe('code.redeemed', () => {
  it("tells the code's owner the device and app, with the code's last 4 digits only", async () => {
    const r = await fundedReseller(5);
    await listen(r.id, { events: ['code.redeemed'] });
    const bought = await buyCodes(r.token, 1);
    expect(bought.statusCode).toBe(200);
    const code = bought.json<{ data: { id: number; value: string; expire_date: string }[] }>().data[0]!;
    const mac = uniqueMac();
    const res = await t.call({ method: 'POST', url: '/api/player/redeem-code', payload: { code: code.value, mac_address: mac, app_id: apps[0] } });
    expect(res.statusCode, res.body).toBe(200);
    // The same device again: nothing new happened.
    expect((await t.call({ method: 'POST', url: '/api/player/redeem-code', payload: { code: code.value, mac_address: mac, app_id: apps[0] } })).statusCode).toBe(200);
    const events = await eventsOf(r.id, 'code.redeemed');
    expect(events).toHaveLength(1);
    const [device] = await rows<{ id: number }>(t, sql`select id::int as id from devices where mac_address = ${mac} and application_id = ${apps[0]!}`);
    const [appName] = (await rows<{ app_name: string }>(t, sql`select app_name from applications where id = ${apps[0]!}`)).map((a) => a.app_name);
    expect(events[0]!.data).toEqual({
      account_id: r.id,
      code: { id: code.id, last4: code.value.slice(-4), type: 'yearly', expires_at: code.expire_date },
      device: { id: device!.id, mac_address: mac },
      app: { id: apps[0], name: appName },
      expires_at: code.expire_date,
    });
    expect(JSON.stringify(events[0]!.data)).not.toContain(code.value);
  });
});

describe('ticket.replied', () => {
  it("tells the raiser the support side's reply, not its own reopening", async () => {
    const r = await fundedReseller(0);
    await listen(r.id, { events: ['ticket.replied'] });
    const created = await t.call({ method: 'POST', url: '/api/create-ticket', token: r.token, payload: { title: 'Cannot activate', description: '<p>Help</p>' } });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json<{ data: { id: number } }>().data;
    const reply = `Fixed:\n\n  your   device works now. ${'x'.repeat(300)}`;
    expect((await t.call({ method: 'POST', url: `/api/resolve-tickets/${ticket.id}/resolve`, token: admin, payload: { comment: reply } })).statusCode).toBe(200);
    const [comment] = await rows<{ id: number; created_at: Date }>(t, sql`select id, created_at from ticket_comments where ticket_id = ${ticket.id}`);
    const events = await eventsOf(r.id, 'ticket.replied');
    expect(events.map((e) => e.data)).toEqual([
      {
        account_id: r.id,
        ticket: { id: ticket.id, subject: 'Cannot activate', status: 'RESOLVED' },
        reply: { id: comment!.id, author: { id: adminId, name: expect.any(String) }, created_at: new Date(comment!.created_at).toISOString(), excerpt: expect.stringMatching(/^Fixed: your device works now\. x+…$/) },
      },
    ]);
    expect(events[0]!.data.reply.excerpt).toHaveLength(200);
    expect((await t.call({ method: 'POST', url: `/api/reopen-tickets/${ticket.id}/reopen`, token: r.token, payload: { comment: 'Still broken' } })).statusCode).toBe(200);
    expect(await eventsOf(r.id, 'ticket.replied')).toHaveLength(1);
  });
});

describe('device.expiring', () => {
  it('goes with the daily reminder pass, once a day, even with the reminder mail switched off', async () => {
    const r = await fundedReseller(0);
    await listen(r.id, { events: ['device.expiring'] });
    await t.database.db.execute(sql`update users set expiry_reminders = false where id = ${r.id}`);
    const now = new Date(2033, 3, 10, 12, 0);
    const mac = uniqueMac();
    const expires = new Date(now.getTime() + 3 * 86_400_000);
    await t.database.db.execute(sql`insert into devices (application_id, mac_address, device_key, expire_date, lifetime, is_trial, activated_by, activated_at)
      values (${apps[0]!}, ${mac}, ${'key' + mac}, ${expires.toISOString()}, false, 0, ${r.id}, now())`);
    const deps = { db: t.database.db, mailer: t.app.deps.mailer, config: { ...t.app.deps.config, reminderHour: 0 }, log: pino({ level: 'silent' }) };
    const mailsBefore = t.mails().filter((m) => m.to === r.email).length;

    await sendDueReminders(deps, now);
    await sendDueReminders(deps, new Date(now.getTime() + 3_600_000));
    const events = await eventsOf(r.id, 'device.expiring');
    const [device] = await rows<{ id: number }>(t, sql`select id::int as id from devices where mac_address = ${mac}`);
    const [appName] = (await rows<{ app_name: string }>(t, sql`select app_name from applications where id = ${apps[0]!}`)).map((a) => a.app_name);
    expect(events.map((e) => e.data)).toEqual([
      { account_id: r.id, day: '2033-04-10', within_days: 7, devices: [{ id: device!.id, mac_address: mac, app: { id: apps[0], name: appName }, expires_at: expires.toISOString() }], total: 1 },
    ]);
    expect(t.mails().filter((m) => m.to === r.email)).toHaveLength(mailsBefore);
  });
});

describe('the sandbox', () => {
  it("emits nothing and leaves the live account's low-balance mark alone", async () => {
    const r = await fundedReseller(0);
    await listen(r.id);
    await t.database.db.execute(sql`update users set low_credit_threshold = 5 where id = ${r.id}`);
    expect((await t.call({ method: 'POST', url: '/api/sandbox/test-credit', token: r.token, payload: { credit_points: 6 } })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/sandbox/sendingcode', token: r.token, payload: { subscriptionType: 'yearly', codeCount: 3 } })).statusCode).toBe(200);
    expect(await eventsOf(r.id)).toEqual([]);
    expect((await rows<{ n: boolean }>(t, sql`select low_credit_notified_at is null as n from users where id = ${r.id}`))[0]!.n).toBe(true);
  });
});
