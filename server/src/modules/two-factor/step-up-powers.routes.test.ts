import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVATION_UNDO_HOURS } from '../../db/settings-keys.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  adminToken,
  countUsers,
  createReseller,
  createRole,
  createVerifiedUser,
  expectError,
  mailCount,
  permissionIds,
  roleIdByName,
  rows,
  uniqueEmail,
  uniqueIp,
} from '../../../test/fixtures.js';
import { codeAt, makeStepUpStale, turnOn, type WithFactor } from '../../../test/two-factor.js';

/**
 * Issue 39: a session that has not confirmed its factor lately must not hand out power (a new
 * admin, a new role, wider permissions, a weaker panel-wide rule), or a stolen session mints money
 * through an account it controls.
 */

let t: TestApp;
let adminRole: number;
beforeAll(async () => {
  // The sandbox serves every call again under /api/sandbox, on the same accounts and roles.
  t = await createTestApp({ env: { SANDBOX_ENABLED: 'true' } });
  adminRole = await roleIdByName(t, 'admin');
});
afterAll(() => t.close());

const stepUp = (token: string, code: string) => t.call({ method: 'POST', url: '/api/step-up', token, payload: { code }, remoteAddress: uniqueIp() });

/** A second admin with TOTP on, whose session confirmed it longer ago than the step-up covers. */
async function staleAdmin(): Promise<WithFactor> {
  const admin = await turnOn(t, await createVerifiedUser(t, { roleId: adminRole }));
  await makeStepUpStale(t, admin.id);
  return admin;
}

const auditCount = async () => (await rows<{ n: number }>(t, sql`select count(*)::int as n from audit_log`))[0]!.n;

/**
 * Sends the call twice: refused with STEP_UP_REQUIRED and nothing changed (`unchanged` and the
 * audit log read the same), then through with `status` after a step-up.
 */
