import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ActivationCode, type CodeListAnswer, type CreateCodesAnswer, type DeleteCodeAnswer } from '@panel/contract';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, createRole, expectError, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant, fundedAdmin, recharge } from '../../../test/credit.js';
import { uniqueMac } from '../../../test/devices.js';
import { ACTIVATION_UNDO_HOURS as UNDO_WINDOW_SETTING } from '../../db/settings-keys.js';

/**
 * Deleting an unredeemed code within the undo window gives its price back to whoever paid for it
 * (issue 27): one `Refund` ledger row, in the delete's transaction; otherwise the delete goes
 * ahead without a refund and the answer says why.
 */

let t: TestApp;
let admin: string;
let adminId: number;
let app: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 100_000);
  adminId = (await rows<{ id: number }>(t, sql`select id from users where email = ${ADMIN_EMAIL}`))[0]!.id;
  app = (await applicationIds(t))[0]!;
});
afterAll(() => t.close());
afterEach(async () => {
  await t.database.db.execute(sql`delete from settings where key = ${UNDO_WINDOW_SETTING}`);
});

async function fundedReseller(points: number, options: { parent?: TestUser } = {}): Promise<TestUser> {
  const r = await createReseller(t, options);
  if (points > 0) expect((await recharge(t, admin, { email: r.email, points })).statusCode).toBe(200);
  return r;
}

