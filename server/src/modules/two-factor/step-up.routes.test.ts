import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_WINDOW_MINUTES, RECOVERY_CODE_COUNT, STEP_UP_MINUTES } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createVerifiedUser, expectError, rows, roleIdByName, signedUpReseller, uniqueIp, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, creditSnapshot, fundedAdmin, PASSCODE, recharge, reseller, subReseller, validatePasscode } from '../../../test/credit.js';
import { codeAt, makeStepUpStale, turnOn, type WithFactor } from '../../../test/two-factor.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 100_000);
});
afterAll(() => t.close());

const stepUp = (token: string, code: string, ip = uniqueIp()) => t.call({ method: 'POST', url: '/api/step-up', token, payload: { code }, remoteAddress: ip });

/** A reseller with points, a passcode and a sub-reseller, whose factor is on and whose session confirmed it long ago. */
async function staleReseller(): Promise<{ parent: WithFactor; child: TestUser }> {
  const parent = await turnOn(t, await reseller(t));
  expect((await recharge(t, admin, { email: parent.email, points: 100 })).statusCode).toBe(200);
  const child = await subReseller(t, parent);
  expect((await recharge(t, admin, { email: child.email, points: 10 })).statusCode).toBe(200);
  await makeStepUpStale(t, parent.id);
  return { parent, child };
}

