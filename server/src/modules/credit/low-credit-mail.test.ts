import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createRole, rows, type TestUser } from '../../../test/fixtures.js';
import { fundedAdmin, fundedReseller, recharge } from '../../../test/credit.js';
import { decodeMail, type DecodedMail } from '../../../test/mail.js';
import { eventually } from '../../../test/webhooks.js';

/**
 * The low-balance mail (issue 27): a move that takes an account under the threshold it set on
 * Profile mails it once, in its language, with the balance, the threshold and where credit comes
 * from; not again until the balance is back at or above the threshold. Read from the outbox files.
 */

const BUY_LINK = 'http://panel.test/payment-plans';

let t: TestApp;
let admin: string;
let apps: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 1_000_000);
  apps = (await applicationIds(t)).slice(0, 2);
});
afterAll(() => t.close());

const funded = (points: number, options: { parent?: TestUser } = {}) => fundedReseller(t, admin, points, { applications: apps, ...options });

const setLine = (token: string, threshold: unknown) => t.call({ method: 'PATCH', url: '/api/profile/low-credit', token, payload: { threshold } });
const buyCodes = async (token: string, count: number) => {
  const res = await t.call({ method: 'POST', url: '/api/sendingcode', token, payload: { subscriptionType: 'yearly', codeCount: count } });
  expect(res.statusCode, res.body).toBe(200);
};

/** The low-balance mails written for `email` so far, oldest first (the outbox's files). */
const lowMails = (email: string): DecodedMail[] =>
  t
    .mails()
    .filter((m) => m.to === email)
    .map(decodeMail)
    .filter((m) => /credit is low|رصيدك منخفض|Guthaben ist niedrig/.test(m.subject));

/** The mail goes once the move committed, on its own: waits until `count` are there, and a little more for any extra one. */
async function settledMails(email: string, count: number): Promise<DecodedMail[]> {
  await eventually(async () => expect(lowMails(email).length).toBeGreaterThanOrEqual(count));
  await new Promise((resolve) => setTimeout(resolve, 150));
  return lowMails(email);
}

describe('the low-balance mail', () => {
  it('goes once per fall under the line: a further fall sends none, back at the line and under again sends a second', async () => {
    const r = await funded(10);
    expect((await setLine(r.token, 8)).statusCode).toBe(200);
    await buyCodes(r.token, 1); // 9: above the line
    await buyCodes(r.token, 2); // 7: under it
    const [first, ...others] = await settledMails(r.email, 1);
    expect(others).toEqual([]);
    expect(first!.subject).toBe('Your credit is low: 7 left');
    expect(first!.text).toContain('Your balance is now 7 credit points, under the low-balance threshold of 8 you set.');
    expect(first!.text).toContain(`Buy credit: ${BUY_LINK}`);
    expect(first!.html).toContain(`<a href="${BUY_LINK}">Buy credit</a>`);
    expect(first!.html).toContain('lang="en" dir="ltr"');

    await buyCodes(r.token, 1); // 6: still under, told already
    expect(await settledMails(r.email, 1)).toHaveLength(1);

    expect((await recharge(t, admin, { email: r.email, points: 2 })).statusCode).toBe(200); // 8: back at the line
    await buyCodes(r.token, 3); // 5: under again
    const mails = await settledMails(r.email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Your balance is now 5 credit points, under the low-balance threshold of 8 you set.');
  });

  it("is in the account's language, right to left in Arabic", async () => {
    const r = await funded(5);
    await t.database.db.execute(sql`update users set locale = 'ar' where id = ${r.id}`);
    expect((await setLine(r.token, 5)).statusCode).toBe(200);
    await buyCodes(r.token, 1); // 4: under 5
    const [mail, ...others] = await settledMails(r.email, 1);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('رصيدك منخفض: تبقّى \u20684\u2069');
    expect(mail!.html).toContain('lang="ar" dir="rtl"');
    expect(mail!.text).toContain('شراء رصيد');
    expect(mail!.text).toContain(BUY_LINK);
  });

  it('points an account that may not buy credit to the parent that gives it', async () => {
    const parent = await funded(100);
    const sub = await funded(3, { parent });
    // A role without purchase-package: its credit only comes from its parent.
    const roleId = await createRole(t, ['multi apps activation', 'purchase-code']);
    await t.database.db.execute(sql`update users set role_id = ${roleId} where id = ${sub.id}`);
    expect((await setLine(sub.token, 3)).statusCode).toBe(200);
    await buyCodes(sub.token, 1); // 2: under 3
    const [mail] = await settledMails(sub.email, 1);
    const parentName = (await rows<{ name: string }>(t, sql`select name from users where id = ${parent.id}`))[0]!.name;
    expect(mail!.text).toContain(`Your credit comes from ${parentName} (${parent.email}): ask them for more`);
    expect(mail!.text).toContain(`Ask for credit: mailto:${parent.email}?subject=`);
  });

  it('sends nothing for an account without a line, nor for a move that rolled back', async () => {
    const r = await funded(2);
    await buyCodes(r.token, 2);
    const s = await funded(1);
    expect((await setLine(s.token, 1)).statusCode).toBe(200);
    // Two codes cost 2: refused, nothing moved, nothing told.
    const refused = await t.call({ method: 'POST', url: '/api/sendingcode', token: s.token, payload: { subscriptionType: 'yearly', codeCount: 2 } });
    expect(refused.statusCode).not.toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lowMails(r.email)).toEqual([]);
    expect(lowMails(s.email)).toEqual([]);
  });
});
