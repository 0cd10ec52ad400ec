import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translate } from '@panel/contract';
import { ADMIN_EMAIL, ADMIN_LOGIN_PREFIX, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, createVerifiedUser, expectError, roleIdByName, rows, uniqueIp, userRow, type TestUser } from '../../../test/fixtures.js';
import { decodeMail } from '../../../test/mail.js';
import { codeAt, makeStepUpStale, turnOn } from '../../../test/two-factor.js';

let t: TestApp;
let owner: string;
let ownerId: number;
let adminRole: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await adminToken(t);
  ownerId = (await userRow(t, ADMIN_EMAIL))!.id;
  adminRole = await roleIdByName(t, 'admin');
});
afterAll(() => t.close());

const suspend = (token: string, id: number | string, on: TestApp = t) => on.call({ method: 'POST', url: `/api/users/${id}/suspend`, token });
const reinstate = (token: string, id: number | string, on: TestApp = t) => on.call({ method: 'POST', url: `/api/users/${id}/reinstate`, token });
const profile = (token: string, on: TestApp = t) => on.call({ method: 'GET', url: '/api/profile', token });
const adminSignIn = (user: { email: string; password: string }, on: TestApp = t) =>
  on.call({ method: 'POST', url: `/api/${ADMIN_LOGIN_PREFIX}/admin-login`, payload: { email: user.email, password: user.password }, remoteAddress: uniqueIp() });

const newAdmin = (on: TestApp = t) => createVerifiedUser(on, { roleId: adminRole });

async function accountState(id: number, on: TestApp = t) {
  const [row] = await rows<{ name: string; email: string; role_id: number; deleted_at: Date | null; is_disable_by_admin: number; suspended: boolean; owner: boolean }>(
    on,
    sql`select name, email, role_id, deleted_at, is_disable_by_admin, suspended_at is not null as suspended, owner from users where id = ${id}`,
  );
  return row!;
}

const auditRows = (action: string, id: number, on: TestApp = t) =>
  rows<{ actor_id: number; target_type: string; details: unknown }>(on, sql`select actor_id, target_type, details from audit_log where action = ${action} and target_id = ${String(id)} order by id`);

async function listed(id: number) {
  const res = await t.call({ method: 'GET', url: '/api/users?page_size=100', token: owner });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ users: { data: { id: number; suspended: boolean; owner: boolean }[] } }>().users.data.find((u) => u.id === id);
}

const SUSPENSION_SUBJECTS = new Set(
  ['adminSuspendedSubject', 'adminReinstatedSubject'].flatMap((key) => (['en', 'de'] as const).map((locale) => translate(locale, `mail.${key}`))),
);
/** The suspension and reinstatement mails sent to `email`, oldest first (not the new-device mails of its sign-ins). */
const mailsTo = (email: string, on: TestApp = t) =>
  on
    .mails()
    .filter((m) => m.to === email)
    .map(decodeMail)
    .filter((m) => SUSPENSION_SUBJECTS.has(m.subject));

describe('the panel owner', () => {
  it('is the admin the first start created, and only it: the profile and the users list say so', async () => {
    expect((await accountState(ownerId)).owner).toBe(true);
    const [count] = await rows<{ n: number }>(t, sql`select count(*)::int as n from users where owner`);
    expect(count!.n).toBe(1);
    const other = await newAdmin();
    expect((await profile(owner)).json<{ data: { owner: boolean } }>().data.owner).toBe(true);
    expect((await profile(other.token)).json<{ data: { owner: boolean } }>().data.owner).toBe(false);
    expect(await listed(ownerId)).toMatchObject({ owner: true, suspended: false });
    expect(await listed(other.id)).toMatchObject({ owner: false, suspended: false });
  });

  it('cannot be a second account: the database refuses a second owner', async () => {
    const other = await newAdmin();
    await expect(t.database.db.execute(sql`update users set owner = true where id = ${other.id}`)).rejects.toThrow();
  });
});