/** Sends the call twice: refused with STEP_UP_REQUIRED and nothing changed, then through after a step-up. */
async function guarded(user: WithFactor, send: () => ReturnType<TestApp['call']>, unchanged: () => Promise<unknown>, code = codeAt(user.secret)) {
  const before = [await creditSnapshot(t), await unchanged()];
  expectError(await send(), 403, 'STEP_UP_REQUIRED');
  expect([await creditSnapshot(t), await unchanged()]).toEqual(before);
  expect((await stepUp(user.token, code)).statusCode).toBe(200);
  const res = await send();
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const secrets = async (id: number) =>
  rows(t, sql`select password_hash, credit_share_passcode_hash, api_key_hash from users where id = ${id}`);

describe('POST /api/step-up', () => {
  it('confirms the session with a TOTP code for the next minutes, audited without the code', async () => {
    const user = await turnOn(t, await signedUpReseller(t));
    await makeStepUpStale(t, user.id);
    const code = codeAt(user.secret);
    const res = await stepUp(user.token, code);
    expect(res.statusCode, res.body).toBe(200);
    const until = new Date(res.json<{ data: { confirmed_until: string } }>().data.confirmed_until).getTime();
    expect(Math.abs(until - (Date.now() + STEP_UP_MINUTES * 60_000))).toBeLessThan(5_000);
    const [session] = await rows<{ two_factor_at: Date }>(t, sql`select two_factor_at from sessions where user_id = ${user.id}`);
    expect(Date.now() - new Date(session!.two_factor_at).getTime()).toBeLessThan(5_000);
    const audits = await rows<{ details: unknown }>(t, sql`select details from audit_log where action = 'two_factor.step_up' and target_id = ${String(user.id)}`);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(code);
    // The same step is spent: another session of the account, not confirmed, cannot use it.
    const challenge = (await t.call({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).json<{ challenge: string }>().challenge;
    const other = (await t.call({ method: 'POST', url: '/api/login/two-factor', payload: { challenge, code: user.recoveryCodes[0] } })).json<{ token: string }>().token;
    await t.database.db.execute(sql`update sessions set two_factor_at = null where id = (select max(id) from sessions where user_id = ${user.id})`);
    expectError(await stepUp(other, code), 401, 'INVALID_TWO_FACTOR_CODE');
  });

  it('answers a repeat of the code that just confirmed this session as the first, counting no failure', async () => {
    const user = await turnOn(t, await signedUpReseller(t));
    await makeStepUpStale(t, user.id);
    const code = codeAt(user.secret);
    const first = await stepUp(user.token, code);
    expect(first.statusCode, first.body).toBe(200);
    // Confirm pressed six times: more than the five failures that would lock the account.
    for (let i = 0; i < 6; i += 1) {
      const again = await stepUp(user.token, code);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    const [audits] = await rows<{ n: number }>(t, sql`select count(*)::int as n from audit_log where action = 'two_factor.step_up' and target_id = ${String(user.id)}`);
    expect(audits!.n).toBe(1);
    const [counted] = await rows<{ count: number }>(t, sql`select count from rate_limits where key = ${`two-factor:account:${user.id}`}`);
    expect(counted?.count ?? 0).toBe(0);
  });

  it('confirms once when the same TOTP step is sent ten times at once; the repeats answer as the first', async () => {
    const user = await turnOn(t, await signedUpReseller(t));
    const code = codeAt(user.secret);
    const results = await Promise.all(Array.from({ length: 10 }, () => stepUp(user.token, code)));
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    // At most five are checked; none of them is a failure.
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.statusCode).toBe(429);
    const [row] = await rows<{ n: number }>(t, sql`select count(*)::int as n from audit_log where action = 'two_factor.step_up' and target_id = ${String(user.id)}`);
    expect(row!.n).toBe(1);
  });

  it('confirms once when the same recovery code is sent ten times at once', async () => {
    const user = await turnOn(t, await signedUpReseller(t));
    const results = await Promise.all(Array.from({ length: 10 }, () => stepUp(user.token, user.recoveryCodes[0]!)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [left] = await rows<{ n: number }>(t, sql`select count(*)::int as n from recovery_codes where user_id = ${user.id} and used_at is null`);
    expect(left!.n).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('answers 429 with Retry-After after five wrong codes, even with the right one', async () => {
    const user = await turnOn(t, await signedUpReseller(t));
    await makeStepUpStale(t, user.id);
    for (let i = 0; i < 5; i += 1) expectError(await stepUp(user.token, '000000'), 401, 'INVALID_TWO_FACTOR_CODE');
    const blocked = await stepUp(user.token, codeAt(user.secret));
    expectError(blocked, 429, 'TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(LOGIN_WINDOW_MINUTES * 60 - 60);
    const [session] = await rows<{ two_factor_at: Date }>(t, sql`select two_factor_at from sessions where user_id = ${user.id}`);
    expect(Date.now() - new Date(session!.two_factor_at).getTime()).toBeGreaterThan(STEP_UP_MINUTES * 60_000);
  });

  it('refuses an account without a factor, an empty code and an API key', async () => {
    const user = await signedUpReseller(t);
    expectError(await stepUp(user.token, '123456'), 409, 'TWO_FACTOR_NOT_ON');
    const empty = await t.call({ method: 'POST', url: '/api/step-up', token: user.token, payload: {} });
    expect(Object.keys(empty.json().errors)).toEqual(['code']);
    const withFactor = await turnOn(t, await signedUpReseller(t));
    await t.database.db.execute(sql`update users set api_access = 1 where id = ${withFactor.id}`);
    const apiKey = (await t.call({ method: 'GET', url: `/api/resellers/${withFactor.id}/get-api-key`, token: admin })).json<{ data: { api_key: string } }>().data.api_key;
    expectError(await stepUp(apiKey, codeAt(withFactor.secret)), 403, 'SESSION_REQUIRED');
  });
});

describe('calls guarded by the step-up, for a session that confirmed its factor more than 10 minutes ago', () => {
  it('credit share (recharge of a sub-reseller)', async () => {
    const { parent, child } = await staleReseller();
    await guarded(parent, () => recharge(t, parent.token, { email: child.email, points: 3 }), async () => null);
    expect(await balanceOf(t, child.id)).toBe(13);
  });

  it('add and deduct from the reseller list, before the passcode check', async () => {
    const { parent, child } = await staleReseller();
    // No passcode validated: the step-up is asked first.
    const add = () => t.call({ method: 'POST', url: `/api/resellers/${child.id}/add-credit-point`, token: parent.token, payload: { creditPoint: 2 } });
    expectError(await add(), 403, 'STEP_UP_REQUIRED');
    await validatePasscode(t, parent.token);
    await guarded(parent, add, async () => null);
    await makeStepUpStale(t, parent.id);
    const deduct = () => t.call({ method: 'POST', url: `/api/resellers/${child.id}/deduct-credit-point`, token: parent.token, payload: { creditPoint: 1 } });
    await guarded(parent, deduct, async () => null, parent.recoveryCodes[0]);
    expect(await balanceOf(t, child.id)).toBe(11);
  });

  it("the admin's recharge", async () => {
    const adminWithFactor = await createVerifiedUser(t, { roleId: await roleIdByName(t, 'admin') });
    const other = await reseller(t);
    await t.call({ method: 'POST', url: '/api/set-credit-share-pass-code', token: adminWithFactor.token, payload: { requestData: { passcode: PASSCODE } } });
    const self = await recharge(t, adminWithFactor.token, { email: adminWithFactor.email, points: 50 });
    expect(self.statusCode, self.body).toBe(200);
    const on = await turnOn(t, adminWithFactor);
    await makeStepUpStale(t, on.id);
    await guarded(on, () => recharge(t, on.token, { email: other.email, points: 5 }), async () => null);
    expect(await balanceOf(t, other.id)).toBe(5);
  });

  it('revealing or creating an API key', async () => {
    const user = await turnOn(t, await createVerifiedUser(t, { permissions: ['Api-Control'] }));
    await makeStepUpStale(t, user.id);
    await guarded(user, () => t.call({ method: 'GET', url: `/api/resellers/${user.id}/get-api-key`, token: user.token }), () => secrets(user.id));
    const audits = await rows<{ action: string }>(t, sql`select action from audit_log where target_id = ${String(user.id)} and action like 'reseller.api-key.%' order by id`);
    expect(audits.map((a) => a.action)).toEqual(['reseller.api-key.create', 'reseller.api-key.view']);
  });

  it('changing the password, not the name alone', async () => {
    const user = await turnOn(t, await signedUpReseller(t));
    await makeStepUpStale(t, user.id);
    const rename = await t.call({ method: 'PUT', url: '/api/profile/update', token: user.token, payload: { name: 'Renamed' } });
    expect(rename.statusCode, rename.body).toBe(200);
    const change = () =>
      t.call({ method: 'PUT', url: '/api/profile/update', token: user.token, payload: { name: 'Renamed', password: 'Other@456', password_confirmation: 'Other@456' } });
    await guarded(user, change, () => secrets(user.id));
  });

  it("changing a sub-reseller's password or e-mail, not its name alone", async () => {
    const { parent, child } = await staleReseller();
    const edit = (requestData: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: `/api/resellers/${child.id}/edit`, token: parent.token, payload: { requestData: { name: 'Kid', email: child.email, ...requestData } } });
    const renamed = await edit({});
    expect(renamed.statusCode, renamed.body).toBe(200);
    const changePassword = () =>
      t.call({ method: 'PUT', url: `/api/resellers/${child.id}/change-password`, token: parent.token, payload: { requestData: { password: 'Other@456', password_confirmation: 'Other@456' } } });
    await guarded(parent, changePassword, () => secrets(child.id));
    await makeStepUpStale(t, parent.id);
    const address = () => rows(t, sql`select email from users where id = ${child.id}`);
    await guarded(parent, () => edit({ email: `moved-${child.email}` }), address, parent.recoveryCodes[0]);
  });

  it('setting and changing the credit-share passcode', async () => {
    const user = await turnOn(t, await signedUpReseller(t));
    await makeStepUpStale(t, user.id);
    const set = () => t.call({ method: 'POST', url: '/api/set-credit-share-pass-code', token: user.token, payload: { requestData: { passcode: '1357' } } });
    await guarded(user, set, () => secrets(user.id));
    await makeStepUpStale(t, user.id);
    const update = () => t.call({ method: 'POST', url: '/api/update-credit-share-pass', token: user.token, payload: { requestData: { passcode: '8642' } } });
    const [role] = await rows<{ has: boolean }>(
      t,
      sql`select exists (select 1 from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = ${user.roleId} and p.name = 'update-credit-share-pass') as has`,
    );
    if (role!.has) await guarded(user, update, () => secrets(user.id), user.recoveryCodes[0]);
  });

  it('never stops an API key', async () => {
    const { parent, child } = await staleReseller();
    await t.database.db.execute(sql`update users set api_access = 1 where id = ${parent.id}`);
    const apiKey = (await t.call({ method: 'GET', url: `/api/resellers/${parent.id}/get-api-key`, token: admin })).json<{ data: { api_key: string } }>().data.api_key;
    const res = await recharge(t, apiKey, { email: child.email, points: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(t, child.id)).toBe(14);
  });

  it('lets an account without a factor through as before', async () => {
    const parent = await reseller(t);
    expect((await recharge(t, admin, { email: parent.email, points: 10 })).statusCode).toBe(200);
    const child = await subReseller(t, parent);
    expect((await recharge(t, parent.token, { email: child.email, points: 2 })).statusCode).toBe(200);
    const change = await t.call({ method: 'PUT', url: '/api/profile/update', token: parent.token, payload: { name: 'Renamed', password: 'Other@456', password_confirmation: 'Other@456' } });
    expect(change.statusCode, change.body).toBe(200);
  });
});
