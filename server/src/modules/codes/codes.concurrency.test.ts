import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateCodesAnswer } from '@panel/contract';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, rows } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant, fundedAdmin, recharge } from '../../../test/credit.js';
import { uniqueMac } from '../../../test/devices.js';

/** Code purchases and redeems under real concurrency: parallel requests over real HTTP on PostgreSQL. */
describe.skipIf(!onPostgres)('activation codes under concurrent requests (PostgreSQL, real HTTP)', () => {
  let t: TestApp;
  let admin: string;
  let base: string;
  let app: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await fundedAdmin(t, 1_000);
    app = (await applicationIds(t))[0]!;
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const call = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('sells exactly 5 codes to a reseller holding 5 credits that sends 20 single-code purchases at once', async () => {
    const r = await createReseller(t);
    expect((await recharge(t, admin, { email: r.email, points: 5 })).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 20 }, () => call('/sendingcode', { subscriptionType: 'yearly', codeCount: 1 }, r.token)));
    expect(results.filter((x) => x.status === 200)).toHaveLength(5);
    for (const refused of results.filter((x) => x.status !== 200)) expect(refused).toMatchObject({ status: 422, body: { code: 'INSUFFICIENT_CREDIT' } });
    expect(await balanceOf(t, r.id)).toBe(0);
    const [codes] = await rows<{ n: number }>(t, sql`select count(*)::int as n from activation_codes where reseller_id = ${r.id}`);
    expect(codes!.n).toBe(5);
    await expectLedgerInvariant(t);
  });

  it('binds a code to one device when ten devices redeem it at once', async () => {
    const r = await createReseller(t);
    expect((await recharge(t, admin, { email: r.email, points: 1 })).statusCode).toBe(200);
    const bought = await call('/sendingcode', { subscriptionType: 'yearly', codeCount: 1 }, r.token);
    const value = (bought.body as CreateCodesAnswer).data[0]!.value;
    const results = await Promise.all(Array.from({ length: 10 }, () => call('/player/redeem-code', { code: value, mac_address: uniqueMac(), app_id: app })));
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    expect(results.filter((x) => x.status === 409)).toHaveLength(9);
    const [activations] = await rows<{ n: number }>(t, sql`select count(*)::int as n from activations where reseller_id = ${r.id}`);
    expect(activations!.n).toBe(1);
  });

  it('refunds a code once when ten deletes of it arrive at once', async () => {
    const r = await createReseller(t);
    expect((await recharge(t, admin, { email: r.email, points: 2 })).statusCode).toBe(200);
    const bought = await call('/sendingcode', { subscriptionType: 'lifetime', codeCount: 1 }, r.token);
    const value = (bought.body as CreateCodesAnswer).data[0]!.value;
    expect(await balanceOf(t, r.id)).toBe(0);
    const results = await Promise.all(Array.from({ length: 10 }, () => call('/delete-code', { value }, r.token)));
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    expect(results.find((x) => x.status === 200)!.body).toMatchObject({ refunded_points: 2 });
    expect(results.filter((x) => x.status === 404)).toHaveLength(9);
    expect(await balanceOf(t, r.id)).toBe(2);
    const [refunds] = await rows<{ n: number }>(t, sql`select count(*)::int as n from credit_ledger where creditor_id = ${r.id} and tr_type = 'Refund'`);
    expect(refunds!.n).toBe(1);
    await expectLedgerInvariant(t);
  });
});
