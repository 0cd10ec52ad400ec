import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsActivationsAnswer } from '@panel/contract';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { applicationIds, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant, fundedAdmin, fundedReseller, recharge, reseller, subReseller, validatePasscode } from '../../../test/credit.js';
import { activatedDevice } from '../../../test/devices.js';
import { decodeMail } from '../../../test/mail.js';

/**
 * What moves and sales leave to derive (issue 45): written with the money, derived after the
 * commit. A fold that never came (its node killed) or that died half way loses nothing; the
 * low-balance line fires once per fall however many moves race; an Insights read during a backlog
 * counts every committed sale.
 */

let t: TestApp;
let admin: string;
let apps: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 1_000_000);
  apps = (await applicationIds(t)).slice(0, 1);
});
afterAll(() => t.close());

const funded = (points: number, parent?: TestUser) => fundedReseller(t, admin, points, { applications: apps, ...(parent ? { parent } : {}) });

const pending = async () => {
  const [row] = await rows<{ sales: number; moves: number }>(
    t,
    sql`select (select count(*)::int from insight_pending) as sales, (select count(*)::int from outbox) as moves`,
  );
  return { sales: Number(row!.sales), moves: Number(row!.moves) };
};

/** The roll-up as it is folded now, every key summed over its shards. */
const rollUp = async () => ({
  daily: await rows(
    t,
    sql`select reseller_id, scope, grain, day::text, application_id, package, sum(activations)::int as a, sum(credits)::int as c, sum(refunds)::int as r
        from insight_daily group by 1, 2, 3, 4, 5, 6 having sum(activations) <> 0 or sum(credits) <> 0 or sum(refunds) <> 0 order by 1, 2, 3, 4, 5, 6`,
  ),
  expiry: await rows(t, sql`select reseller_id, scope, day::text, sum(ending)::int as e, sum(renewed)::int as r from insight_expiry_daily group by 1, 2, 3 having sum(ending) <> 0 or sum(renewed) <> 0 order by 1, 2, 3`),
  runway: await rows(t, sql`select reseller_id, as_of::text, round(weighted::numeric, 6)::text as w from insight_runway where weighted <> 0 order by 1`),
});

const lowEvents = async (userId: number) =>
  (await rows<{ data: unknown }>(t, sql`select data from webhook_events where user_id = ${userId} and type = 'credit.low' order by created_at, id`)).map(
    (e) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as { balance: number; threshold: number },
  );

/** The low-balance mails written for `email` (the outbox's files). */
const lowMails = (on: TestApp, email: string) =>
  on
    .mails()
    .filter((m) => m.to === email)
    .map(decodeMail)
    .filter((m) => m.subject.startsWith('Your credit is low'));

/** An enabled endpoint of `userId` for these events, written directly (no delivery worker runs here). */
async function listen(on: TestApp, userId: number, events: string[]) {
  await on.database.db.execute(sql`
    insert into webhook_endpoints (user_id, url, events, secret_encrypted)
    values (${userId}, 'https://hooks.example/panel', string_to_array(${events.join(',')}, ','), 'not-a-real-secret')`);
}

describe('a fold that never came, or died half way', () => {
  it('loses nothing: the sales and moves committed while the worker was killed are folded at the restart, and the figures equal insight_rebuild()', async () => {
    const parent = await funded(0);
    const child = await funded(40, parent);
    await t.call({ method: 'PATCH', url: '/api/profile/low-credit', token: child.token, payload: { threshold: 38 } });
    await listen(t, child.id, ['credit.low', 'activation.succeeded']);
    await t.database.db.execute(sql`select insight_rebuild()`);

    // The worker is killed: what commits from here stays in the outbox and insight_pending.
    await t.app.derived.stop();
    for (let i = 0; i < 3; i++) await activatedDevice(t, child, apps);
    const codes = await t.call({ method: 'POST', url: '/api/sendingcode', token: child.token, payload: { subscriptionType: 'yearly', codeCount: 1 } });
    expect(codes.statusCode, codes.body).toBe(200);
    expect(await balanceOf(t, child.id)).toBeLessThan(38);
    const left = await pending();
    expect(left.sales).toBeGreaterThanOrEqual(4);
    expect(left.moves).toBeGreaterThanOrEqual(4);
    const own = await rows(t, sql`select 1 from insight_daily where reseller_id = ${child.id} and scope = 'own'`);
    expect(own).toEqual([]);
    expect(await lowEvents(child.id)).toEqual([]);

    // A fold that dies half way (its transaction never commits) leaves the rows where they were.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select insight_fold(null)`);
        throw new Error('the node died');
      }),
    ).rejects.toThrow('the node died');
    expect(await pending()).toEqual(left);

    // The restarted node folds what was left as it starts.
    const restarted = await t.anotherNode();
    try {
      await restarted.app.derived.fold();
      expect(await pending()).toEqual({ sales: 0, moves: 0 });
      const folded = await rollUp();
      await t.database.db.execute(sql`select insight_rebuild()`);
      expect(await rollUp()).toEqual(folded);
      expect(folded.daily).toContainEqual(expect.objectContaining({ reseller_id: child.id, scope: 'own', grain: 'day', package: '1-Year', a: 3 }));
      // The fall the killed worker never told is told once.
      expect(await lowEvents(child.id)).toHaveLength(1);
      expect(lowMails(t, child.email)).toHaveLength(1);
      expect(await rows(t, sql`select 1 from webhook_events where user_id = ${child.id} and type = 'activation.succeeded'`)).toHaveLength(3);
    } finally {
      await restarted.close();
    }
  });
});

