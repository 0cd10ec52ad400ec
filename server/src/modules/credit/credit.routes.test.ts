import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Utf8, decodeBase64Utf8, translate } from '@panel/contract';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/harness.js';
import { createVerifiedUser, expectError, expectFieldErrors, rows, signedUpReseller, type TestUser } from '../../../test/fixtures.js';
import {
  balanceOf,
  creditSnapshot,
  expectLedgerInvariant,
  fundedAdmin,
  PASSCODE,
  recharge,
  reseller,
  setPasscode,
  subReseller,
  validatePasscode,
} from '../../../test/credit.js';
import { csvCell } from '../../lib/csv.js';

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 100_000);
  const [row] = await rows<{ id: number }>(t, sql`select id from users where email = ${ADMIN_EMAIL}`);
  adminId = row!.id;
});
afterAll(() => t.close());

const balance = (token: string) => t.call({ method: 'GET', url: '/api/get-resellers/credit-points', token });

/** Runs a refused request and checks that no balance and no ledger row changed. */
async function refusedWithoutChange<T>(send: () => Promise<T>): Promise<T> {
  const before = await creditSnapshot(t);
  const res = await send();
  expect(await creditSnapshot(t)).toEqual(before);
  return res;
}

const move = (kind: 'add' | 'deduct', token: string, id: number | string, payload: unknown, headers: Record<string, string> = {}) =>
  t.call({
    method: 'POST',
    url: `/api/resellers/${id}/${kind === 'add' ? 'add-credit-point' : 'deduct-credit-point'}`,
    token,
    headers,
    payload: payload as Record<string, unknown>,
  });

/** A reseller holding `points`, recharged by the admin. */
async function fundedReseller(points: number): Promise<TestUser> {
  const r = await reseller(t);
  if (points > 0) expect((await recharge(t, admin, { email: r.email, points })).statusCode).toBe(200);
  return r;
}

describe('base64 of UTF-8 (contract)', () => {
  it('round-trips any text and refuses what is not strict base64 of UTF-8', () => {
    for (const text of ['', 'a', 'ab', 'abc', 'reseller@example.test', 'müller@exämple.de', '١٢٣٤', '😀 ok']) {
      expect(decodeBase64Utf8(encodeBase64Utf8(text))).toBe(text);
    }
    expect(encodeBase64Utf8('abc')).toBe(Buffer.from('abc').toString('base64'));
    expect(encodeBase64Utf8('müller')).toBe(Buffer.from('müller').toString('base64'));
    for (const bad of ['abc', 'ab=c', '!!!!', '/w==', 'wKw=', '7aCA']) expect(decodeBase64Utf8(bad)).toBeUndefined();
  });
});

