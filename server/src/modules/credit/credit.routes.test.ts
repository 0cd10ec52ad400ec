import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createVerifiedUser, expectError, signedUpReseller } from '../../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const balance = (token: string) => t.call({ method: 'GET', url: '/api/get-resellers/credit-points', token });

describe('GET /api/get-resellers/credit-points', () => {
  it('answers 0 for a new reseller', async () => {
    const reseller = await signedUpReseller(t);
    const res = await balance(reseller.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, credit_point: 0, data: { credit_point: 0 } });
  });

  it("answers the caller's own balance and nobody else's", async () => {
    const rich = await signedUpReseller(t);
    const poor = await createVerifiedUser(t, { permissions: ['notif-bell'] });
    await t.database.db.execute(sql`update users set credit_point = 42 where id = ${rich.id}`);
    await t.database.db.execute(sql`update users set credit_point = 7 where id = ${poor.id}`);
    expect((await balance(rich.token)).json()).toMatchObject({ credit_point: 42, data: { credit_point: 42 } });
    expect((await balance(poor.token)).json()).toMatchObject({ credit_point: 7, data: { credit_point: 7 } });
  });

  it('answers 401 without a session', async () => {
    expectError(await t.call({ method: 'GET', url: '/api/get-resellers/credit-points' }), 401, 'C10002');
  });
});
