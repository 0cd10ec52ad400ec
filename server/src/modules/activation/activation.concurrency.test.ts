import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, rows } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant, fundedAdmin, recharge } from '../../../test/credit.js';
import { registerDevice, uniqueMac } from '../../../test/devices.js';

/**
 * Activations under real concurrency: parallel requests through real HTTP against PostgreSQL
 * (PGlite runs one transaction at a time, so it cannot show a race).
 */
describe.skipIf(!onPostgres)('multi-app activation under concurrent requests (PostgreSQL, real HTTP)', () => {
  let t: TestApp;
  let admin: string;
  let base: string;
  let apps: number[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await fundedAdmin(t, 10_000);
    apps = await applicationIds(t);
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const activate = async (token: string, mac: string, appIds: number[], headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/api/bulk-multi-app-activate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ requestData: { is_trial: 3, macAddress: mac, isConfirmed: true, app_ids: appIds } }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('activates exactly 30 of 100 parallel 1-Year activations by a reseller holding 30 credits', async () => {
    const r = await createReseller(t, { applications: [apps[0]!] });
    expect((await recharge(t, admin, { email: r.email, points: 30 })).statusCode).toBe(200);
    const macs = Array.from({ length: 100 }, () => uniqueMac());
    for (const mac of macs) await registerDevice(t, { appId: apps[0]!, mac });

    const results = await Promise.all(macs.map((mac) => activate(r.token, mac, [apps[0]!])));
    const ok = results.filter((x) => x.status === 200);
    expect(ok).toHaveLength(30);
    for (const refused of results.filter((x) => x.status !== 200)) expect(refused).toMatchObject({ status: 422, body: { code: 'INSUFFICIENT_CREDIT' } });
    expect(await balanceOf(t, r.id)).toBe(0);

    const [ledger] = await rows<{ n: number; total: string }>(
      t,
      sql`select count(*)::int as n, sum(credit_point)::text as total from credit_ledger where tr_type = 'Activation' and debitor_id = ${r.id}`,
    );
    expect(ledger).toEqual({ n: 30, total: '30' });
    const [saved] = await rows<{ n: number; devices: number }>(
      t,
      sql`select count(*)::int as n, count(distinct device_id)::int as devices from activations where reseller_id = ${r.id}`,
    );
    expect(saved).toEqual({ n: 30, devices: 30 });
    const [paid] = await rows<{ n: number }>(t, sql`select count(*)::int as n from devices where activated_by = ${r.id} and is_trial = 0`);
    expect(paid!.n).toBe(30);
    await expectLedgerInvariant(t);
  });

  it('charges once for one MAC activated by 20 parallel requests sharing a request-id, and never deadlocks on overlapping apps', async () => {
    const r = await createReseller(t, { applications: apps.slice(0, 4) });
    expect((await recharge(t, admin, { email: r.email, points: 100 })).statusCode).toBe(200);
    const mac = uniqueMac();
    for (const appId of apps.slice(0, 4)) await registerDevice(t, { appId, mac });

    const burst = await Promise.all(Array.from({ length: 20 }, () => activate(r.token, mac, [apps[0]!, apps[1]!], { 'request-id': `burst-${r.id}` })));
    expect(burst.map((x) => x.status)).toEqual(Array(20).fill(200));
    for (const x of burst) expect(x.body).toEqual(burst[0]!.body);
    expect(await balanceOf(t, r.id)).toBe(98);

    // Overlapping app sets in different orders lock the same device rows in one order: all succeed.
    const sets = [[apps[0]!, apps[1]!], [apps[1]!, apps[0]!], [apps[2]!, apps[0]!, apps[3]!], [apps[3]!, apps[2]!]];
    const mixed = await Promise.all(Array.from({ length: 24 }, (_, i) => activate(r.token, mac, sets[i % sets.length]!)));
    expect(mixed.map((x) => x.status)).toEqual(Array(24).fill(200));
    expect(await balanceOf(t, r.id)).toBe(98 - 24 * 2);
    await expectLedgerInvariant(t);
  });
});