async function guarded(user: WithFactor, send: () => ReturnType<TestApp['call']>, unchanged: () => Promise<unknown>, status = 200) {
  const before = [await auditCount(), await unchanged()];
  expectError(await send(), 403, 'STEP_UP_REQUIRED');
  expect([await auditCount(), await unchanged()]).toEqual(before);
  expect((await stepUp(user.token, codeAt(user.secret))).statusCode).toBe(200);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

const roleOf = async (id: number) => (await rows<{ role_id: number }>(t, sql`select role_id from users where id = ${id}`))[0]!.role_id;

describe('step-up before a grant of power', () => {
  it('refuses a stale admin session a new admin account, and creates nothing', async () => {
    const admin = await staleAdmin();
    const email = uniqueEmail('shadow');
    const create = () => t.call({ method: 'POST', url: '/api/users', token: admin.token, payload: { name: 'Shadow', email, role: adminRole } });
    await guarded(admin, create, async () => [await countUsers(t, email), mailCount(t, email)], 201);
    expect(await countUsers(t, email)).toBe(1);
    expect(mailCount(t, email)).toBe(1);
  });

  it('asks before creating an account in any other role too', async () => {
    const admin = await staleAdmin();
    const email = uniqueEmail('staff');
    const role = await roleIdByName(t, 'reseller');
    const create = () => t.call({ method: 'POST', url: '/api/users', token: admin.token, payload: { name: 'Staff', email, role } });
    await guarded(admin, create, () => countUsers(t, email), 201);
  });

  it("asks before PUT /api/users/:id changes an account's role, not before a new name alone", async () => {
    const admin = await staleAdmin();
    const target = await createReseller(t);
    const edit = (payload: { name: string; role: number }) =>
      t.call({ method: 'PUT', url: `/api/users/${target.id}`, token: admin.token, payload: { email: target.email, ...payload } });
    const renamed = await edit({ name: 'Renamed', role: target.roleId });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await guarded(admin, () => edit({ name: 'Renamed', role: adminRole }), () => roleOf(target.id));
    expect(await roleOf(target.id)).toBe(adminRole);
  });

  it('asks before POST /api/change-resellers/:id/role', async () => {
    const admin = await staleAdmin();
    const target = await createReseller(t);
    const role = await createRole(t, ['reseller-list', 'add-sub-reseller']);
    const change = () => t.call({ method: 'POST', url: `/api/change-resellers/${target.id}/role`, token: admin.token, payload: { role_id: role } });
    await guarded(admin, change, () => roleOf(target.id));
    expect(await roleOf(target.id)).toBe(role);
  });

  it('asks before POST /api/privilege-resellers/change-role promotes a sub-reseller', async () => {
    const admin = await staleAdmin();
    const parent = await createReseller(t);
    const child = await createReseller(t, { parent });
    const promote = () =>
      t.call({ method: 'POST', url: '/api/privilege-resellers/change-role', token: admin.token, payload: { requestData: { resellerId: child.id } } });
    const place = () => rows(t, sql`select role_id, parent_reseller_id from users where id = ${child.id}`);
    await guarded(admin, promote, place);
    expect(await place()).toEqual([{ role_id: await roleIdByName(t, 'reseller'), parent_reseller_id: null }]);
  });

  it('asks before POST /api/add-roles creates a role', async () => {
    const admin = await staleAdmin();
    const name = `powers-${Math.random().toString(36).slice(2, 8)}`;
    const ids = await permissionIds(t);
    const add = () => t.call({ method: 'POST', url: '/api/add-roles', token: admin.token, payload: { name, permissions: [ids.get('reseller-list')!] } });
    await guarded(admin, add, () => rows(t, sql`select id from roles where name = ${name}`), 201);
  });

  it("asks before PUT /api/edit-roles/:id widens a role's permissions", async () => {
    const admin = await staleAdmin();
    const role = await createRole(t, ['reseller-list']);
    const ids = await permissionIds(t);
    const name = `widened-${role}`;
    const edit = () =>
      t.call({
        method: 'PUT',
        url: `/api/edit-roles/${role}`,
        token: admin.token,
        payload: { name, permissions: [ids.get('reseller-list')!, ids.get('recharge credit')!] },
      });
    const granted = () =>
      rows(t, sql`select r.name, array(select permission_id from role_permissions where role_id = r.id order by 1) as permissions from roles r where r.id = ${role}`);
    await guarded(admin, edit, granted);
    expect((await granted())[0]).toMatchObject({ name });
  });

  it('asks before DELETE /api/delete-roles/:id', async () => {
    const admin = await staleAdmin();
    const role = await createRole(t, ['reseller-list']);
    const remove = () => t.call({ method: 'DELETE', url: `/api/delete-roles/${role}`, token: admin.token });
    const removed = async () => (await rows<{ deleted: boolean }>(t, sql`select deleted_at is not null as deleted from roles where id = ${role}`))[0]!.deleted;
    await guarded(admin, remove, removed);
    expect(await removed()).toBe(true);
  });

  it("asks before PATCH /api/settings/security turns the panel's factor requirement off", async () => {
    const on = await t.call({ method: 'PATCH', url: '/api/settings/security', token: await adminToken(t), payload: { require_two_factor_resellers: true } });
    expect(on.statusCode, on.body).toBe(200);
    const admin = await staleAdmin();
    const off = () => t.call({ method: 'PATCH', url: '/api/settings/security', token: admin.token, payload: { require_two_factor_resellers: false } });
    const rules = () => rows(t, sql`select key, value from settings where key like 'two_factor_required.%' order by key`);
    await guarded(admin, off, rules);
    expect((await t.call({ method: 'GET', url: '/api/settings/security', token: admin.token })).json().data).toMatchObject({ require_two_factor_resellers: false });
  });

  it('asks before PATCH /api/settings/activation-undo changes the undo window', async () => {
    const admin = await staleAdmin();
    const widen = () => t.call({ method: 'PATCH', url: '/api/settings/activation-undo', token: admin.token, payload: { undo_window_hours: 720 } });
    const window = async () => (await t.call({ method: 'GET', url: '/api/settings/activation-undo', token: admin.token })).json().data;
    await guarded(admin, widen, window);
    expect(await window()).toEqual({ undo_window_hours: 720 });
    await t.database.db.execute(sql`delete from settings where key = ${ACTIVATION_UNDO_HOURS}`);
  });

  it("asks before enabling a reseller's API access, not before disabling it", async () => {
    const admin = await staleAdmin();
    const target = await createReseller(t);
    const access = async () => (await rows<{ api_access: number }>(t, sql`select api_access from users where id = ${target.id}`))[0]!.api_access;
    const enable = () => t.call({ method: 'POST', url: `/api/resellers/${target.id}/enable-api-access`, token: admin.token });
    await guarded(admin, enable, access);
    expect(await access()).toBe(1);
    await makeStepUpStale(t, admin.id);
    const disable = await t.call({ method: 'POST', url: `/api/resellers/${target.id}/disable-api-access`, token: admin.token });
    expect(disable.statusCode, disable.body).toBe(200);
    expect(await access()).toBe(0);
  });

  it("asks in the sandbox's copy of the call too (one session and one set of accounts for both)", async () => {
    const admin = await staleAdmin();
    const email = uniqueEmail('sandbox-shadow');
    const create = () => t.call({ method: 'POST', url: '/api/sandbox/users', token: admin.token, payload: { name: 'Shadow', email, role: adminRole } });
    await guarded(admin, create, async () => [await countUsers(t, email), mailCount(t, email)], 201);
  });

  it('lets an admin without a factor through, as before', async () => {
    const admin = await createVerifiedUser(t, { roleId: adminRole });
    const target = await createReseller(t);
    const role = await createRole(t, ['reseller-list']);
    const change = await t.call({ method: 'POST', url: `/api/change-resellers/${target.id}/role`, token: admin.token, payload: { role_id: role } });
    expect(change.statusCode, change.body).toBe(200);
    const created = await t.call({ method: 'POST', url: '/api/users', token: admin.token, payload: { name: 'Another', email: uniqueEmail('another'), role: adminRole } });
    expect(created.statusCode, created.body).toBe(201);
  });
});