describe.skipIf(!onPostgres)('the low-balance line under concurrent moves (PostgreSQL, real HTTP)', () => {
  let u: TestApp;
  let base: string;
  beforeAll(async () => {
    u = await createTestApp();
    base = await u.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => u.close());

  it('fires once per fall under 50 concurrent moves: one credit.low, one mail; back above the line and under again, once more', async () => {
    const uAdmin = await fundedAdmin(u, 10_000);
    const parent = await reseller(u);
    expect((await recharge(u, uAdmin, { email: parent.email, points: 1_000 })).statusCode).toBe(200);
    const child = await subReseller(u, parent);
    await validatePasscode(u, parent.token);
    const move = (path: 'add' | 'deduct', points: number) =>
      fetch(`${base}/api/resellers/${child.id}/${path}-credit-point`, {
        method: 'POST',
        headers: { authorization: `Bearer ${parent.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ resellerId: child.id, creditPoint: points }),
      }).then((res) => res.status);
    expect(await move('add', 100)).toBe(200);
    await u.call({ method: 'PATCH', url: '/api/profile/low-credit', token: child.token, payload: { threshold: 75 } });
    await listen(u, child.id, ['credit.low']);

    // 50 deducts of 1 at once: the balance crosses 75 at one of them, whichever order they take.
    expect(await Promise.all(Array.from({ length: 50 }, () => move('deduct', 1)))).toEqual(Array(50).fill(200));
    await u.app.derived.fold();
    const events = async () =>
      (await rows<{ data: unknown }>(u, sql`select data from webhook_events where user_id = ${child.id} and type = 'credit.low'`)).map(
        (e) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as { balance: number; threshold: number },
      );
    expect(await events()).toEqual([{ account_id: child.id, balance: 74, threshold: 75 }]);
    expect(lowMails(u, child.email)).toHaveLength(1);

    // Back at the line, then 50 more at once: the second fall is told once more.
    expect(await move('add', 30)).toBe(200);
    expect(await Promise.all(Array.from({ length: 50 }, () => move('deduct', 1)))).toEqual(Array(50).fill(200));
    await u.app.derived.fold();
    expect((await events()).map((e) => e.balance)).toEqual([74, 74]);
    expect(lowMails(u, child.email)).toHaveLength(2);
    await expectLedgerInvariant(u);
  });
});

describe('an Insights read during a backlog', () => {
  it('counts every sale committed before it, folded or not', async () => {
    const r = await funded(20);
    const read = async () => {
      const res = await t.call({ method: 'GET', url: '/api/insights/activations', token: r.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<InsightsActivationsAnswer>().data.totals;
    };
    expect(await read()).toEqual({ activations: 0, credits: 0, refunds: 0 });
    // No fold after these sales: this node's folder is stopped, and none polls here.
    await t.app.derived.stop();
    await activatedDevice(t, r, apps);
    await activatedDevice(t, r, apps);
    expect((await pending()).sales).toBeGreaterThanOrEqual(2);
    expect(await read()).toEqual({ activations: 2, credits: 2, refunds: 0 });
    expect((await pending()).sales).toBe(0);
  });
});