describe('POST /api/admin-recharge-credit', () => {
  it("creates credit when an admin recharges its own e-mail ('Added Self Credit')", async () => {
    const before = await balanceOf(t, adminId);
    const res = await recharge(t, admin, { email: ADMIN_EMAIL, points: 250 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      httpCode: 200,
      msg: translate('en', 'credit.selfCredited'),
      data: { tr_type: 'Added Self Credit', credit_point: before + 250, reseller_credit_point: before + 250 },
    });
    expect(await balanceOf(t, adminId)).toBe(before + 250);
    const [row] = await rows(t, sql`select * from credit_ledger order by id desc limit 1`);
    expect(row).toMatchObject({ tr_type: 'Added Self Credit', debitor_id: null, creditor_id: adminId, creator_id: adminId, reason: 'recharge' });
    const [auditRow] = await rows(t, sql`select * from audit_log where action = 'credit.recharge' order by id desc limit 1`);
    expect(auditRow).toMatchObject({ actor_id: adminId, target_type: 'user', target_id: String(adminId) });
  });

  it("moves points from the admin's balance to a reseller ('Added Credit')", async () => {
    const r = await reseller(t);
    const before = await balanceOf(t, adminId);
    const res = await recharge(t, admin, { email: r.email, points: 40 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ httpCode: 200, msg: 'Credit points updated successfully.', data: { tr_type: 'Added Credit', credit_point: before - 40, reseller_credit_point: 40 } });
    expect(await balanceOf(t, adminId)).toBe(before - 40);
    expect((await balance(r.token)).json().credit_point).toBe(40);
    const [row] = await rows(t, sql`select * from credit_ledger order by id desc limit 1`);
    expect(row).toMatchObject({ tr_type: 'Added Credit', debitor_id: adminId, creditor_id: r.id, creator_id: adminId });
    expect(Number(row!.debitor_balance_after)).toBe(before - 40);
    expect(Number(row!.creditor_balance_after)).toBe(40);
  });

  it('lets a reseller recharge its own sub-reseller out of its own balance', async () => {
    const parent = await fundedReseller(30);
    const child = await subReseller(t, parent);
    const res = await recharge(t, parent.token, { email: child.email, points: 12 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(t, parent.id)).toBe(18);
    expect(await balanceOf(t, child.id)).toBe(12);
  });

  it('refuses a reseller recharging a sub-reseller of another reseller (C10013)', async () => {
    const parent = await fundedReseller(30);
    const stranger = await subReseller(t, await reseller(t));
    const res = await refusedWithoutChange(() => recharge(t, parent.token, { email: stranger.email, points: 5 }));
    expectError(res, 403, 'C10013', 'Unauthorized. You are not the parent reseller.');
  });

  it('refuses to move credit to another admin account (C10014)', async () => {
    const otherAdmin = await createVerifiedUser(t, { roleName: 'admin' });
    const res = await refusedWithoutChange(() => recharge(t, admin, { email: otherAdmin.email, points: 5 }));
    expectError(res, 403, 'C10014', translate('en', 'credit.adminAccount'));
  });

  it('refuses a reseller recharging its own e-mail: only an admin creates credit', async () => {
    const r = await fundedReseller(10);
    const res = await refusedWithoutChange(() => recharge(t, r.token, { email: r.email, points: 5 }));
    expectError(res, 403, 'SELF_ACTION', translate('en', 'credit.selfTransfer'));
  });

  it('refuses more points than the caller holds (C10422) and moves nothing', async () => {
    const parent = await fundedReseller(3);
    const child = await subReseller(t, parent);
    const res = await refusedWithoutChange(() => recharge(t, parent.token, { email: child.email, points: 4 }));
    expectError(res, 422, 'C10422', 'You do not have enough credit points.');
  });

  it('answers 422 on the e-mail field for an address that is no account', async () => {
    const res = await refusedWithoutChange(() => recharge(t, admin, { email: 'nobody-here@example.test', points: 5 }));
    expectFieldErrors(res, { resellerEmail: [translate('en', 'credit.resellerNotFound')] });
  });

  it('refuses a wrong passcode (403) and stops trying after 5 failures (429)', async () => {
    const parent = await fundedReseller(10);
    const child = await subReseller(t, parent);
    for (let i = 0; i < 5; i++) {
      const res = await refusedWithoutChange(() => recharge(t, parent.token, { email: child.email, points: 1, passcode: '9999' }));
      expectError(res, 403, 'INVALID_PASSCODE', 'Invalid passcode');
    }
    const locked = await refusedWithoutChange(() => recharge(t, parent.token, { email: child.email, points: 1 }));
    expectError(locked, 429, 'TOO_MANY_ATTEMPTS');
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('refuses a caller who has set no passcode yet', async () => {
    const noPasscode = await createVerifiedUser(t, { roleName: 'reseller' });
    const res = await refusedWithoutChange(() => recharge(t, noPasscode.token, { email: ADMIN_EMAIL, points: 1 }));
    expectError(res, 409, 'PASSCODE_NOT_SET');
  });

  it.each([
    ['fields that are not base64', { resellerEmail: 'not base64!', creditPoint: '%%%', creditSharePasscode: 'x' }, {
      resellerEmail: ['The reseller email is not correctly encoded.'],
      creditPoint: ['The credit point is not correctly encoded.'],
      creditSharePasscode: ['The credit share passcode is not correctly encoded.'],
    }],
    ['base64 of bytes that are not UTF-8', { resellerEmail: '/w==', creditPoint: encodeBase64Utf8('5'), creditSharePasscode: encodeBase64Utf8(PASSCODE) }, {
      resellerEmail: ['The reseller email is not correctly encoded.'],
    }],
    ['decoded values that break the rules', { resellerEmail: encodeBase64Utf8('not-an-email'), creditPoint: encodeBase64Utf8('0'), creditSharePasscode: encodeBase64Utf8('12ab') }, {
      resellerEmail: ['Please enter a valid email.'],
      creditPoint: ['The credit point must be a whole number of at least 1.'],
      creditSharePasscode: ['The passcode field must be a number.'],
    }],
    ['an amount that is not digits only', { resellerEmail: encodeBase64Utf8(ADMIN_EMAIL), creditPoint: encodeBase64Utf8('1.5'), creditSharePasscode: encodeBase64Utf8(PASSCODE) }, {
      creditPoint: ['The credit point must be a whole number of at least 1.'],
    }],
    ['an amount above the limit', { resellerEmail: encodeBase64Utf8(ADMIN_EMAIL), creditPoint: encodeBase64Utf8('9999999999'), creditSharePasscode: encodeBase64Utf8(PASSCODE) }, {
      creditPoint: ['The credit point may not be greater than 1000000000.'],
    }],
    ['missing fields', {}, {
      resellerEmail: ['The reseller email is required.'],
      creditPoint: ['The credit point is required.'],
      creditSharePasscode: ['The credit share passcode is required.'],
    }],
  ])('answers 422 with field messages for %s and moves nothing', async (_name, payload, errors) => {
    const res = await refusedWithoutChange(() => t.call({ method: 'POST', url: '/api/admin-recharge-credit', token: admin, payload }));
    expectFieldErrors(res, errors);
  });

  it.each(['-50', '0', '2.5'])('refuses the amount %s with a 422 in the caller\'s language and moves nothing', async (amount) => {
    const r = await reseller(t);
    const payload = { resellerEmail: encodeBase64Utf8(r.email), creditPoint: encodeBase64Utf8(amount), creditSharePasscode: encodeBase64Utf8(PASSCODE) };
    const res = await refusedWithoutChange(() => t.call({ method: 'POST', url: '/api/admin-recharge-credit', token: admin, lang: 'ar-EG', payload }));
    expectFieldErrors(res, { creditPoint: [translate('ar', 'validation.creditPoint')] });
    expect(await balanceOf(t, r.id)).toBe(0);
  });

  it('replays the first answer for a repeated request-id and moves credit once', async () => {
    const r = await reseller(t);
    const headers = { 'request-id': `recharge-${r.id}` };
    const first = await recharge(t, admin, { email: r.email, points: 7 }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const ledgerBefore = await creditSnapshot(t);
    const again = await recharge(t, admin, { email: r.email, points: 7 }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await creditSnapshot(t)).toEqual(ledgerBefore);
    expect(await balanceOf(t, r.id)).toBe(7);
  });

  it('refuses a request-id reused for a different request (409) and a malformed one (422)', async () => {
    const r = await reseller(t);
    const headers = { 'request-id': `reuse-${r.id}` };
    expect((await recharge(t, admin, { email: r.email, points: 2 }, headers)).statusCode).toBe(200);
    const other = await refusedWithoutChange(() => recharge(t, admin, { email: r.email, points: 3 }, headers));
    expectError(other, 409, 'CONFLICT', translate('en', 'credit.requestIdReused'));
    const bad = await refusedWithoutChange(() => recharge(t, admin, { email: r.email, points: 3 }, { 'request-id': 'x'.repeat(101) }));
    expectFieldErrors(bad, { 'request-id': ['The request id must be 1 to 100 visible characters.'] });
  });

  it("refuses a caller without 'recharge credit'", async () => {
    const sub = await subReseller(t, await reseller(t));
    const res = await refusedWithoutChange(() => recharge(t, sub.token, { email: ADMIN_EMAIL, points: 1 }));
    expectError(res, 403, 'FORBIDDEN');
  });

  it('answers in Arabic when asked', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/admin-recharge-credit',
      token: admin,
      lang: 'ar-EG',
      payload: { resellerEmail: '??', creditPoint: encodeBase64Utf8('1'), creditSharePasscode: encodeBase64Utf8(PASSCODE) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.resellerEmail[0]).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('POST /api/resellers/:id/add-credit-point', () => {
  it("moves points from the parent to its sub-reseller ('Added Credit') after a recent passcode check", async () => {
    const parent = await fundedReseller(20);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    const res = await move('add', parent.token, child.id, { resellerId: child.id, creditPoint: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, httpCode: 200, msg: 'Credit points added successfully.', data: { reseller_id: child.id, credit_point: 15, reseller_credit_point: 5 } });
    const [row] = await rows(t, sql`select * from credit_ledger order by id desc limit 1`);
    expect(row).toMatchObject({ tr_type: 'Added Credit', debitor_id: parent.id, creditor_id: child.id, creator_id: parent.id, reason: 'add' });
  });

  it('lets an admin add credit to any reseller out of its own balance', async () => {
    const r = await reseller(t);
    await validatePasscode(t, admin);
    const before = await balanceOf(t, adminId);
    const res = await move('add', admin, r.id, { creditPoint: '9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(t, adminId)).toBe(before - 9);
    expect(await balanceOf(t, r.id)).toBe(9);
  });

  it('refuses a move without a passcode check in this session (403)', async () => {
    const parent = await fundedReseller(20);
    const child = await subReseller(t, parent);
    const res = await refusedWithoutChange(() => move('add', parent.token, child.id, { creditPoint: 1 }));
    expectError(res, 403, 'PASSCODE_REQUIRED', translate('en', 'errors.passcodeValidationRequired', { count: 5 }));
    // A check in another session of the same account does not count.
    const otherSession = await t.login(parent.email, parent.password);
    await validatePasscode(t, otherSession);
    expectError(await refusedWithoutChange(() => move('add', parent.token, child.id, { creditPoint: 1 })), 403, 'PASSCODE_REQUIRED');
  });

  it('refuses a move when the passcode check is older than 5 minutes', async () => {
    const parent = await fundedReseller(20);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    await t.database.db.execute(sql`update sessions set passcode_validated_at = now() - interval '6 minutes' where user_id = ${parent.id}`);
    expectError(await refusedWithoutChange(() => move('add', parent.token, child.id, { creditPoint: 1 })), 403, 'PASSCODE_REQUIRED');
    await t.database.db.execute(sql`update sessions set passcode_validated_at = now() - interval '4 minutes' where user_id = ${parent.id}`);
    expect((await move('add', parent.token, child.id, { creditPoint: 1 })).statusCode).toBe(200);
  });

  it.each([
    ['a body that is no object', '[1]'],
    ['a resellerId that is not the path reseller', { resellerId: 999_999, creditPoint: 1 }],
    ['a resellerId that is no id', { resellerId: 'abc', creditPoint: 1 }],
  ])("answers C10010 'Invalid request format!' to %s", async (_name, payload) => {
    const parent = await fundedReseller(5);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    const res = await refusedWithoutChange(() =>
      t.call({ method: 'POST', url: `/api/resellers/${child.id}/add-credit-point`, token: parent.token, payload, headers: { 'content-type': 'application/json' } }),
    );
    expectError(res, 400, 'C10010', 'Invalid request format!');
  });

  it("answers C10010 to a path id that is no id", async () => {
    await validatePasscode(t, admin);
    expectError(await refusedWithoutChange(() => move('add', admin, 'abc', { creditPoint: 1 })), 400, 'C10010');
    expectError(await refusedWithoutChange(() => move('add', admin, '99999999999', { creditPoint: 1 })), 400, 'C10010');
  });

  it.each([
    ['zero', 0],
    ['a negative number', -3],
    ['a fraction', 1.5],
    ['text', 'ten'],
    ['nothing', undefined],
    ['a number above the limit', 1_000_000_001],
  ])('answers C10011 with the creditPoint message to %s', async (_name, creditPoint) => {
    const parent = await fundedReseller(5);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    const res = await refusedWithoutChange(() => move('add', parent.token, child.id, { creditPoint }));
    const body = expectError(res, 422, 'C10011');
    expect(body.errors).toEqual({
      creditPoint: [creditPoint === 1_000_000_001 ? 'The credit point may not be greater than 1000000000.' : 'The credit point must be a whole number of at least 1.'],
    });
  });

  it('answers C10012 for a reseller that does not exist or was removed', async () => {
    await validatePasscode(t, admin);
    expectError(await refusedWithoutChange(() => move('add', admin, 999_999, { creditPoint: 1 })), 400, 'C10012', translate('en', 'credit.resellerNotFound'));
    const removed = await reseller(t);
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${removed.id}`);
    expectError(await refusedWithoutChange(() => move('add', admin, removed.id, { creditPoint: 1 })), 400, 'C10012');
  });

  it("refuses a reseller acting on another reseller's sub-reseller (C10013)", async () => {
    const parent = await fundedReseller(5);
    await validatePasscode(t, parent.token);
    const stranger = await subReseller(t, await reseller(t));
    expectError(await refusedWithoutChange(() => move('add', parent.token, stranger.id, { creditPoint: 1 })), 403, 'C10013');
    // Nor on a reseller outside its reach.
    const other = await reseller(t);
    expectError(await refusedWithoutChange(() => move('add', parent.token, other.id, { creditPoint: 1 })), 403, 'C10013');
  });

  it('refuses to move credit to an admin account (C10014) or to oneself', async () => {
    const otherAdmin = await createVerifiedUser(t, { roleName: 'admin' });
    await validatePasscode(t, admin);
    expectError(await refusedWithoutChange(() => move('add', admin, otherAdmin.id, { creditPoint: 1 })), 403, 'C10014');
    const parent = await fundedReseller(5);
    await validatePasscode(t, parent.token);
    expectError(await refusedWithoutChange(() => move('add', parent.token, adminId, { creditPoint: 1 })), 403, 'C10014');
    expectError(await refusedWithoutChange(() => move('add', admin, adminId, { creditPoint: 1 })), 403, 'SELF_ACTION');
  });

  it('refuses more points than the giver holds (C10422)', async () => {
    const parent = await fundedReseller(5);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    expectError(await refusedWithoutChange(() => move('add', parent.token, child.id, { creditPoint: 6 })), 422, 'C10422');
  });

  it('moves once for a repeated request-id and replays the first answer', async () => {
    const parent = await fundedReseller(10);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    const headers = { 'request-id': `add-${child.id}` };
    const first = await move('add', parent.token, child.id, { creditPoint: 4 }, headers);
    const again = await move('add', parent.token, child.id, { creditPoint: 4 }, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(t, child.id)).toBe(4);
    expect(await balanceOf(t, parent.id)).toBe(6);
    // The same id from another account is another request.
    const otherParent = await fundedReseller(10);
    const otherChild = await subReseller(t, otherParent);
    await validatePasscode(t, otherParent.token);
    expect((await move('add', otherParent.token, otherChild.id, { creditPoint: 4 }, headers)).statusCode).toBe(200);
    expect(await balanceOf(t, otherChild.id)).toBe(4);
  });

  it("refuses a caller without 'reseller-list'", async () => {
    const sub = await subReseller(t, await reseller(t));
    await validatePasscode(t, sub.token);
    expectError(await refusedWithoutChange(() => move('add', sub.token, adminId, { creditPoint: 1 })), 403, 'FORBIDDEN');
  });
});

describe('POST /api/resellers/:id/deduct-credit-point', () => {
  it("withdraws points from a sub-reseller back to its parent ('Withdraw')", async () => {
    const parent = await fundedReseller(10);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    expect((await move('add', parent.token, child.id, { creditPoint: 8 })).statusCode).toBe(200);
    const res = await move('deduct', parent.token, child.id, { creditPoint: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'Credit points deducted successfully.', data: { reseller_id: child.id, credit_point: 5, reseller_credit_point: 5 } });
    const [row] = await rows(t, sql`select * from credit_ledger order by id desc limit 1`);
    expect(row).toMatchObject({ tr_type: 'Withdraw', debitor_id: child.id, creditor_id: parent.id, creator_id: parent.id });
    // The whole balance may be deducted, no more.
    expect((await move('deduct', parent.token, child.id, { creditPoint: 5 })).statusCode).toBe(200);
    expect(await balanceOf(t, child.id)).toBe(0);
  });

  it('refuses to deduct more than the sub-reseller holds (C10424)', async () => {
    const parent = await fundedReseller(10);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    expect((await move('add', parent.token, child.id, { creditPoint: 2 })).statusCode).toBe(200);
    const res = await refusedWithoutChange(() => move('deduct', parent.token, child.id, { creditPoint: 3 }));
    expectError(res, 422, 'C10424', translate('en', 'credit.childInsufficient', { points: 3 }));
  });

  it("refuses anyone but the parent (C10013) and admin accounts (C10014)", async () => {
    const parent = await fundedReseller(10);
    const stranger = await subReseller(t, await fundedReseller(10));
    await validatePasscode(t, parent.token);
    expectError(await refusedWithoutChange(() => move('deduct', parent.token, stranger.id, { creditPoint: 1 })), 403, 'C10013', 'Unauthorized. You are not the parent reseller.');
    expectError(await refusedWithoutChange(() => move('deduct', parent.token, adminId, { creditPoint: 1 })), 403, 'C10014');
  });

  it('lets an admin deduct from any reseller into its own balance', async () => {
    const r = await fundedReseller(10);
    await validatePasscode(t, admin);
    const before = await balanceOf(t, adminId);
    expect((await move('deduct', admin, r.id, { creditPoint: 10 })).statusCode).toBe(200);
    expect(await balanceOf(t, adminId)).toBe(before + 10);
    expect(await balanceOf(t, r.id)).toBe(0);
  });

  it('needs a recent passcode check, whole points of at least 1 and a well-formed body', async () => {
    const parent = await fundedReseller(10);
    const child = await subReseller(t, parent);
    expectError(await refusedWithoutChange(() => move('deduct', parent.token, child.id, { creditPoint: 1 })), 403, 'PASSCODE_REQUIRED');
    await validatePasscode(t, parent.token);
    expectError(await refusedWithoutChange(() => move('deduct', parent.token, child.id, { creditPoint: 0 })), 422, 'C10011');
    expectError(await refusedWithoutChange(() => move('deduct', parent.token, child.id, { resellerId: child.id + 1, creditPoint: 1 })), 400, 'C10010');
  });

  it('moves once for a repeated request-id', async () => {
    const parent = await fundedReseller(10);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    expect((await move('add', parent.token, child.id, { creditPoint: 10 })).statusCode).toBe(200);
    const headers = { 'request-id': 'same-deduct' };
    for (let i = 0; i < 3; i++) expect((await move('deduct', parent.token, child.id, { creditPoint: 4 }, headers)).statusCode).toBe(200);
    expect(await balanceOf(t, child.id)).toBe(6);
  });

  it("refuses a caller without 'deduct-credit'", async () => {
    const sub = await subReseller(t, await reseller(t));
    await validatePasscode(t, sub.token);
    expectError(await refusedWithoutChange(() => move('deduct', sub.token, adminId, { creditPoint: 1 })), 403, 'FORBIDDEN');
  });
});

describe('GET /api/total-credit-points', () => {
  it("answers the points shared within the caller's reach", async () => {
    const parent = await fundedReseller(50);
    const child = await subReseller(t, parent);
    const grandchild = await subReseller(t, child);
    await validatePasscode(t, parent.token);
    expect((await move('add', parent.token, child.id, { creditPoint: 20 })).statusCode).toBe(200);
    expect((await move('deduct', parent.token, child.id, { creditPoint: 5 })).statusCode).toBe(200);
    await validatePasscode(t, child.token);
    // A sub-reseller has no reseller-list permission; its share is made through the recharge call.
    expect((await recharge(t, admin, { email: grandchild.email, points: 1 })).statusCode).toBe(200);
    const mine = await t.call({ method: 'GET', url: '/api/total-credit-points', token: parent.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ status: true, data: { total_credit_points: 20 } });
    const [all] = await rows<{ n: string }>(t, sql`select sum(credit_point)::text as n from credit_ledger where tr_type = 'Added Credit'`);
    expect((await t.call({ method: 'GET', url: '/api/total-credit-points', token: admin })).json().data.total_credit_points).toBe(Number(all!.n));
    expect((await t.call({ method: 'GET', url: '/api/total-credit-points', token: (await signedUpReseller(t)).token })).json().data.total_credit_points).toBe(0);
  });
});

describe('POST /api/credit-transaction-logs', () => {
  it('counts 1,000 rows past the page and moves that window with the page', async () => {
    const other = await createTestApp();
    try {
      const token = await other.loginAdmin();
      await rows(
        other,
        sql`insert into credit_ledger (tr_type, credit_point, creditor_id, creator_id)
            select 'Added Self Credit', 1, u.id, u.id from users u, generate_series(1, 1205) where u.email = ${ADMIN_EMAIL}`,
      );
      const page = (page_number: number) =>
        other.call({ method: 'POST', url: '/api/credit-transaction-logs', token, payload: { page_number, page_size: 10 } });
      const first = await page(1);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ total: 1_000, total_capped: true, last_page: 100 });
      expect(first.json().data.ResellerCreditShareLog).toHaveLength(10);
      // The last page the first answer offers leads on: its own window reaches 1,990 rows.
      expect((await page(100)).json()).toMatchObject({ total: 1_205, total_capped: false, last_page: 121 });
      expect((await page(121)).json().data.ResellerCreditShareLog).toHaveLength(5);
    } finally {
      await other.close();
    }
  });

  let parent: TestUser;
  let child: TestUser;
  beforeAll(async () => {
    parent = await fundedReseller(100);
    child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    for (const points of [1, 2, 3]) expect((await move('add', parent.token, child.id, { creditPoint: points })).statusCode).toBe(200);
    expect((await move('deduct', parent.token, child.id, { creditPoint: 2 })).statusCode).toBe(200);
  });
  const logs = (token: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/credit-transaction-logs', token, payload });

  it('pages the rows newest first with their e-mails', async () => {
    const res = await logs(parent.token, { page_number: 1, page_size: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // The admin's recharge and four moves with the sub-reseller.
    expect(body.data).toMatchObject({ current_page: 1, last_page: 3, total: 5 });
    expect(body).toMatchObject({ current_page: 1, last_page: 3, total: 5 });
    expect(body.data.ResellerCreditShareLog).toHaveLength(2);
    expect(body.data.ResellerCreditShareLog[0]).toEqual({
      id: expect.any(Number),
      tr_type: 'Withdraw',
      credit_point: 2,
      creditor_detail: { email: parent.email },
      debitor_detail: { email: child.email },
      creator: { email: parent.email },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const last = await logs(parent.token, { page_number: 3, page_size: 2 });
    expect(last.json().data.ResellerCreditShareLog[0]).toMatchObject({ tr_type: 'Added Credit', debitor_detail: { email: ADMIN_EMAIL }, creditor_detail: { email: parent.email } });
  });

  it('shows a reseller only rows touching itself or its sub-resellers', async () => {
    const stranger = await fundedReseller(9);
    const mine = await logs(stranger.token, { page_size: 100 });
    expect(mine.json().data.total).toBe(1);
    expect((await logs(stranger.token, { userId: child.id })).json().data.total).toBe(0);
    expect((await logs(child.token, {})).json().data.total).toBe(4);
    const all = await logs(admin, { page_size: 100, userId: child.id });
    expect(all.json().data.total).toBe(4);
  });

  it('filters by transaction type given as a string or a list', async () => {
    const withdraws = await logs(parent.token, { transaction_type: 'Withdraw' });
    expect(withdraws.json().data.total).toBe(1);
    const shares = await logs(parent.token, { transaction_type: ['Added Credit', 'Added Self Credit'] });
    expect(shares.json().data.total).toBe(4);
    expectFieldErrors(await logs(parent.token, { transaction_type: 'Bonus' }), { transaction_type: ['The transaction type is invalid.'] });
  });

  it('searches the e-mails from 3 characters on and ignores shorter keywords', async () => {
    const local = child.email.split('@')[0]!;
    expect((await logs(parent.token, { keyword: local })).json().data.total).toBe(4);
    expect((await logs(parent.token, { keyword: 'zz' })).json().data.total).toBe(5);
    expect((await logs(parent.token, { keyword: 'no-such-mail-anywhere' })).json().data.total).toBe(0);
    expect((await logs(parent.token, { keyword: '%%%' })).json().data.total).toBe(0);
  });

  it('sorts by whitelisted columns only and bounds the page size', async () => {
    const asc = await logs(parent.token, { sort_key: 'credit_point', sort_type: 'asc', page_size: 100 });
    const points = asc.json().data.ResellerCreditShareLog.map((r: { credit_point: number }) => r.credit_point);
    expect(points).toEqual([...points].sort((a: number, b: number) => a - b));
    expectFieldErrors(await logs(parent.token, { sort_key: 'password_hash' }), { sort_key: ['The sort key is invalid.'] });
    const big = await logs(admin, { page_size: 5000 });
    expect(big.statusCode).toBe(200);
    expect(big.json().data.ResellerCreditShareLog.length).toBeLessThanOrEqual(100);
    expect(big.json().data.last_page).toBe(Math.max(1, Math.ceil(big.json().data.total / 100)));
  });

  it("refuses a caller without 'credit-point-share-log'", async () => {
    const outsider = await createVerifiedUser(t, { permissions: ['notif-bell'] });
    expectError(await logs(outsider.token, {}), 403, 'FORBIDDEN');
  });
});

const today = () => new Date().toISOString().slice(0, 10);

describe('POST /api/credit-share-log-download-date-range', () => {
  const download = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/credit-share-log-download-date-range', token, payload });

  it('answers a UTF-8 CSV with a header row and every visible row of the range', async () => {
    const parent = await fundedReseller(10);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    expect((await move('add', parent.token, child.id, { creditPoint: 3 })).statusCode).toBe(200);
    const res = await download(parent.token, { start_date: today(), end_date: today() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"ID","Date (UTC)","Type","Credit points","From","To","By"');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`"Added Credit","3","${parent.email}","${child.email}","${parent.email}"`);
    // The admin sees every row of the day.
    const all = await download(admin, { start_date: today(), end_date: today() });
    const [count] = await rows<{ n: number }>(t, sql`select count(*)::int as n from credit_ledger where created_at >= current_date`);
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(count!.n + 1);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ['+', '-', '@']) expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(csvCell('plain')).toBe('"plain"');
    const evil = await createVerifiedUser(t, { roleName: 'reseller', email: `-cmd${Date.now()}@example.test` });
    expect((await recharge(t, admin, { email: evil.email, points: 1 })).statusCode).toBe(200);
    const res = await download(admin, { start_date: today(), end_date: today() });
    expect(res.body).toContain(`"'${evil.email}"`);
    expect(res.body).not.toContain(`,"${evil.email}"`);
  });

  it('streams reports longer than one batch completely', async () => {
    const r = await reseller(t);
    // Rows far in the past, removed again at the end: the invariant checks balances, these carry none.
    await t.database.db.execute(sql`insert into credit_ledger (tr_type, credit_point, debitor_id, creditor_id, creator_id, created_at)
      select 'Added Credit', 1, ${adminId}, ${r.id}, ${adminId}, timestamptz '2020-01-01' + (g * interval '1 second') from generate_series(1, 2500) g`);
    try {
      const res = await download(admin, { start_date: '2020-01-01', end_date: '2020-01-31' });
      expect(res.statusCode).toBe(200);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines).toHaveLength(2501);
      expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(2500);
    } finally {
      await t.database.db.execute(sql`delete from credit_ledger where created_at < '2021-01-01'`);
    }
  });

  it("answers 'No records found for the given date range' when the range is empty", async () => {
    const res = await download(admin, { start_date: '2001-01-01', end_date: '2001-02-01' });
    expectError(res, 404, 'NOT_FOUND', 'No records found for the given date range');
  });

  it.each([
    ['an end before the start', { start_date: '2024-03-10', end_date: '2024-03-09' }, { end_date: ['End date must be after start date'] }],
    ['more than 3 months', { start_date: '2024-01-01', end_date: '2024-04-02' }, { end_date: ['Date range cannot exceed 3 months'] }],
    ['dates that are no dates', { start_date: 'yesterday', end_date: '2024-13-45' }, {
      start_date: ['The start date must be a valid date.'],
      end_date: ['The end date must be a valid date.'],
    }],
    ['missing dates', {}, { start_date: ['The start date is required.'], end_date: ['The end date is required.'] }],
  ])('answers 422 for %s', async (_name, payload, errors) => {
    expectFieldErrors(await download(admin, payload), errors);
  });

  it('accepts exactly 3 months', async () => {
    const res = await download(admin, { start_date: '2024-01-01', end_date: '2024-04-01' });
    expect(res.statusCode).not.toBe(422);
  });
});

describe('POST /api/credit-share-log-download/resellerlist', () => {
  const download = (token: string, resellerId: number) =>
    t.call({ method: 'POST', url: '/api/credit-share-log-download/resellerlist', token, payload: { reseller_id: resellerId } });

  it("answers a CSV of one sub-reseller's moves to its parent", async () => {
    const parent = await fundedReseller(10);
    const child = await subReseller(t, parent);
    await validatePasscode(t, parent.token);
    expect((await move('add', parent.token, child.id, { creditPoint: 4 })).statusCode).toBe(200);
    expect((await move('deduct', parent.token, child.id, { creditPoint: 1 })).statusCode).toBe(200);
    const res = await download(parent.token, child.id);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Added Credit","4"');
    expect(lines[2]).toContain('"Withdraw","1"');
  });

  it("answers C10012 'No records found for this reseller.' when it has none", async () => {
    const r = await reseller(t);
    expectError(await download(admin, r.id), 400, 'C10012', 'No records found for this reseller.');
  });

  it("refuses another reseller's sub-reseller (C10013)", async () => {
    const parent = await reseller(t);
    const stranger = await subReseller(t, await fundedReseller(5));
    expectError(await download(parent.token, stranger.id), 403, 'C10013');
  });
});

describe('the ledger', () => {
  it('keeps its invariant after every call of this file', async () => {
    await expectLedgerInvariant(t);
  });

  it('leaves a passcode set once', async () => {
    // setPasscode is idempotent for the fixtures; the second call must not replace the passcode.
    await setPasscode(t, admin, '1111');
    await validatePasscode(t, admin, PASSCODE);
  });
});
