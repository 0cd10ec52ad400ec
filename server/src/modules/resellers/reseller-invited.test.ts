import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, applicationIds, createPasswordFromMail, uniqueEmail } from '../../../test/fixtures.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

async function rowOf(email: string) {
  const res = await t.call({ method: 'GET', url: '/api/total-resellers/list', token: admin, query: { search_title: email } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { data: { email: string; status: number; invited: boolean }[] } }>().data.data.find((r) => r.email === email);
}

describe('GET /api/total-resellers/list: invited', () => {
  it('says a reseller is invited until it has set its password from the mail, then not', async () => {
    const email = uniqueEmail('invited');
    const res = await t.call({
      method: 'POST',
      url: '/api/add-resellers',
      token: admin,
      payload: { requestData: { name: 'Invited one', email, application_allowed: (await applicationIds(t)).slice(0, 1) } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowOf(email)).toMatchObject({ status: 1, invited: true });

    await createPasswordFromMail(t, email);
    expect(await rowOf(email)).toMatchObject({ status: 1, invited: false });
  });
});