describe('POST /api/users/:id/suspend', () => {
  it("ends the admin's session at once on a second node, refuses its sign-in, and keeps its account and data", async () => {
    const admin = await newAdmin();
    const before = await accountState(admin.id);
    const node = await t.anotherNode();
    try {
      const onNode = () => node.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${admin.token}` } });
      expect((await onNode()).statusCode).toBe(200);

      const res = await suspend(owner, admin.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.userSuspended') });

      expect((await onNode()).statusCode).toBe(401);
      expect((await profile(admin.token)).statusCode).toBe(401);
    } finally {
      await node.close();
    }
    const [sessions] = await rows<{ n: number }>(t, sql`select count(*)::int as n from sessions where user_id = ${admin.id}`);
    expect(sessions!.n).toBe(0);

    const refused = expectError(await adminSignIn(admin), 403, '10091', translate('en', 'errors.accountSuspended'));
    expect(refused.statusCode).toBe(10091);

    // Nothing of the account is edited: the specification's rule for admin accounts (C10014) stands.
    expect(await accountState(admin.id)).toEqual({ ...before, suspended: true });
    expect(await listed(admin.id)).toMatchObject({ suspended: true, owner: false });
  });

  it('refuses the second step of a sign-in that began before the suspension', async () => {
    const admin = await turnOn(t, await newAdmin());
    const first = await adminSignIn(admin);
    expect(first.statusCode, first.body).toBe(200);
    const { challenge } = first.json<{ challenge: string }>();
    expect((await suspend(owner, admin.id)).statusCode).toBe(200);
    const res = await t.call({ method: 'POST', url: '/api/login/two-factor', payload: { challenge, code: codeAt(admin.secret) }, remoteAddress: uniqueIp() });
    expectError(res, 403, '10091', translate('en', 'errors.accountSuspended'));
    const [sessions] = await rows<{ n: number }>(t, sql`select count(*)::int as n from sessions where user_id = ${admin.id}`);
    expect(sessions!.n).toBe(0);
  });

  it('mails the admin in its own language, audits once, and changes nothing on a repeat', async () => {
    const admin = await newAdmin();
    await t.database.db.execute(sql`update users set locale = 'de' where id = ${admin.id}`);
    const mailsBefore = mailsTo(admin.email).length;

    expect((await suspend(owner, admin.id)).statusCode).toBe(200);
    expect((await suspend(owner, admin.id)).statusCode).toBe(200);

    expect(await auditRows('user.suspend', admin.id)).toEqual([{ actor_id: ownerId, target_type: 'user', details: null }]);
    const mails = mailsTo(admin.email).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(translate('de', 'mail.adminSuspendedSubject'));
    expect(mails[0]!.text).toContain('Administrator, der Eigentümer des Panels, hat am');
    expect(mails[0]!.html).toContain('lang="de"');
  });

  it('keeps the suspension when the mail cannot be sent', async () => {
    const admin = await newAdmin();
    const failing = vi.spyOn(t.app.deps.mailer, 'send').mockRejectedValue(new Error('smtp down'));
    try {
      expect((await suspend(owner, admin.id)).statusCode).toBe(200);
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
    }
    expect((await accountState(admin.id)).suspended).toBe(true);
    expect((await profile(admin.token)).statusCode).toBe(401);
  });

  it('refuses every caller but the owner, so no other admin suspends the owner or anyone', async () => {
    const other = await newAdmin();
    const target = await newAdmin();
    const staff = await createVerifiedUser(t, { permissions: ['user-roles'] });
    const reseller = await createVerifiedUser(t);

    expectError(await suspend(other.token, target.id), 403, 'OWNER_ONLY', translate('en', 'errors.ownerOnly'));
    expectError(await suspend(other.token, ownerId), 403, 'OWNER_ONLY');
    expectError(await reinstate(other.token, target.id), 403, 'OWNER_ONLY');
    expectError(await suspend(staff.token, target.id), 403, 'OWNER_ONLY');
    expectError(await suspend(staff.token, ownerId), 403, 'OWNER_ONLY');
    expectError(await suspend(reseller.token, target.id), 403, 'FORBIDDEN');

    for (const id of [ownerId, target.id]) expect((await accountState(id)).suspended).toBe(false);
    expect(await auditRows('user.suspend', target.id)).toEqual([]);
    expect((await profile(target.token)).statusCode).toBe(200);
    expect((await profile(owner)).statusCode).toBe(200);
  });

  it('refuses the owner itself, an account that is not an admin, and an unknown one', async () => {
    const reseller = await createVerifiedUser(t);
    const staff = await createVerifiedUser(t, { permissions: ['user-roles'] });
    expectError(await suspend(owner, ownerId), 403, 'SELF_ACTION', translate('en', 'errors.selfSuspend'));
    expectError(await suspend(owner, reseller.id), 409, 'NOT_AN_ADMIN', translate('en', 'errors.suspendAdminsOnly'));
    expectError(await suspend(owner, staff.id), 409, 'NOT_AN_ADMIN');
    expectError(await reinstate(owner, reseller.id), 409, 'NOT_AN_ADMIN');
    expectError(await suspend(owner, 999_999), 404, 'NOT_FOUND');
    expect((await accountState(ownerId)).suspended).toBe(false);
    expect((await accountState(reseller.id)).suspended).toBe(false);
    expect((await profile(reseller.token)).statusCode).toBe(200);
  });

  it("answers in the caller's language", async () => {
    const admin = await newAdmin();
    const res = await t.call({ method: 'POST', url: `/api/users/${admin.id}/suspend`, token: owner, lang: 'ar-EG' });
    expect(res.json<{ msg: string }>().msg).toBe(translate('ar', 'success.userSuspended'));
  });
});

describe('POST /api/users/:id/reinstate', () => {
  it('lets the admin sign in again, audited and mailed', async () => {
    const admin = await newAdmin();
    expect((await suspend(owner, admin.id)).statusCode).toBe(200);
    const mailsBefore = mailsTo(admin.email).length;

    const res = await reinstate(owner, admin.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.userReinstated') });

    const signIn = await adminSignIn(admin);
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await profile(signIn.json<{ token: string }>().token)).statusCode).toBe(200);
    expect(await listed(admin.id)).toMatchObject({ suspended: false });
    expect(await auditRows('user.reinstate', admin.id)).toEqual([{ actor_id: ownerId, target_type: 'user', details: null }]);
    const mails = mailsTo(admin.email).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual([translate('en', 'mail.adminReinstatedSubject')]);

    // Reinstating an admin who is not suspended changes nothing.
    expect((await reinstate(owner, admin.id)).statusCode).toBe(200);
    expect(await auditRows('user.reinstate', admin.id)).toHaveLength(1);
    expect(mailsTo(admin.email)).toHaveLength(mailsBefore + 1);
  });
});

describe('the step-up', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp();
  });
  afterAll(() => s.close());

  it('is asked of the owner before a suspension or a reinstatement, and nothing changes without it', async () => {
    const admin = await newAdmin(s);
    const suspended = await newAdmin(s);
    const ownerToken = await adminToken(s);
    expect((await suspend(ownerToken, suspended.id, s)).statusCode).toBe(200);
    const ownerUser: TestUser = { id: (await userRow(s, ADMIN_EMAIL))!.id, email: ADMIN_EMAIL, name: 'Administrator', password: ADMIN_PASSWORD, token: ownerToken, roleId: adminRole };
    const withFactor = await turnOn(s, ownerUser);
    await makeStepUpStale(s, withFactor.id);

    expectError(await suspend(ownerToken, admin.id, s), 403, 'STEP_UP_REQUIRED');
    expectError(await reinstate(ownerToken, suspended.id, s), 403, 'STEP_UP_REQUIRED');
    expect((await accountState(admin.id, s)).suspended).toBe(false);
    expect((await accountState(suspended.id, s)).suspended).toBe(true);
    expect((await profile(admin.token, s)).statusCode).toBe(200);
    expect(await auditRows('user.suspend', admin.id, s)).toEqual([]);
    expect(await auditRows('user.reinstate', suspended.id, s)).toEqual([]);
    expect(mailsTo(admin.email, s).filter((m) => m.subject === translate('en', 'mail.adminSuspendedSubject'))).toEqual([]);

    const stepUp = await s.call({ method: 'POST', url: '/api/step-up', token: ownerToken, payload: { code: codeAt(withFactor.secret) } });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    expect((await suspend(ownerToken, admin.id, s)).statusCode).toBe(200);
    expect((await reinstate(ownerToken, suspended.id, s)).statusCode).toBe(200);
    expect((await profile(admin.token, s)).statusCode).toBe(401);
    expect((await accountState(suspended.id, s)).suspended).toBe(false);
  });
});
