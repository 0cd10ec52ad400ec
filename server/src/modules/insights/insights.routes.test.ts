import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  CREDIT_TR_TYPES,
  PACKAGE_TRIAL_CODES,
  translate,
  type ActivationPackage,
  type InsightsActivationsAnswer,
  type InsightsRefusalsAnswer,
  type InsightsRenewalsAnswer,
  type InsightsRunwayAnswer,
} from '@panel/contract';
import { applicationIds, createReseller, createVerifiedUser, expectError, rows, type TestUser } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { fundedAdmin, recharge } from '../../../test/credit.js';
import { periodStart, segmentsOf } from './insights.service.js';
import { registerDevice, uniqueMac } from '../../../test/devices.js';

let t: TestApp;
let admin: string;
let apps: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 100_000);
  apps = await applicationIds(t);
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

const get = (path: string, token: string, query: Record<string, string | number> = {}) =>
  t.call({ method: 'GET', url: `/api/insights/${path}`, token, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

function dataOf<T extends { data: unknown }>(res: LightMyRequestResponse): T['data'] {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>().data;
}

async function funded(options: { parent?: TestUser; points?: number } = {}): Promise<TestUser> {
  const r = await createReseller(t, { applications: apps.slice(0, 2), parent: options.parent });
  if (options.points !== 0) expect((await recharge(t, admin, { email: r.email, points: options.points ?? 100 })).statusCode).toBe(200);
  return r;
}

/** A reseller made by the admin, then moved under `parent` (as assign does): a tree one level deeper than add-subreseller makes. */
async function grandchild(parent: TestUser, points = 0): Promise<TestUser> {
  const r = await funded({ points });
  await t.database.db.execute(sql`update users set parent_reseller_id = ${parent.id} where id = ${r.id}`);
  return r;
}

/** Registers the MAC in these apps and activates it as `user` does on the activation screen. */
async function activate(user: TestUser, appIds: number[], pkg: ActivationPackage = '1-Year', mac = uniqueMac()) {
  for (const appId of appIds) await registerDevice(t, { appId, mac });
  const res = await t.call({
    method: 'POST',
    url: '/api/bulk-multi-app-activate',
    token: user.token,
    payload: { requestData: { is_trial: PACKAGE_TRIAL_CODES[pkg], macAddress: mac, app_ids: appIds, isConfirmed: true } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return mac;
}

async function buyCodes(user: TestUser, count: number, type: 'yearly' | 'lifetime' = 'yearly') {
  const res = await t.call({ method: 'POST', url: '/api/sendingcode', token: user.token, payload: { subscriptionType: type, codeCount: count } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: number; value: string }[] }>().data;
}

/** What the undo call does in its transaction: the Refund ledger row to the payer, and the activation marked refunded. */
async function undo(mac: string) {
  await t.database.db.transaction(async (tx) => {
    const txRows = async <T>(query: SQL): Promise<T[]> => {
      const result: unknown = await tx.execute(query);
      return (result as { rows: T[] }).rows;
    };
    const [a] = await txRows<{ id: number; reseller_id: number; credit_point: number }>(
      sql`select id, reseller_id, credit_point from activations where mac_address = ${mac} and refunded_at is null order by id limit 1`,
    );
    const [ledger] = await txRows<{ id: number }>(
      sql`insert into credit_ledger (tr_type, credit_point, creditor_id, creator_id, reason) values (${CREDIT_TR_TYPES.refund}, ${a!.credit_point}, ${a!.reseller_id}, ${a!.reseller_id}, 'activation-undo') returning id`,
    );
    await tx.execute(sql`update users set credit_point = credit_point + ${a!.credit_point} where id = ${a!.reseller_id}`);
    await tx.execute(sql`update activations set refunded_at = now(), refund_ledger_id = ${ledger!.id} where id = ${a!.id}`);
  });
}

/**
 * What deleting an unredeemed code with its refund does: the Refund ledger row (reason `code-refund`),
 * linked to the code's kept sale, and the code gone.
 */
async function refundCode(user: TestUser, codeId: number, amount: number) {
  await t.database.db.transaction(async (tx) => {
    const result: unknown = await tx.execute(
      sql`insert into credit_ledger (tr_type, credit_point, creditor_id, creator_id, reason) values (${CREDIT_TR_TYPES.refund}, ${amount}, ${user.id}, ${user.id}, 'code-refund') returning id`,
    );
    const [ledger] = (result as { rows: { id: number }[] }).rows;
    await tx.execute(sql`update users set credit_point = credit_point + ${amount} where id = ${user.id}`);
    await tx.execute(sql`delete from activation_codes where id = ${codeId}`);
    await tx.execute(sql`select insight_code_refund(${codeId}, ${ledger!.id})`);
  });
}

/** A code sold `daysAgo` days ago (its ledger row and its row written that day, as the purchase would have). */
async function pastCode(user: TestUser, daysAgo: number) {
  const created = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  const [code] = await rows<{ id: number }>(
    t,
    sql`with l as (insert into credit_ledger (tr_type, credit_point, debitor_id, creator_id, reason, created_at)
                   values (${CREDIT_TR_TYPES.code}, 1, ${user.id}, ${user.id}, 'code', ${created}) returning id)
        insert into activation_codes (value, type, reseller_id, created_by, ledger_id, expire_date, created_at)
        select ${`9${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 1e6)}`}, 'yearly', ${user.id}, ${user.id}, l.id, ${created}::timestamptz + interval '1 year', ${created} from l
        returning id`,
  );
  await t.database.db.execute(sql`update users set credit_point = credit_point - 1 where id = ${user.id}`);
  return Number(code!.id);
}

/**
 * An activation row written directly (a day in the past, an expiry of our choosing), with its
 * device and ledger row, as the activation call would have written it that day.
 */
async function pastActivation(user: TestUser, o: { mac?: string; appId?: number; pkg?: ActivationPackage; credits?: number; created: number; expires: number }) {
  const appId = o.appId ?? apps[0]!;
  const mac = o.mac ?? uniqueMac();
  const created = new Date(Date.now() + o.created * DAY_MS);
  const expires = new Date(Date.now() + o.expires * DAY_MS);
  await t.database.db.execute(sql`
    insert into devices (application_id, mac_address, device_key, expire_date, is_trial, activated_by, activated_at)
    values (${appId}, ${mac}, '12345678', ${expires.toISOString()}, 0, ${user.id}, ${created.toISOString()})
    on conflict (application_id, mac_address) do update set expire_date = excluded.expire_date`);
  await t.database.db.execute(sql`
    with d as (select id from devices where application_id = ${appId} and mac_address = ${mac}),
         l as (insert into credit_ledger (tr_type, credit_point, debitor_id, creator_id, reason, created_at)
               values ('Activation', ${o.credits ?? 1}, ${user.id}, ${user.id}, 'activation', ${created.toISOString()}) returning id)
    insert into activations (device_id, application_id, mac_address, reseller_id, ledger_id, package, credit_point, box_expiry_date, activated_from, created_at)
    select d.id, ${appId}, ${mac}, ${user.id}, l.id, ${o.pkg ?? '1-Year'}, ${o.credits ?? 1}, ${expires.toISOString()}, 'multi-app', ${created.toISOString()} from d, l`);
  return mac;
}

describe('GET /api/insights/activations', () => {
  let parent: TestUser;
  let child: TestUser;
  let deeper: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    parent = await funded();
    child = await funded({ parent });
    deeper = await grandchild(child, 50);
    stranger = await funded();
    const undone = await activate(parent, [apps[0]!]); // 1 credit, undone below
    await activate(parent, [apps[0]!, apps[1]!]); // 2 credits over two rows
    await activate(child, [apps[0]!], 'Lifetime'); // 2 credits
    await buyCodes(child, 1); // 1 credit
    await activate(deeper, [apps[1]!]); // 1 credit, two levels down
    await activate(stranger, [apps[0]!]); // another tree: never counted
    await undo(undone);
    // Yesterday: a 1-Year activation of the child, in the first app.
    await pastActivation(child, { created: -1, expires: 364 });
  });

  it("answers the tree's figures for today: undone activations left out of the sales and counted as refunds", async () => {
    const data = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: today(), to: today() }));
    expect(data).toMatchObject({ from: today(), to: today(), interval: 'day' });
    expect(data.periods).toEqual([
      {
        start: today(),
        // 2 rows (two apps) + 1 lifetime + 1 code + 1 deeper; the undone one is a refund.
        activations: 5,
        credits: 2 + 2 + 1 + 1,
        refunds: 1,
        by_application: [
          { application_id: apps[0]!, activations: 2, credits: 3 },
          { application_id: apps[1]!, activations: 2, credits: 2 },
        ],
        by_package: { '1-Year': 3, Lifetime: 1, code: 1 },
      },
    ]);
    expect(data.totals).toEqual({ activations: 5, credits: 6, refunds: 1 });
    expect(data.applications.map((a) => a.id)).toEqual([apps[0], apps[1]]);
  });

  it('lists every period of the range, zeros included, by day, week and month', async () => {
    const byDay = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token));
    expect(byDay.periods).toHaveLength(30);
    expect(byDay.from).toBe(daysFromToday(-29));
    expect(byDay.periods.at(-1)!.activations).toBe(5);
    expect(byDay.periods.at(-2)).toMatchObject({ start: daysFromToday(-1), activations: 1, credits: 1, refunds: 0, by_package: { '1-Year': 1, Lifetime: 0, code: 0 } });
    expect(byDay.periods.slice(0, -2).every((p) => p.activations === 0 && p.credits === 0 && p.by_application.length === 0)).toBe(true);
    expect(byDay.totals).toEqual({ activations: 6, credits: 7, refunds: 1 });

    const from = daysFromToday(-60);
    const byWeek = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from, to: today(), interval: 'week' }));
    expect(byWeek.periods[0]!.start).toBe(from);
    expect(byWeek.periods.slice(1).every((p) => new Date(`${p.start}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(byWeek.totals).toEqual({ activations: 6, credits: 7, refunds: 1 });
    const byMonth = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from, to: today(), interval: 'month' }));
    expect(byMonth.periods.slice(1).every((p) => p.start.endsWith('-01'))).toBe(true);
    expect(byMonth.periods.length).toBeGreaterThanOrEqual(2);
    expect(byMonth.totals).toEqual(byWeek.totals);
  });

  it('filters by application and by package', async () => {
    const first = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: today(), to: today(), application_id: apps[1]! }));
    expect(first.totals).toEqual({ activations: 2, credits: 2, refunds: 0 });
    const codes = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: today(), to: today(), package: 'code' }));
    expect(codes.totals).toEqual({ activations: 1, credits: 1, refunds: 0 });
    const lifetime = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: today(), to: today(), package: 'Lifetime' }));
    expect(lifetime.periods[0]!.by_package).toEqual({ '1-Year': 0, Lifetime: 1, code: 0 });
  });

  it("narrows to one account's own figures with reseller_id, and answers 404 outside the tree", async () => {
    const own = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: today(), to: today(), reseller_id: String(child.id) }));
    expect(own.totals).toEqual({ activations: 2, credits: 3, refunds: 0 });
    const deep = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: today(), to: today(), reseller_id: deeper.id }));
    expect(deep.totals).toEqual({ activations: 1, credits: 1, refunds: 0 });
    expectError(await get('activations', parent.token, { reseller_id: stranger.id }), 404, 'NOT_FOUND');
    expectError(await get('activations', child.token, { reseller_id: parent.id }), 404, 'NOT_FOUND');
    expectError(await get('activations', parent.token, { reseller_id: 2_000_000_000 }), 404, 'NOT_FOUND');
    // The child's tree: itself and the deeper account.
    const childTree = dataOf<InsightsActivationsAnswer>(await get('activations', child.token, { from: today(), to: today() }));
    expect(childTree.totals).toEqual({ activations: 3, credits: 4, refunds: 0 });
  });

  it("gives the admin the whole panel's figures", async () => {
    const all = dataOf<InsightsActivationsAnswer>(await get('activations', admin, { from: today(), to: today() }));
    expect(all.totals.activations).toBeGreaterThanOrEqual(6);
    const stranger1 = dataOf<InsightsActivationsAnswer>(await get('activations', admin, { from: today(), to: today(), reseller_id: stranger.id }));
    expect(stranger1.totals).toEqual({ activations: 1, credits: 1, refunds: 0 });
  });

  it('moves the figures with the account when its parent changes', async () => {
    const mover = await grandchild(child, 10);
    await activate(mover, [apps[0]!]);
    const before = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: today(), to: today() })).totals;
    await t.database.db.execute(sql`update users set parent_reseller_id = ${stranger.id} where id = ${mover.id}`);
    const after = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: today(), to: today() })).totals;
    expect(after).toEqual({ ...before, activations: before.activations - 1, credits: before.credits - 1 });
    const strangers = dataOf<InsightsActivationsAnswer>(await get('activations', stranger.token, { from: today(), to: today() })).totals;
    expect(strangers).toEqual({ activations: 2, credits: 2, refunds: 0 });
  });
});

describe("the closed days' memo", () => {
  const generation = async () => {
    await t.database.db.execute(sql`select insight_fold(null)`);
    return Number((await rows<{ generation: string }>(t, sql`select generation from insight_generation`))[0]!.generation);
  };
  const yearByWeek = async (user: TestUser) =>
    dataOf<InsightsActivationsAnswer>(await get('activations', user.token, { from: daysFromToday(-365), to: today(), interval: 'week' })).totals;
  /** Empties the memo rows of `user`'s tree, generation kept: a read that still uses them shows nothing of the closed days. */
  const blankMemo = (user: TestUser) => t.database.db.execute(sql`update insight_memo set packed = '' where key like ${`tree:${user.id}|%`}`);

  it('reads the closed days from the memo until a late write, a parent change or a rebuild, each counted at the next read, and prunes old memos', async () => {
    const parent = await funded({ points: 0 });
    const child = await funded({ parent, points: 50 });
    const other = await funded({ points: 0 });
    await pastActivation(child, { created: -10, expires: 355 });
    expect(await yearByWeek(parent)).toEqual({ activations: 1, credits: 1, refunds: 0 });
    await blankMemo(parent);
    expect(await yearByWeek(parent)).toEqual({ activations: 0, credits: 0, refunds: 0 });

    // Today's sales leave the closed days alone; a sale written on a day before yesterday does not.
    const before = await generation();
    await activate(child, [apps[0]!]);
    expect(await generation()).toBe(before);
    await pastActivation(child, { created: -5, expires: 360 });
    expect(await generation()).toBe(before + 1);
    expect(await yearByWeek(parent)).toEqual({ activations: 3, credits: 3, refunds: 0 });

    await t.database.db.execute(sql`update users set parent_reseller_id = ${other.id} where id = ${child.id}`);
    expect(await yearByWeek(parent)).toEqual({ activations: 0, credits: 0, refunds: 0 });
    expect(await yearByWeek(other)).toEqual({ activations: 3, credits: 3, refunds: 0 });

    await blankMemo(other);
    await t.database.db.execute(sql`select insight_rebuild()`);
    expect(await yearByWeek(other)).toEqual({ activations: 3, credits: 3, refunds: 0 });

    // A miss also clears the memo rows made three days ago or earlier.
    await t.database.db.execute(sql`insert into insight_memo (key, generation, made_on, packed) values ('stale', 0, ${daysFromToday(-3)}, '')`);
    await pastActivation(child, { created: -4, expires: 361 });
    expect(await yearByWeek(other)).toEqual({ activations: 4, credits: 4, refunds: 0 });
    expect(await rows(t, sql`select key from insight_memo where key = 'stale'`)).toEqual([]);
  });
});

describe('the roll-up against a recount from the raw rows', () => {
  it('equals the recount after a day of activations, undos, code sales, renewals and refunds', async () => {
    const parent = await funded({ points: 200 });
    const child = await funded({ parent, points: 0 });
    expect((await recharge(t, admin, { email: child.email, points: 100 })).statusCode).toBe(200);
    const macs: string[] = [];
    for (let i = 0; i < 6; i++) macs.push(await activate(i % 2 ? child : parent, i % 3 ? [apps[0]!] : [apps[0]!, apps[1]!], i === 4 ? 'Lifetime' : '1-Year'));
    // A renewal of a device activated today (it renews that term) and an undo of the renewal.
    await activate(parent, [apps[0]!], '1-Year', macs[1]);
    await undo(macs[0]!);
    await undo(macs[3]!);
    const codes = await buyCodes(child, 3);
    await buyCodes(parent, 1, 'lifetime');
    await refundCode(child, codes[0]!.id, 1);
    const renew = await t.call({ method: 'POST', url: '/api/renew-code', token: child.token, payload: { value: codes[1]!.value } });
    expect(renew.statusCode, renew.body).toBe(200);

    // An independent recount of the parent's tree for today, from the raw rows.
    const tree = [parent.id, child.id];
    const [raw] = await rows<{ activations: string; credits: string; refunds: string }>(
      t,
      sql`select
            (select count(*) filter (where refunded_at is null) from activations where reseller_id = any(${`{${tree.join(',')}}`}::int[]) and created_at >= ${today()}::date)
              + (select count(*) from activation_codes c join credit_ledger l on l.id = c.ledger_id where l.debitor_id = any(${`{${tree.join(',')}}`}::int[]) and c.created_at >= ${today()}::date) as activations,
            (select coalesce(sum(credit_point) filter (where refunded_at is null), 0) from activations where reseller_id = any(${`{${tree.join(',')}}`}::int[]) and created_at >= ${today()}::date)
              + (select coalesce(sum(credit_point), 0) from credit_ledger where tr_type = 'Activation Code' and debitor_id = any(${`{${tree.join(',')}}`}::int[]) and created_at >= ${today()}::date)
              - (select coalesce(sum(credit_point), 0) from credit_ledger where tr_type = 'Refund' and reason = 'code-refund' and creditor_id = any(${`{${tree.join(',')}}`}::int[]) and created_at >= ${today()}::date) as credits,
            (select count(*) filter (where refunded_at is not null) from activations where reseller_id = any(${`{${tree.join(',')}}`}::int[]) and created_at >= ${today()}::date)
              + (select count(*) from credit_ledger where tr_type = 'Refund' and reason = 'code-refund' and creditor_id = any(${`{${tree.join(',')}}`}::int[]) and created_at >= ${today()}::date) as refunds`,
    );
    const figures = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: today(), to: today() })).totals;
    // The refunded code is a refund, and no longer a sale: the recount of the rows still there says the same.
    expect(figures).toEqual({ activations: Number(raw!.activations), credits: Number(raw!.credits), refunds: Number(raw!.refunds) });
    // What the two accounts spent is what their balances lost.
    const [balances] = await rows<{ spent: string }>(t, sql`select 300 - sum(credit_point) as spent from users where id = any(${`{${tree.join(',')}}`}::int[])`);
    expect(figures.credits).toBe(Number(balances!.spent));

    // The whole roll-up, kept incrementally, equals the one insight_rebuild() recomputes from every raw row.
    await expectRebuildEqualsRollUp();
  });
});

/** The whole roll-up, and whether `insight_rebuild()` recomputes exactly it from the raw rows and the kept code sales. */
async function expectRebuildEqualsRollUp() {
  const snapshot = async () => {
    // Whatever is still pending is folded first.
    await t.database.db.execute(sql`select insight_fold(null)`);
    return {
      daily: await rows(
        t,
        sql`select * from insight_daily where activations <> 0 or credits <> 0 or refunds <> 0 order by reseller_id, scope, grain, day, application_id, package, shard`,
      ),
      runway: await rows(t, sql`select reseller_id, as_of::text, round(weighted::numeric, 6)::text as weighted from insight_runway order by reseller_id`),
      expiry: await rows(t, sql`select * from insight_expiry_daily where ending <> 0 or renewed <> 0 order by reseller_id, scope, day, shard`),
    };
  };
  const kept = await snapshot();
  await t.database.db.execute(sql`select insight_rebuild()`);
  expect(await snapshot()).toEqual(kept);
}

describe('code accounting', () => {
  it('takes a code refunded the next day back on the day it was sold, under the account that bought it', async () => {
    const parent = await funded({ points: 50 });
    const child = await funded({ parent, points: 50 });
    const sold = await pastCode(child, 1);
    await pastCode(child, 1);
    const yesterday = daysFromToday(-1);
    const before = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: yesterday, to: today() }));
    expect(before.periods.map((p) => [p.activations, p.credits, p.refunds])).toEqual([
      [2, 2, 0],
      [0, 0, 0],
    ]);
    await refundCode(child, sold, 1);
    const after = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: yesterday, to: today() }));
    expect(after.periods.map((p) => [p.start, p.activations, p.credits, p.refunds, p.by_package.code])).toEqual([
      [yesterday, 1, 1, 1, 1],
      [today(), 0, 0, 0, 0],
    ]);
    const own = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: yesterday, to: yesterday, reseller_id: child.id }));
    expect(own.totals).toEqual({ activations: 1, credits: 1, refunds: 1 });
    await expectRebuildEqualsRollUp();
  });

  it('keeps a code deleted without a refund counted as sold, in the roll-up and in a rebuild alike', async () => {
    const r = await funded({ points: 20 });
    const [kept, refunded, deleted] = await buyCodes(r, 3);
    // Through the delete call: an unredeemed code within the window gets its price back.
    const res = await t.call({ method: 'POST', url: '/api/delete-code', token: r.token, payload: { value: refunded!.value } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ refunded_points: number }>().refunded_points).toBe(1);
    // A delete without a refund (as for a redeemed code): the code was paid for.
    await t.database.db.execute(sql`delete from activation_codes where id = ${deleted!.id}`);
    const renew = await t.call({ method: 'POST', url: '/api/renew-code', token: r.token, payload: { value: kept!.value } });
    expect(renew.statusCode, renew.body).toBe(200);
    const figures = dataOf<InsightsActivationsAnswer>(await get('activations', r.token, { from: today(), to: today() })).totals;
    // 3 sold, 1 refunded; credits 3 + the renewal − the refund, what the balance lost.
    expect(figures).toEqual({ activations: 2, credits: 3, refunds: 1 });
    const [balance] = await rows<{ credit_point: number }>(t, sql`select credit_point from users where id = ${r.id}`);
    expect(20 - Number(balance!.credit_point)).toBe(figures.credits);
    await expectRebuildEqualsRollUp();
    expect(dataOf<InsightsActivationsAnswer>(await get('activations', r.token, { from: today(), to: today() })).totals).toEqual(figures);
  });
});

describe('weeks and months read from their own rows', () => {
  it('answers what summing the days gives, the first and last periods cut by the range included', async () => {
    const parent = await funded({ points: 0 });
    const child = await funded({ parent, points: 10 });
    const other = await funded({ parent, points: 0 });
    for (const [i, ago] of [3, 6, 9, 16, 30, 33, 41, 58, 64, 65, 90, 120].entries()) {
      await pastActivation(i % 3 ? child : other, { created: -ago, expires: 365 - ago, appId: apps[i % 2]!, pkg: i % 4 ? '1-Year' : 'Lifetime', credits: 1 + (i % 3) });
    }
    const code = await pastCode(child, 33);
    await refundCode(child, code, 1);
    for (const from of [daysFromToday(-100), daysFromToday(-64), daysFromToday(-5)]) {
      const queries: Record<string, string | number>[] = [{}, { application_id: apps[1]! }, { package: '1-Year' }, { reseller_id: child.id }];
      for (const query of queries) {
        const byDay = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from, ...query }));
        for (const interval of ['week', 'month'] as const) {
          const answer = dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from, interval, ...query }));
          const summed = new Map<string, [number, number, number, number]>();
          for (const day of byDay.periods) {
            const start = periodStart(day.start, interval, from);
            const sum = summed.get(start) ?? [0, 0, 0, 0];
            summed.set(start, [sum[0] + day.activations, sum[1] + day.credits, sum[2] + day.refunds, sum[3] + day.by_package['1-Year']]);
          }
          expect(answer.periods.map((p) => [p.start, p.activations, p.credits, p.refunds, p.by_package['1-Year']])).toEqual([...summed].map(([start, sum]) => [start, ...sum]));
          expect(answer.totals).toEqual(byDay.totals);
        }
      }
    }
    expect(dataOf<InsightsActivationsAnswer>(await get('activations', parent.token, { from: daysFromToday(-100), interval: 'month' })).totals.activations).toBe(11);
  });

  it('reads a range of whole weeks or months from their rows only, and the cut ends from the days', () => {
    // 2026-03-02 was a Monday.
    expect(segmentsOf('2026-03-02', '2026-03-15', 'week')).toEqual([{ grain: 'week', from: '2026-03-02', to: '2026-03-15' }]);
    expect(segmentsOf('2026-03-04', '2026-03-25', 'week')).toEqual([
      { grain: 'week', from: '2026-03-09', to: '2026-03-22' },
      { grain: 'day', from: '2026-03-04', to: '2026-03-08' },
      { grain: 'day', from: '2026-03-23', to: '2026-03-25' },
    ]);
    expect(segmentsOf('2026-03-04', '2026-03-08', 'week')).toEqual([{ grain: 'day', from: '2026-03-04', to: '2026-03-08' }]);
    expect(segmentsOf('2026-01-15', '2026-04-30', 'month')).toEqual([
      { grain: 'month', from: '2026-02-01', to: '2026-04-30' },
      { grain: 'day', from: '2026-01-15', to: '2026-01-31' },
    ]);
    expect(segmentsOf('2026-01-15', '2026-02-10', 'month')).toEqual([{ grain: 'day', from: '2026-01-15', to: '2026-02-10' }]);
    expect(segmentsOf('2026-01-15', '2026-02-10', 'day')).toEqual([{ grain: 'day', from: '2026-01-15', to: '2026-02-10' }]);
  });
});

describe('GET /api/insights/renewals', () => {
  it('counts the terms ending soon, the renewal rate of the last 90 days and the credits it will need', async () => {
    const parent = await funded();
    const child = await funded({ parent });
    // Terms that ended in the last 90 days:
    const t1 = await pastActivation(parent, { created: -400, expires: -35 }); // renewed 15 days after its end
    await pastActivation(parent, { mac: t1, created: -20, expires: 345 });
    await pastActivation(child, { created: -380, expires: -15 }); // not renewed
    const t3 = await pastActivation(parent, { created: -370, expires: -5 }); // renewed 5 days before its end
    await pastActivation(child, { mac: t3, created: -10, expires: 355 });
    const t5 = await pastActivation(child, { created: -425, expires: -60 }); // renewed 40 days after: too late
    await pastActivation(child, { mac: t5, created: -20, expires: 345 });
    await pastActivation(parent, { created: -465, expires: -100 }); // ended before the 90 days
    // Terms ending in the next 90 days:
    await pastActivation(child, { created: -362, expires: 3 });
    await pastActivation(parent, { created: -345, expires: 20 });
    await pastActivation(child, { created: -305, expires: 60 });
    const early = await pastActivation(child, { created: -315, expires: 50 }); // renewed already
    await pastActivation(child, { mac: early, created: -1, expires: 415 });
    await pastActivation(child, { created: -10, expires: 5, pkg: 'Lifetime' }); // never ends
    const undone = await activate(child, [apps[0]!]); // today's, undone: no term
    await undo(undone);

    const data = dataOf<InsightsRenewalsAnswer>(await get('renewals', parent.token));
    // Ended in the last 90 days: t1, t2, t3 and t5; renewed within 30 days of the end: t1 and t3.
    expect(data.renewal_rate).toEqual({ renewed: 2, expired: 4, rate: 0.5 });
    expect(data.expiring).toEqual({ days_7: 1, days_30: 2, days_90: 3 });
    // expiring × 2/4 × 1 credit, rounded up: 0.5 → 1, 1 → 1, 1.5 → 2.
    expect(data.credits_needed).toEqual({ days_7: 1, days_30: 1, days_90: 2 });

    const own = dataOf<InsightsRenewalsAnswer>(await get('renewals', parent.token, { reseller_id: child.id }));
    // The child's own terms: t2 and t5 ended (neither renewed in time); 3, 60 and the renewed 50 ahead.
    expect(own.renewal_rate).toEqual({ renewed: 0, expired: 2, rate: 0 });
    expect(own.expiring).toEqual({ days_7: 1, days_30: 1, days_90: 2 });
    expect(own.credits_needed).toEqual({ days_7: 0, days_30: 0, days_90: 0 });

    const none = dataOf<InsightsRenewalsAnswer>(await get('renewals', (await funded()).token));
    expect(none.renewal_rate).toEqual({ renewed: 0, expired: 0, rate: null });
    expect(none.credits_needed).toEqual({ days_7: 0, days_30: 0, days_90: 0 });
  });
});

describe('GET /api/insights/runway', () => {
  it("lists the sub-resellers with their balance, EWMA spend and days left, dormant and empty marked, sorted and paged", async () => {
    const parent = await funded();
    const busy = await funded({ parent, points: 100 });
    const idle = await funded({ parent, points: 0 });
    const deeper = await grandchild(busy, 40);
    // busy: today 2 (lifetime) + 1 (a code); 3 days ago 4; 40 days ago 9.
    await activate(busy, [apps[0]!], 'Lifetime');
    await buyCodes(busy, 1);
    await pastActivation(busy, { created: -3, expires: 362, credits: 4 });
    await pastActivation(busy, { created: -40, expires: 325, credits: 9 });
    // deeper: 10 credits 20 days ago.
    await pastActivation(deeper, { created: -20, expires: 345, credits: 10 });

    // daily spend = α × Σ spend(age) × (1 − α)^age, α = 2/29, rounded to 2 decimals.
    const alpha = 2 / 29;
    const w = (age: number) => (1 - alpha) ** age;
    const busySpend = Math.round(alpha * (3 * w(0) + 4 * w(3) + 9 * w(40)) * 100) / 100;
    const deeperSpend = Math.round(alpha * 10 * w(20) * 100) / 100;
    expect(busySpend).toBeGreaterThan(0);

    const res = await get('runway', parent.token, { sort: 'username', order: 'asc' });
    const body = res.json<InsightsRunwayAnswer>();
    expect(res.statusCode, res.body).toBe(200);
    expect(body.meta).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    const byId = new Map(body.data.map((r) => [r.id, r]));
    expect(byId.get(busy.id)).toEqual({ id: busy.id, username: busy.email, balance: 97, daily_spend: busySpend, days_left: Math.floor(97 / busySpend), dormant: false, empty: false });
    expect(byId.get(idle.id)).toEqual({ id: idle.id, username: idle.email, balance: 0, daily_spend: 0, days_left: null, dormant: true, empty: true });
    expect(byId.get(deeper.id)).toEqual({ id: deeper.id, username: deeper.email, balance: 40, daily_spend: deeperSpend, days_left: Math.floor(40 / deeperSpend), dormant: false, empty: false });
    expect(body.data.map((r) => r.username)).toEqual([busy.email, idle.email, deeper.email].sort());

    const byDays = (await get('runway', parent.token)).json<InsightsRunwayAnswer>().data.map((r) => r.days_left);
    expect(byDays.at(-1)).toBeNull();
    expect(byDays[0]!).toBeLessThanOrEqual(byDays[1]!);
    const page2 = (await get('runway', parent.token, { sort: 'balance', order: 'desc', per_page: 2, page: 2 })).json<InsightsRunwayAnswer>();
    expect(page2.data.map((r) => r.id)).toEqual([idle.id]);
    expect(page2.meta).toMatchObject({ total: 3, last_page: 2, current_page: 2, per_page: 2 });

    // One account of the tree; none outside it.
    expect((await get('runway', parent.token, { reseller_id: deeper.id })).json<InsightsRunwayAnswer>().data.map((r) => r.id)).toEqual([deeper.id]);
    expectError(await get('runway', busy.token, { reseller_id: idle.id }), 404, 'NOT_FOUND');
  });
});

describe('GET /api/insights/refusals', () => {
  it('counts refused activations by reason, one per request, the price checks not', async () => {
    const parent = await funded({ points: 1 });
    const child = await funded({ parent, points: 0 });
    const attempt = (user: TestUser, body: Record<string, unknown>) =>
      t.call({ method: 'POST', url: '/api/bulk-multi-app-activate', token: user.token, payload: { requestData: { is_trial: 3, isConfirmed: true, ...body } } });
    const mac = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac });
    expect((await attempt(child, { macAddress: mac, app_ids: [apps[0]] })).statusCode).toBe(422); // no credit
    expect((await attempt(child, { macAddress: mac, app_ids: [apps[0]], isConfirmed: false })).statusCode).toBe(200); // a price check
    expect((await attempt(parent, { macAddress: uniqueMac(), app_ids: [apps[0]] })).statusCode).toBe(422); // never registered
    expect((await attempt(parent, { macAddress: mac, app_ids: [apps[5]] })).statusCode).toBe(422); // not its app
    expect((await attempt(parent, { macAddress: mac, app_ids: [apps[0]], is_trial: 2 })).statusCode).toBe(422); // Lifetime costs 2: no credit

    const data = dataOf<InsightsRefusalsAnswer>(await get('refusals', parent.token));
    expect(data.from).toBe(daysFromToday(-29));
    expect(data.reasons.slice(0, 3)).toEqual([
      { reason: 'not_enough_credit', count: 2 },
      { reason: 'device_not_registered', count: 1 },
      { reason: 'app_not_allowed', count: 1 },
    ]);
    expect(data.reasons).toHaveLength(8);
    expect(data.reasons.slice(3).every((r) => r.count === 0)).toBe(true);
    const own = dataOf<InsightsRefusalsAnswer>(await get('refusals', parent.token, { reseller_id: child.id, from: today() }));
    expect(own.reasons[0]).toEqual({ reason: 'not_enough_credit', count: 1 });
    const yesterday = dataOf<InsightsRefusalsAnswer>(await get('refusals', parent.token, { from: daysFromToday(-1), to: daysFromToday(-1) }));
    expect(yesterday.reasons.every((r) => r.count === 0)).toBe(true);
  });
});

describe('bad input, hierarchy and permission', () => {
  it('answers 422 with the field for a range over 366 days, an end before the start, unknown apps, packages and values', async () => {
    const en = (key: string, field: string) => translate('en', key, { field: translate('en', `fields.${field}`) });
    const fieldsOf = (res: LightMyRequestResponse) => {
      expectError(res, 422, 'VALIDATION');
      return res.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect(fieldsOf(await get('activations', admin, { from: '2025-01-01', to: '2026-01-02' }))).toEqual({ to: [en('validation.insightsRangeTooLong', 'to')] });
    expect((await get('activations', admin, { from: '2024-01-01', to: '2024-12-31' })).statusCode).toBe(200); // 366 days of a leap year
    expect(fieldsOf(await get('activations', admin, { from: '2026-02-01', to: '2026-01-01' }))).toEqual({ to: [en('validation.endBeforeStart', 'to')] });
    // Only `from`, more than a year ago: the range through today is too long.
    expect(Object.keys(fieldsOf(await get('refusals', admin, { from: daysFromToday(-400) })))).toEqual(['to']);
    expect(fieldsOf(await get('activations', admin, { application_id: 999_999 }))).toEqual({ application_id: [en('validation.unknownApplication', 'application_id')] });
    expect(Object.keys(fieldsOf(await get('activations', admin, { application_id: 'abc', package: 'Monthly', interval: 'year' })))).toEqual(
      expect.arrayContaining(['application_id', 'package', 'interval']),
    );
    expect(Object.keys(fieldsOf(await get('activations', admin, { from: '2026-13-45' })))).toEqual(['from']);
    expect(Object.keys(fieldsOf(await get('runway', admin, { sort: 'name', order: 'up' })))).toEqual(['sort', 'order']);
    expect(Object.keys(fieldsOf(await get('renewals', admin, { reseller_id: 'x1' })))).toEqual(['reseller_id']);
    // '' means not given.
    expect((await get('activations', admin, { from: '', to: '', application_id: '', package: '', interval: '', reseller_id: '' })).statusCode).toBe(200);
  });

  it('needs the insights permission, which every default role holds', async () => {
    const without = await createVerifiedUser(t, { permissions: ['notif-bell'] });
    for (const path of ['activations', 'renewals', 'runway', 'refusals']) expectError(await get(path, without.token), 403, 'FORBIDDEN');
    const sub = await funded({ parent: await funded() });
    for (const path of ['activations', 'renewals', 'runway', 'refusals']) expect((await get(path, sub.token)).statusCode).toBe(200);
    const [granted] = await rows<{ roles: string }>(
      t,
      sql`select string_agg(r.name, ',' order by r.name) as roles from role_permissions rp join roles r on r.id = rp.role_id join permissions p on p.id = rp.permission_id where p.name = 'insights'`,
    );
    expect(granted!.roles).toBe('admin,reseller,sub-reseller');
  });
});
