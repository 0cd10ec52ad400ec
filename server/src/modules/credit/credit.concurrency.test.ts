import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Utf8 } from '@panel/contract';
import { ADMIN_EMAIL, createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant, fundedAdmin, PASSCODE, recharge, reseller, subReseller, validatePasscode } from '../../../test/credit.js';

/**
 * Credit under real concurrency: many requests at once through real HTTP against PostgreSQL
 * (PGlite runs one transaction at a time, so it cannot show a race). After each test the ledger
 * invariant of DESIGN.md §4 holds.
 */
describe.skipIf(!onPostgres)('credit moves under concurrent requests (PostgreSQL, real HTTP)', () => {
  let t: TestApp;
  let admin: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await fundedAdmin(t, 1_000_000);
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerInvariant(t));

  const post = async (path: string, token: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const add = (token: string, id: number, points: number, headers?: Record<string, string>) =>
    post(`/api/resellers/${id}/add-credit-point`, token, { resellerId: id, creditPoint: points }, headers);
  const deduct = (token: string, id: number, points: number, headers?: Record<string, string>) =>
    post(`/api/resellers/${id}/deduct-credit-point`, token, { creditPoint: points }, headers);

  /** A reseller holding `points` and its sub-reseller holding `childPoints`, the parent's passcode freshly checked. */
  async function family(points: number, childPoints: number): Promise<{ parent: TestUser; child: TestUser }> {
    const parent = await reseller(t);
    expect((await recharge(t, admin, { email: parent.email, points: points + childPoints })).statusCode).toBe(200);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    if (childPoints > 0) expect((await add(parent.token, child.id, childPoints)).status).toBe(200);
    return { parent, child };
  }

  it('lets exactly 50 of 200 parallel deducts of 1 from a sub-reseller holding 50 succeed', async () => {
    const { parent, child } = await family(0, 50);
    const results = await Promise.all(Array.from({ length: 200 }, () => deduct(parent.token, child.id, 1)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(50);
    for (const r of results.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 422, body: { code: 'C10424' } });
    expect(await balanceOf(t, child.id)).toBe(0);
    expect(await balanceOf(t, parent.id)).toBe(50);
  });

  it('keeps the sum of two accounts constant under 100 parallel transfers in both directions', async () => {
    const { parent, child } = await family(60, 60);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? add(parent.token, child.id, 1) : deduct(parent.token, child.id, 1))),
    );
    // Both directions lock the two accounts in the same order: no deadlock, no refused move.
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect((await balanceOf(t, parent.id)) + (await balanceOf(t, child.id))).toBe(120);
    expect(await balanceOf(t, child.id)).toBe(60);
  });

  it('moves credit once for a request-id sent 30 times at once, and once more when repeated later', async () => {
    const { parent, child } = await family(100, 0);
    const headers = { 'request-id': `burst-${child.id}` };
    const results = await Promise.all(Array.from({ length: 30 }, () => add(parent.token, child.id, 5, headers)));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(await balanceOf(t, child.id)).toBe(5);
    const later = await add(parent.token, child.id, 5, headers);
    expect(later.body).toEqual(results[0]!.body);
    expect(await balanceOf(t, child.id)).toBe(5);
    expect(await balanceOf(t, parent.id)).toBe(95);
  });

  it('creates self credit once for a recharge request-id sent 8 times at once', async () => {
    const [me] = await rows<{ id: number }>(t, sql`select id from users where email = ${ADMIN_EMAIL}`);
    const before = await balanceOf(t, me!.id);
    const body = { resellerEmail: encodeBase64Utf8(ADMIN_EMAIL), creditPoint: encodeBase64Utf8('777'), creditSharePasscode: encodeBase64Utf8(PASSCODE) };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/admin-recharge-credit', admin, body, { 'request-id': 'self-credit-burst' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await balanceOf(t, me!.id)).toBe(before + 777);
  });
});