async function bought(token: string, count = 1, subscriptionType = 'yearly', resellerEmail?: string): Promise<ActivationCode[]> {
  const res = await t.call({ method: 'POST', url: '/api/sendingcode', token, payload: { subscriptionType, codeCount: count, ...(resellerEmail ? { resellerEmail } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreateCodesAnswer>().data;
}

const remove = (token: string, value: string, resellerEmail?: string, lang?: string) =>
  t.call({ method: 'POST', url: '/api/delete-code', token, lang, payload: { value, ...(resellerEmail ? { resellerEmail } : {}) } });

async function deleted(token: string, value: string, resellerEmail?: string): Promise<DeleteCodeAnswer> {
  const res = await remove(token, value, resellerEmail);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeleteCodeAnswer>();
}

const refundRows = (creditorId: number) =>
  rows<{ id: number; tr_type: string; credit_point: number; debitor_id: number | null; creditor_balance_after: number; reason: string }>(
    t,
    sql`select id::int as id, tr_type, credit_point::int as credit_point, debitor_id, creditor_balance_after::int as creditor_balance_after, reason
      from credit_ledger where creditor_id = ${creditorId} and tr_type = 'Refund' order by id`,
  );

const listed = async (token: string) => (await t.call({ method: 'GET', url: '/api/activation-codes', token })).json<CodeListAnswer>().data;

const setWindow = (hours: number) =>
  t.database.db.execute(sql`insert into settings (key, value) values (${UNDO_WINDOW_SETTING}, ${String(hours)}) on conflict (key) do update set value = excluded.value`);

/** Makes a code as if bought `hours` ago: its purchase time and its expiry (a year after it, for a yearly code) move back together. */
const age = (value: string, hours: number) =>
  t.database.db.execute(sql`update activation_codes set created_at = created_at - make_interval(hours => ${hours}),
    expire_date = case when type = 'yearly' then expire_date - make_interval(hours => ${hours}) else expire_date end where value = ${value}`);

describe('deleting a code refunds it', () => {
  it("gives an unredeemed code's price back to its payer in one Refund ledger row with the balance after it; the list says so beforehand", async () => {
    const r = await fundedReseller(10);
    const [yearly] = await bought(r.token, 1, 'yearly');
    const [lifetime] = await bought(r.token, 1, 'lifetime');
    expect(yearly).toMatchObject({ refundable_points: 1, refund_refused: null });
    expect((await listed(r.token)).map((c) => [c.value, c.refundable_points])).toEqual([
      [lifetime!.value, 2],
      [yearly!.value, 1],
    ]);
    expect(await balanceOf(t, r.id)).toBe(7);

    expect(await deleted(r.token, lifetime!.value)).toEqual({
      status: true,
      msg: `The code was deleted. Credit given back to ${r.email}: 2.`,
      message: `The code was deleted. Credit given back to ${r.email}: 2.`,
      refunded_points: 2,
      refund_refused: null,
      refunded_to: { id: r.id, email: r.email },
    });
    expect(await balanceOf(t, r.id)).toBe(9);
    expect(await refundRows(r.id)).toEqual([{ id: expect.any(Number), tr_type: 'Refund', credit_point: 2, debitor_id: null, creditor_balance_after: 9, reason: 'code-refund' }]);
    expect((await deleted(r.token, yearly!.value)).refunded_points).toBe(1);
    expect(await balanceOf(t, r.id)).toBe(10);
    await expectLedgerInvariant(t);
  });

  it('refunds one code of a batch bought in one ledger row by its own price, the others staying refundable', async () => {
    const r = await fundedReseller(5);
    const codes = await bought(r.token, 3);
    const [purchase] = await rows<{ n: number; points: number }>(t, sql`select count(distinct ledger_id)::int as n, max(ledger_id)::int as points from activation_codes where reseller_id = ${r.id}`);
    expect(purchase!.n).toBe(1);
    expect((await deleted(r.token, codes[1]!.value)).refunded_points).toBe(1);
    expect(await balanceOf(t, r.id)).toBe(3);
    expect((await listed(r.token)).map((c) => c.refundable_points)).toEqual([1, 1]);
  });

  it('deletes without a refund a code redeemed (even reset since), renewed, or older than the window, saying why', async () => {
    const r = await fundedReseller(10);
    const [used, renewed, old, lifetime] = [...(await bought(r.token, 3)), ...(await bought(r.token, 1, 'lifetime'))];
    const redeemed = await t.call({ method: 'POST', url: '/api/player/redeem-code', payload: { code: used!.value, mac_address: uniqueMac(), app_id: app } });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const reset = await t.call({ method: 'POST', url: '/api/reset-code', token: r.token, payload: { code_id: used!.id } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/renew-code', token: r.token, payload: { value: renewed!.value } })).statusCode).toBe(200);
    await age(old!.value, 25);
    await age(lifetime!.value, 23);
    const balance = await balanceOf(t, r.id);
    const byValue = new Map((await listed(r.token)).map((c) => [c.value, c]));
    expect(byValue.get(reset.json<{ new_code: string }>().new_code)).toMatchObject({ refundable_points: 0, refund_refused: 'redeemed' });
    expect(byValue.get(renewed!.value)).toMatchObject({ refundable_points: 0, refund_refused: 'renewed' });
    expect(byValue.get(old!.value)).toMatchObject({ refundable_points: 0, refund_refused: 'late' });
    expect(byValue.get(lifetime!.value)).toMatchObject({ refundable_points: 2, refund_refused: null });

    expect(await deleted(r.token, reset.json<{ new_code: string }>().new_code)).toMatchObject({
      message: 'The code was deleted. It had been redeemed, so no credit came back.',
      refunded_points: 0,
      refund_refused: 'redeemed',
      refunded_to: null,
    });
    expect(await deleted(r.token, renewed!.value)).toMatchObject({ refunded_points: 0, refund_refused: 'renewed' });
    expect(await deleted(r.token, old!.value)).toMatchObject({ message: 'The code was deleted. It was bought more than 24 hours ago, so no credit came back.', refund_refused: 'late' });
    expect(await balanceOf(t, r.id)).toBe(balance);
    expect(await refundRows(r.id)).toEqual([]);
    // 23 hours old, inside the window: refunded.
    expect((await deleted(r.token, lifetime!.value)).refunded_points).toBe(2);
  });

  it("follows the admin's window: longer, and 0 turning refunds off", async () => {
    const r = await fundedReseller(5);
    const [a, b] = await bought(r.token, 2);
    await age(a!.value, 30);
    await setWindow(48);
    expect((await deleted(r.token, a!.value)).refunded_points).toBe(1);
    await setWindow(0);
    expect(await deleted(r.token, b!.value)).toMatchObject({ refunded_points: 0, refund_refused: 'off', message: 'The code was deleted. Refunds are turned off, so no credit came back.' });
    expect(await balanceOf(t, r.id)).toBe(4);
  });

  it("refunds the payer, deleted by the payer's parent or an admin, but not when the code's owner did not pay for it", async () => {
    const parent = await fundedReseller(10);
    const sub = await fundedReseller(5, { parent });
    // A parent whose role may act on its sub-resellers' codes.
    const roleId = await createRole(t, ['index-code', 'purchase-code', 'delete-code', 'delete-any-codes', 'ibopro-search']);
    await t.database.db.execute(sql`update users set role_id = ${roleId} where id = ${parent.id}`);
    const [first, second] = await bought(sub.token, 2);
    expect(await deleted(parent.token, first!.value, sub.email)).toMatchObject({ refunded_points: 1, refunded_to: { id: sub.id, email: sub.email } });
    expect(await deleted(admin, second!.value, sub.email)).toMatchObject({ refunded_points: 1, refunded_to: { id: sub.id } });
    expect(await balanceOf(t, sub.id)).toBe(5);
    expect(await balanceOf(t, parent.id)).toBe(10);

    // The parent pays for codes that are the sub-reseller's: the sub deleting one gets nothing back, the parent does.
    const [gift, gift2] = await bought(parent.token, 2, 'yearly', sub.email);
    expect((await listed(sub.token)).find((c) => c.value === gift!.value)).toMatchObject({ refundable_points: 0, refund_refused: 'notPayer' });
    expect(await deleted(sub.token, gift!.value)).toMatchObject({ refunded_points: 0, refund_refused: 'notPayer' });
    expect(await balanceOf(t, sub.id)).toBe(5);
    expect(await deleted(parent.token, gift2!.value, sub.email)).toMatchObject({ refunded_points: 1, refunded_to: { id: parent.id } });
    expect(await balanceOf(t, parent.id)).toBe(9);
    expect((await refundRows(adminId)).length).toBe(0);
    await expectLedgerInvariant(t);
  });

  it('refunds once: a deleted code is not found again, and deletes sent at once refund once', async () => {
    const r = await fundedReseller(3);
    const [code, raced] = await bought(r.token, 2);
    expect((await deleted(r.token, code!.value)).refunded_points).toBe(1);
    expectError(await remove(r.token, code!.value), 404, 'NOT_FOUND', 'Activation code not found.');
    const results = await Promise.all(Array.from({ length: 5 }, () => remove(r.token, raced!.value)));
    expect(results.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(results.filter((x) => x.statusCode === 404)).toHaveLength(4);
    expect(await balanceOf(t, r.id)).toBe(3);
    expect((await refundRows(r.id)).map((x) => x.credit_point)).toEqual([1, 1]);
    await expectLedgerInvariant(t);
  });

  it('answers in the caller language', async () => {
    const r = await fundedReseller(2);
    const [code] = await bought(r.token, 1);
    await age(code!.value, 30);
    const res = await remove(r.token, code!.value, undefined, 'de');
    expect(res.json()).toMatchObject({ message: 'Der Code wurde gelöscht. Er wurde vor mehr als 24 Stunden gekauft, daher wurde kein Guthaben zurückgebucht.' });
  });
});
