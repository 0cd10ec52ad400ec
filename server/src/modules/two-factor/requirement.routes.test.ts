import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@panel/contract';
import { sha256 } from '../../lib/secrets.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/harness.js';
import { PASSCODE, recharge, setPasscode } from '../../../test/credit.js';
import { adminToken, createReseller, createVerifiedUser, expectError, lastMailTo, rows, type TestUser } from '../../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function codeAt(secret: string, steps = 0) {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
}

async function turnOn(user: { token: string }) {
  const setup = await t.call({ method: 'POST', url: '/api/two-factor/totp/setup', token: user.token });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ data: { secret: string } }>().data;
  const confirm = await t.call({ method: 'POST', url: '/api/two-factor/totp/confirm', token: user.token, payload: { code: codeAt(secret, -1) } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return secret;
}

/** The session confirmed a code just now (what POST /api/step-up records). */
async function steppedUp(token: string) {
  await t.database.db.execute(sql`update sessions set two_factor_at = now() where token_hash = ${sha256(token)}`);
}

const listResellers = (token: string) => t.call({ method: 'GET', url: '/api/total-resellers/list', token });
/** A call every account may make (sub-resellers hold no list permission): its balance. */
const balance = (token: string) => t.call({ method: 'GET', url: '/api/total-credit-points', token });
const setSubResellerRule = (parent: TestUser, on: boolean) =>
  t.call({ method: 'PATCH', url: '/api/profile/security', token: parent.token, payload: { require_two_factor_sub_resellers: on } });
const setPanelRule = async (payload: Record<string, boolean>) =>
  t.call({ method: 'PATCH', url: '/api/settings/security', token: await adminToken(t), payload });

/** A parent reseller with a sub-reseller and a sub-sub-reseller below it. */
async function tree() {
  const parent = await createReseller(t);
  const child = await createReseller(t, { parent });
  // A reseller role for the child, so it can have sub-resellers of its own.
  await t.database.db.execute(sql`update users set role_id = ${parent.roleId} where id = ${child.id}`);
  const grandchild = await createReseller(t, { parent: child });
  return { parent, child, grandchild };
}

describe('a sub-reseller whose parent requires a second factor', () => {
  it('signs in, is told to set one up, and gets 403 TWO_FACTOR_SETUP_REQUIRED on everything but its security setup', async () => {
    const { parent, child } = await tree();
    expect((await setSubResellerRule(parent, true)).statusCode).toBe(200);

    const login = await t.call({ method: 'POST', url: '/api/login', payload: { email: child.email, password: child.password } });
    expect(login.json()).toMatchObject({ token: expect.any(String), two_factor_setup_required: true, two_factor_required_by: 'parent' });
    const token = login.json<{ token: string }>().token;

    const refused = expectError(await listResellers(token), 403, 'TWO_FACTOR_SETUP_REQUIRED');
    expect(refused.msg).toBe(translate('en', 'errors.twoFactorSetupRequired'));
    expectError(await t.call({ method: 'GET', url: '/api/total-credit-points', token }), 403, 'TWO_FACTOR_SETUP_REQUIRED');
    expectError(await t.call({ method: 'POST', url: '/api/set-credit-share-pass-code', token, payload: { requestData: { passcode: '1234' } } }), 403, 'TWO_FACTOR_SETUP_REQUIRED');

    const profile = await t.call({ method: 'GET', url: '/api/profile', token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ two_factor_setup_required: true, two_factor_required_by: 'parent' });
    expect((await t.call({ method: 'GET', url: '/api/user/user-permissions', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/sessions', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/two-factor', token })).statusCode).toBe(200);

    // Once TOTP is on, everything answers again.
    await turnOn({ token });
    expect((await listResellers(token)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/profile', token })).json().data).toMatchObject({ two_factor_setup_required: false, two_factor_required_by: 'parent' });
    expect((await t.call({ method: 'DELETE', url: '/api/logout', token })).statusCode).toBe(200);
  });

  it('logs out while refused elsewhere', async () => {
    const { parent, child } = await tree();
    await setSubResellerRule(parent, true);
    expect((await t.call({ method: 'DELETE', url: '/api/logout', token: child.token })).statusCode).toBe(200);
    expectError(await t.call({ method: 'GET', url: '/api/profile', token: child.token }), 401, 'C10002');
  });

  it('covers the whole tree below the parent, and a sub-reseller created under it later', async () => {
    const { parent, child, grandchild } = await tree();
    await setSubResellerRule(parent, true);
    expectError(await balance(grandchild.token), 403, 'TWO_FACTOR_SETUP_REQUIRED');
    expectError(await listResellers(child.token), 403, 'TWO_FACTOR_SETUP_REQUIRED');
    // The parent itself is not covered by its own rule.
    expect((await listResellers(parent.token)).statusCode).toBe(200);

    await turnOn(child);
    const newcomer = await createReseller(t, { parent: child });
    expectError(await balance(newcomer.token), 403, 'TWO_FACTOR_SETUP_REQUIRED');
  });

  it('is lifted when the parent turns the switch off', async () => {
    const { parent, child, grandchild } = await tree();
    await setSubResellerRule(parent, true);
    expectError(await listResellers(child.token), 403, 'TWO_FACTOR_SETUP_REQUIRED');
    const off = await setSubResellerRule(parent, false);
    expect(off.json().data).toEqual({ require_two_factor_sub_resellers: false });
    expect((await listResellers(child.token)).statusCode).toBe(200);
    expect((await balance(grandchild.token)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/profile/security', token: parent.token })).json().data).toEqual({ require_two_factor_sub_resellers: false });
    const audited = await rows<{ action: string; details: unknown }>(t, sql`select action, details from audit_log where actor_id = ${parent.id} and action = 'two_factor.requirement' order by id`);
    expect(audited.map((r) => r.details)).toEqual([{ require_two_factor_sub_resellers: true }, { require_two_factor_sub_resellers: false }]);
  });

  it('follows an account moved out of the tree (promoted) and into it (assigned)', async () => {
    const { parent, child, grandchild } = await tree();
    await setSubResellerRule(parent, true);
    const admin = await adminToken(t);
    const promoted = await t.call({ method: 'POST', url: '/api/privilege-resellers/change-role', token: admin, payload: { requestData: { resellerId: child.id } } });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await listResellers(child.token)).statusCode).toBe(200);
    expect((await balance(grandchild.token)).statusCode).toBe(200);

    const assigned = await t.call({ method: 'POST', url: '/api/assign-resellers', token: admin, payload: { requestData: { subResellerId: child.id, resellerId: parent.id } } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expectError(await listResellers(child.token), 403, 'TWO_FACTOR_SETUP_REQUIRED');
    expectError(await balance(grandchild.token), 403, 'TWO_FACTOR_SETUP_REQUIRED');
  });

  it('refuses an API key of a required account: a rule a bot could bypass is none', async () => {
    const { parent, child } = await tree();
    const admin = await adminToken(t);
    const key = (await t.call({ method: 'GET', url: `/api/resellers/${child.id}/get-api-key`, token: admin })).json().data.api_key as string;
    await t.call({ method: 'POST', url: `/api/resellers/${child.id}/enable-api-access`, token: admin });
    expect((await t.call({ method: 'GET', url: '/api/profile', token: key })).statusCode).toBe(200);
    await setSubResellerRule(parent, true);
    expectError(await t.call({ method: 'GET', url: '/api/profile', token: key }), 403, 'TWO_FACTOR_SETUP_REQUIRED');
    expectError(await t.call({ method: 'GET', url: '/api/two-factor', token: key }), 403, 'TWO_FACTOR_SETUP_REQUIRED');
  });

  it('leaves public routes alone', async () => {
    const { parent, child } = await tree();
    await setSubResellerRule(parent, true);
    expect((await t.call({ method: 'GET', url: '/api/health', token: child.token })).statusCode).toBe(200);
  });
});

describe('PATCH /api/profile/security', () => {
  it('needs a session: an API key cannot change a security rule', async () => {
    const parent = await createReseller(t);
    const admin = await adminToken(t);
    const key = (await t.call({ method: 'GET', url: `/api/resellers/${parent.id}/get-api-key`, token: admin })).json().data.api_key as string;
    await t.call({ method: 'POST', url: `/api/resellers/${parent.id}/enable-api-access`, token: admin });
    expectError(await t.call({ method: 'PATCH', url: '/api/profile/security', token: key, payload: { require_two_factor_sub_resellers: true } }), 403, 'SESSION_REQUIRED');
  });

  it('is refused to an account that cannot have sub-resellers', async () => {
    const parent = await createReseller(t);
    const child = await createReseller(t, { parent });
    expectError(await setSubResellerRule(child, true), 403, 'FORBIDDEN');
  });
});

describe('PATCH /api/settings/security (the admin switches)', () => {
  afterEach(async () => {
    await t.database.db.execute(sql`delete from settings where key like 'two_factor_required.%'`);
  });

  it('requires a second factor of every reseller and sub-reseller, and is lifted when turned off', async () => {
    const reseller = await createReseller(t);
    const sub = await createReseller(t, { parent: reseller });
    const on = await setPanelRule({ require_two_factor_resellers: true });
    expect(on.json().data).toEqual({ require_two_factor_admins: false, require_two_factor_resellers: true });
    for (const account of [reseller, sub]) expectError(await balance(account.token), 403, 'TWO_FACTOR_SETUP_REQUIRED');
    const profile = await t.call({ method: 'GET', url: '/api/profile', token: reseller.token });
    expect(profile.json().data).toMatchObject({ two_factor_setup_required: true, two_factor_required_by: 'panel' });
    // The admin is not a reseller.
    expect((await listResellers(await adminToken(t))).statusCode).toBe(200);

    await setPanelRule({ require_two_factor_resellers: false });
    expect((await listResellers(reseller.token)).statusCode).toBe(200);
  });

  it('requires it of admin accounts, once the admin has one itself', async () => {
    const admin = await adminToken(t);
    const refused = expectError(await setPanelRule({ require_two_factor_admins: true }), 409, 'TWO_FACTOR_NOT_ON');
    expect(refused.msg).toBe(translate('en', 'errors.twoFactorOwnFirst'));
    const other = await createVerifiedUser(t, { roleName: 'admin', email: `second-admin-${Date.now()}@example.com` });
    await turnOn({ token: admin });
    // With a factor on, the switch needs a recent confirmation (the step-up of a grant of power).
    expectError(await setPanelRule({ require_two_factor_admins: true }), 403, 'STEP_UP_REQUIRED');
    await steppedUp(admin);
    expect((await setPanelRule({ require_two_factor_admins: true })).statusCode).toBe(200);
    expectError(await listResellers(other.token), 403, 'TWO_FACTOR_SETUP_REQUIRED');
    const reseller = await createReseller(t);
    expect((await listResellers(reseller.token)).statusCode).toBe(200);
    // Back to a clean admin for the other tests.
    await t.database.db.execute(sql`delete from totp_factors where user_id = (select id from users where email = ${ADMIN_EMAIL})`);
  });

  it('needs the security-settings permission', async () => {
    const reseller = await createReseller(t);
    expectError(await t.call({ method: 'PATCH', url: '/api/settings/security', token: reseller.token, payload: { require_two_factor_resellers: true } }), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'GET', url: '/api/settings/security', token: reseller.token }), 403, 'FORBIDDEN');
  });
});

describe('POST /api/resellers/:id/two-factor/reset', () => {
  const reset = (token: string, id: number, url = `/api/resellers/${id}/two-factor/reset`) => t.call({ method: 'POST', url, token });

  it("lets the parent reset its sub-reseller's factor: factor and codes gone, sessions ended, audited and mailed", async () => {
    const parent = await createReseller(t);
    const child = await createReseller(t, { parent });
    await turnOn(child);
    await t.database.db.execute(sql`update users set locale = 'de' where id = ${child.id}`);

    const res = await reset(parent.token, child.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(translate('en', 'success.twoFactorReset'));
    expect(await rows(t, sql`select 1 from totp_factors where user_id = ${child.id}`)).toEqual([]);
    expect(await rows(t, sql`select 1 from recovery_codes where user_id = ${child.id}`)).toEqual([]);
    expect(await rows(t, sql`select 1 from sessions where user_id = ${child.id}`)).toEqual([]);
    expectError(await t.call({ method: 'GET', url: '/api/profile', token: child.token }), 401, 'C10002');
    const [audited] = await rows<{ actor_id: number; target_id: string }>(t, sql`select actor_id, target_id from audit_log where action = 'two_factor.reset' and target_id = ${String(child.id)}`);
    expect(audited).toEqual({ actor_id: parent.id, target_id: String(child.id) });

    const mail = lastMailTo(t, child.email);
    expect(mail?.raw).toContain(translate('de', 'mail.twoFactorResetSubject').split(' ')[0]!);
    expect(mail?.raw).toContain(parent.name);
    // The password alone signs in again.
    const login = await t.call({ method: 'POST', url: '/api/login', payload: { email: child.email, password: child.password } });
    expect(login.json()).toHaveProperty('token');
  });

  it('lets an admin reset any account, an admin account through the users list too', async () => {
    const reseller = await createReseller(t);
    await turnOn(reseller);
    expect((await reset(await adminToken(t), reseller.id)).statusCode).toBe(200);

    const otherAdmin = await createVerifiedUser(t, { roleName: 'admin', email: `reset-admin-${Date.now()}@example.com` });
    await turnOn(otherAdmin);
    const res = await reset(await adminToken(t), otherAdmin.id, `/api/users/${otherAdmin.id}/two-factor/reset`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rows(t, sql`select 1 from totp_factors where user_id = ${otherAdmin.id}`)).toEqual([]);
  });

  it('refuses a reseller who is not the parent, and changes nothing', async () => {
    const { parent, child, grandchild } = await tree();
    const stranger = await createReseller(t);
    await turnOn(child);
    await turnOn(grandchild);

    expectError(await reset(stranger.token, child.id), 403, 'C10013');
    // Only the direct parent: the grandparent asks the child's parent (or the admin).
    expectError(await reset(parent.token, grandchild.id), 403, 'C10013');
    const admins = await rows<{ id: number }>(t, sql`select id from users where email = ${ADMIN_EMAIL}`);
    expectError(await reset(parent.token, admins[0]!.id), 403, 'C10014');
    await steppedUp(child.token);
    expectError(await reset(child.token, child.id), 403, 'C10013');

    expect(await rows(t, sql`select 1 from totp_factors where user_id in (${child.id}, ${grandchild.id}) and confirmed_at is not null`)).toHaveLength(2);
    expect((await listResellers(child.token)).statusCode).toBe(200);
    expect(await rows(t, sql`select 1 from audit_log where action = 'two_factor.reset' and target_id in (${String(child.id)}, ${String(grandchild.id)})`)).toEqual([]);
  });

  it('asks a caller with a factor of its own for a step-up first', async () => {
    const parent = await createReseller(t);
    const child = await createReseller(t, { parent });
    await turnOn(child);
    await turnOn(parent);
    expectError(await reset(parent.token, child.id), 403, 'STEP_UP_REQUIRED');
    expect(await rows(t, sql`select 1 from totp_factors where user_id = ${child.id}`)).toHaveLength(1);
    await steppedUp(parent.token);
    expect((await reset(parent.token, child.id)).statusCode).toBe(200);
  });

  it('answers 409 for an account without a factor', async () => {
    const parent = await createReseller(t);
    const child = await createReseller(t, { parent });
    expectError(await reset(parent.token, child.id), 409, 'TWO_FACTOR_NOT_ON');
  });

  it('shows in the reseller list which accounts have a factor', async () => {
    const parent = await createReseller(t);
    const withFactor = await createReseller(t, { parent });
    const without = await createReseller(t, { parent });
    await turnOn(withFactor);
    const list = (await listResellers(parent.token)).json<{ data: { data: { id: number; two_factor: boolean }[] } }>().data.data;
    expect(list.find((r) => r.id === withFactor.id)?.two_factor).toBe(true);
    expect(list.find((r) => r.id === without.id)?.two_factor).toBe(false);
  });
});

describe('credit calls of a required account', () => {
  it('are refused before anything moves', async () => {
    const { parent, child } = await tree();
    await setPasscode(t, child.token);
    await setSubResellerRule(parent, true);
    expectError(await recharge(t, child.token, { email: parent.email, points: 1, passcode: PASSCODE }), 403, 'TWO_FACTOR_SETUP_REQUIRED');
  });
});
