import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, rows } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant, fundedAdmin, recharge } from '../../../test/credit.js';
import { registerDevice, uniqueMac } from '../../../test/devices.js';

/**
 * A scoped key's daily spend cap under real concurrency: parallel requests through real HTTP
 * against PostgreSQL (PGlite runs one transaction at a time, so it cannot show a race).
 */
describe.skipIf(!onPostgres)('the daily spend cap under concurrent activations (PostgreSQL, real HTTP)', () => {
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

  const activate = async (token: string, mac: string) => {
    const res = await fetch(`${base}/api/bulk-multi-app-activate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requestData: { is_trial: 3, macAddress: mac, isConfirmed: true, app_ids: [apps[0]!] } }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('charges exactly 3 of 20 parallel activations by a key capped at 3 credits a day; the others are refused and cost nothing', async () => {
    const r = await createReseller(t, { applications: [apps[0]!] });
    expect((await recharge(t, admin, { email: r.email, points: 50 })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: `/api/resellers/${r.id}/enable-api-access`, token: admin })).statusCode).toBe(200);
    const created = await t.call({ method: 'POST', url: '/api/api-keys', token: r.token, payload: { name: 'bot', scopes: ['activate'], daily_spend_cap: 3 } });
    expect(created.statusCode, created.body).toBe(201);
    const { key, id } = created.json<{ data: { key: string; id: number } }>().data;
    const macs = Array.from({ length: 20 }, () => uniqueMac());
    for (const mac of macs) await registerDevice(t, { appId: apps[0]!, mac });

    const results = await Promise.all(macs.map((mac) => activate(key, mac)));
    expect(results.filter((x) => x.status === 200)).toHaveLength(3);
    for (const refused of results.filter((x) => x.status !== 200)) expect(refused).toMatchObject({ status: 403, body: { code: 'API_KEY_SPEND_CAP' } });

    expect(await balanceOf(t, r.id)).toBe(47);
    const [ledger] = await rows<{ n: number; total: string }>(
      t,
      sql`select count(*)::int as n, sum(credit_point)::text as total from credit_ledger where tr_type = 'Activation' and debitor_id = ${r.id}`,
    );
    expect(ledger).toEqual({ n: 3, total: '3' });
    const [saved] = await rows<{ n: number }>(t, sql`select count(*)::int as n from activations where reseller_id = ${r.id}`);
    expect(saved!.n).toBe(3);
    const [spend] = await rows<{ spent: string }>(t, sql`select spent::text from api_key_spend where key_id = ${id}`);
    expect(spend!.spent).toBe('3');
    await expectLedgerInvariant(t);
  });
});
