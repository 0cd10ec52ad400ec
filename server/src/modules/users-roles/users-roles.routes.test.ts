import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, PERMISSION_GROUPS, translate, type Permission } from '@panel/contract';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/harness.js';
import {
  GOOD_PASSWORD,
  adminToken,
  countUsers,
  createPasswordFromMail,
  createPasswordLink,
  createRole,
  createVerifiedUser,
  expectError,
  expectFieldErrors,
  lastMailTo,
  mailCount,
  permissionIds,
  roleIdByName,
  rows,
  uniqueEmail,
  uniqueIp,
  userRow,
  type TestUser,
} from '../../../test/fixtures.js';

let t: TestApp;
let admin: string;
let adminId: number;
let adminRoleId: number;
let resellerRoleId: number;
let ids: Map<string, number>;
/** A staff account that manages users and roles without being an admin. */
let staff: TestUser;

const STAFF_PERMISSIONS: Permission[] = ['user-roles', 'add-role', 'change-role', 'delete-role'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  adminId = (await userRow(t, ADMIN_EMAIL))!.id;
  adminRoleId = await roleIdByName(t, 'admin');
  resellerRoleId = await roleIdByName(t, 'reseller');
  ids = await permissionIds(t);
  staff = await createVerifiedUser(t, { permissions: STAFF_PERMISSIONS });
});
afterAll(() => t.close());

type RoleRow = { id: number; name: string; total: number; permissions: number[] };
type UserAnswer = {
  id: number;
  name: string;
  email: string;
  roles: { id: number; name: string }[];
  is_disable_by_admin: number;
  email_verified: boolean;
  created_at: string;
};

async function roles(): Promise<RoleRow[]> {
  const res = await t.call({ method: 'GET', url: '/api/get-roles', token: admin });
  expect(res.statusCode).toBe(200);
  return res.json<{ roles: RoleRow[] }>().roles;
}
async function roleById(id: number): Promise<RoleRow | undefined> {
  return (await roles()).find((r) => r.id === id);
}
const idsOf = (names: Permission[]) => names.map((n) => ids.get(n)!).sort((a, b) => a - b);

async function listUsers(query: Record<string, string | number>, token = admin) {
  const res = await t.call({ method: 'GET', url: '/api/users', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ users: { current_page: number; last_page: number; per_page: number; total: number; data: UserAnswer[] } }>().users;
}
const getUser = (id: number, token = admin) => t.call({ method: 'GET', url: `/api/users/${id}`, token });
const profile = (token: string) => t.call({ method: 'GET', url: '/api/profile', token });
const setStatus = (id: number, value: unknown, token = admin) =>
  t.call({ method: 'PUT', url: `/api/update-reseller/${id}/status`, token, payload: { is_disable_by_admin: value } });
const loginAs = (email: string, password = GOOD_PASSWORD) =>
  t.call({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: uniqueIp() });

async function auditActions(targetType: 'role' | 'user', targetId: number): Promise<string[]> {
  const found = await rows<{ action: string }>(
    t,
    sql`select action from audit_log where target_type = ${targetType} and target_id = ${String(targetId)} order by id`,
  );
  return found.map((r) => r.action);
}

describe('GET /api/permissions', () => {
  it('answers every permission of the catalogue, grouped by area', async () => {
    const res = await t.call({ method: 'GET', url: '/api/permissions', token: admin });
    expect(res.statusCode).toBe(200);
    const groups = res.json<{ status: boolean; data: { group: string; permissions: { id: number; name: string }[] }[] }>();
    expect(groups.status).toBe(true);
    expect(groups.data.map((g) => g.group)).toEqual(PERMISSION_GROUPS.map((g) => g.group));
    for (const [i, group] of groups.data.entries()) {
      expect(group.permissions.map((p) => p.name)).toEqual([...PERMISSION_GROUPS[i]!.permissions]);
    }
    const all = groups.data.flatMap((g) => g.permissions);
    expect(all.map((p) => p.name).sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(new Set(all.map((p) => p.id)).size).toBe(ALL_PERMISSIONS.length);
  });
});

describe('GET /api/get-roles', () => {
  it('answers the seeded roles first, the admin role holding every permission', async () => {
    const list = await roles();
    expect(list.slice(0, 3).map((r) => r.name)).toEqual(['admin', 'reseller', 'sub-reseller']);
    expect(list[0]!.permissions).toEqual([...ids.values()].sort((a, b) => a - b));
    expect(list[0]!.total).toBeGreaterThanOrEqual(1);
  });

  it('counts the users of each role, leaving removed accounts out', async () => {
    const roleId = await createRole(t, ['notif-bell']);
    expect((await roleById(roleId))!.total).toBe(0);
    const a = await createVerifiedUser(t, { roleId });
    await createVerifiedUser(t, { roleId });
    expect((await roleById(roleId))!.total).toBe(2);
    await t.call({ method: 'DELETE', url: `/api/delete-users/${a.id}`, token: admin });
    expect((await roleById(roleId))!.total).toBe(1);
  });
});

describe('POST /api/add-roles', () => {
  it('creates a role with its permissions and audits it', async () => {
    const name = `Support ${uniqueIp()}`;
    const res = await t.call({
      method: 'POST',
      url: '/api/add-roles',
      token: admin,
      payload: { name, permissions: [ids.get('tickets list'), ids.get('reply'), ids.get('reply')] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.roleCreated'), data: { id: expect.any(Number) } });
    const id = res.json().data.id;
    expect(await roleById(id)).toEqual({ id, name, total: 0, permissions: idsOf(['tickets list', 'reply']) });
    expect(await auditActions('role', id)).toEqual(['role.create']);
  });

  it('lets a non-admin holding add-role create a role', async () => {
    const res = await t.call({ method: 'POST', url: '/api/add-roles', token: staff.token, payload: { name: `Staff made ${uniqueIp()}`, permissions: [ids.get('notif-bell')] } });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a name already used, whatever its case, with 422', async () => {
    const name = `Unique ${uniqueIp()}`;
    await createRole(t, ['notif-bell'], name);
    const before = (await roles()).length;
    const res = await t.call({ method: 'POST', url: '/api/add-roles', token: admin, payload: { name: name.toUpperCase(), permissions: [ids.get('notif-bell')] } });
    expectFieldErrors(res, { name: ['The name is already taken.'] });
    expect((await roles()).length).toBe(before);
  });

  it.each([
    ['missing fields', {}, { name: ['The name is required.'], permissions: ['The permissions is required.'] }],
    ['a blank name and no permission', { name: '  ', permissions: [] }, { name: ['The name is required.'], permissions: ['Select at least one permission.'] }],
    ['a name that is too long', { name: 'r'.repeat(51), permissions: [1] }, { name: ['The name may not be greater than 50 characters.'] }],
    ['an unknown permission id', { name: 'Ghost perms', permissions: [999_999] }, { permissions: ['The permissions is invalid.'] }],
    ['permissions of the wrong type', { name: 'Typed', permissions: 'all' }, { permissions: ['The permissions must be a array.'] }],
    ['a permission that is not a number', { name: 'Typed', permissions: ['user-roles'] }, { 'permissions.0': ['The permissions must be a number.'] }],
    ['a name of the wrong type', { name: 7, permissions: [1] }, { name: ['The name must be a string.'] }],
    ['a NUL character in the name', { name: 'Bad\u0000Role', permissions: [1] }, { name: ['The name is invalid.'] }],
    ['a permission id beyond any row', { name: 'Huge', permissions: [2_147_483_648] }, { 'permissions.0': ['The permissions is invalid.'] }],
  ])('refuses %s with field messages and creates nothing', async (_label, payload, errors) => {
    const before = await roles();
    expectFieldErrors(await t.call({ method: 'POST', url: '/api/add-roles', token: admin, payload }), errors);
    expect(await roles()).toEqual(before);
  });
});

describe('PUT /api/edit-roles/:id', () => {
  let sharedRole: number | undefined;

  it("renames the role and replaces its permissions, for its members at once", async () => {
    const roleId = await createRole(t, ['notif-bell']);
    const member = await createVerifiedUser(t, { roleId });
    const name = `Renamed ${uniqueIp()}`;
    const res = await t.call({
      method: 'PUT',
      url: `/api/edit-roles/${roleId}`,
      token: admin,
      payload: { name, permissions: idsOf(['tickets list', 'new ticket']) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.roleUpdated') });
    expect(await roleById(roleId)).toMatchObject({ name, total: 1, permissions: idsOf(['tickets list', 'new ticket']) });
    const perms = await t.call({ method: 'GET', url: '/api/user/user-permissions', token: member.token });
    expect([...perms.json().data].sort()).toEqual(['new ticket', 'tickets list']);
    expect(await auditActions('role', roleId)).toEqual(['role.create', 'role.update']);
  });

  it('refuses to edit the first role (admin) with 403, even for the admin', async () => {
    const before = await roleById(adminRoleId);
    const res = await t.call({ method: 'PUT', url: `/api/edit-roles/${adminRoleId}`, token: admin, payload: { name: 'root', permissions: [ids.get('notif-bell')] } });
    expectError(res, 403, 'FIRST_ROLE', translate('en', 'errors.firstRoleLocked'));
    expect(await roleById(adminRoleId)).toEqual(before);
  });

  it('answers 404 for a role that does not exist', async () => {
    expectError(await t.call({ method: 'PUT', url: '/api/edit-roles/999999', token: admin, payload: { name: 'x', permissions: [1] } }), 404, 'NOT_FOUND');
  });

  it("refuses another role's name with 422 and changes nothing", async () => {
    const roleId = await createRole(t, ['notif-bell']);
    const before = await roleById(roleId);
    const res = await t.call({ method: 'PUT', url: `/api/edit-roles/${roleId}`, token: admin, payload: { name: 'Reseller', permissions: [ids.get('reply')] } });
    expectFieldErrors(res, { name: ['The name is already taken.'] });
    expect(await roleById(roleId)).toEqual(before);
  });

  it.each([
    ['no permissions', { name: 'x', permissions: [] }, { permissions: ['Select at least one permission.'] }],
    ['an unknown permission id', { name: 'x', permissions: [1, 999_999] }, { permissions: ['The permissions is invalid.'] }],
    ['a missing name', { permissions: [1] }, { name: ['The name is required.'] }],
  ])('refuses %s with field messages and changes nothing', async (_label, payload, errors) => {
    // One role for every case: each case checks that it is left exactly as it was.
    const roleId = (sharedRole ??= await createRole(t, ['notif-bell']));
    const before = await roleById(roleId);
    expectFieldErrors(await t.call({ method: 'PUT', url: `/api/edit-roles/${roleId}`, token: admin, payload }), errors);
    expect(await roleById(roleId)).toEqual(before);
  });

  it('refuses an id that is not a number, or too large for any row, with 422', async () => {
    expectFieldErrors(await t.call({ method: 'PUT', url: '/api/edit-roles/abc', token: admin, payload: { name: 'x', permissions: [1] } }), {
      id: ['The id must be a number.'],
    });
    expectFieldErrors(await t.call({ method: 'PUT', url: '/api/edit-roles/2147483648', token: admin, payload: { name: 'x', permissions: [1] } }), {
      id: ['The id is invalid.'],
    });
  });
});

describe('DELETE /api/delete-roles/:id', () => {
  it('deletes a role nobody holds', async () => {
    const roleId = await createRole(t, ['notif-bell']);
    const res = await t.call({ method: 'DELETE', url: `/api/delete-roles/${roleId}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.roleDeleted') });
    expect(await roleById(roleId)).toBeUndefined();
    expect(await auditActions('role', roleId)).toEqual(['role.create', 'role.delete']);
  });

  it('refuses a role in use with 409 and a clear message', async () => {
    const roleId = await createRole(t, ['notif-bell']);
    await createVerifiedUser(t, { roleId });
    const res = await t.call({ method: 'DELETE', url: `/api/delete-roles/${roleId}`, token: admin });
    expectError(res, 409, 'ROLE_IN_USE', translate('en', 'errors.roleInUse', { count: 1 }));
    expect(res.json().msg).toContain('assigned to 1 user and');
    expect(await roleById(roleId)).toBeDefined();
    await createVerifiedUser(t, { roleId });
    const two = await t.call({ method: 'DELETE', url: `/api/delete-roles/${roleId}`, token: admin, lang: 'ar-EG' });
    expect(two.json().msg).toContain('مُسند إلى مستخدمَين');
  });

  it('deletes a role held only by removed accounts; they keep it in their history', async () => {
    const roleId = await createRole(t, ['notif-bell']);
    const user = await createVerifiedUser(t, { roleId });
    expect((await t.call({ method: 'DELETE', url: `/api/delete-users/${user.id}`, token: admin })).statusCode).toBe(200);
    expect((await roleById(roleId))!.total).toBe(0);
    const res = await t.call({ method: 'DELETE', url: `/api/delete-roles/${roleId}`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(await roleById(roleId)).toBeUndefined();
    const [held] = await rows<{ role: string }>(t, sql`select r.name as role from users u join roles r on r.id = u.role_id where u.id = ${user.id}`);
    expect(held!.role).toMatch(/^role-/);
    // Gone for every use: no edit, no second delete, no new holder; its name is free again.
    expectError(await t.call({ method: 'DELETE', url: `/api/delete-roles/${roleId}`, token: admin }), 404, 'NOT_FOUND');
    expectError(await t.call({ method: 'PUT', url: `/api/edit-roles/${roleId}`, token: admin, payload: { name: 'Back', permissions: [ids.get('notif-bell')] } }), 404, 'NOT_FOUND');
    expectFieldErrors(await t.call({ method: 'POST', url: '/api/users', token: admin, payload: { name: 'New', email: uniqueEmail(), role: roleId } }), {
      role: [translate('en', 'validation.roleRequired')],
    });
    const add = await t.call({ method: 'POST', url: '/api/add-roles', token: admin, payload: { name: held!.role, permissions: [ids.get('notif-bell')] } });
    expect(add.statusCode, add.body).toBe(201);
  });

  it('refuses to delete the first role (admin) with 403', async () => {
    expectError(await t.call({ method: 'DELETE', url: `/api/delete-roles/${adminRoleId}`, token: admin }), 403, 'FIRST_ROLE');
    expect(await roleById(adminRoleId)).toBeDefined();
  });

  it('answers 404 for a role that does not exist and 422 for an id beyond any row', async () => {
    expectError(await t.call({ method: 'DELETE', url: '/api/delete-roles/999999', token: admin }), 404, 'NOT_FOUND');
    expectFieldErrors(await t.call({ method: 'DELETE', url: '/api/delete-roles/2147483648', token: admin }), { id: ['The id is invalid.'] });
  });
});

describe('GET /api/users', () => {
  it('pages the users with current_page, last_page and data', async () => {
    const marker = `pager${Date.now()}`;
    const created: TestUser[] = [];
    for (let i = 0; i < 3; i += 1) created.push(await createVerifiedUser(t, { name: `${marker} ${i}` }));
    const first = await listUsers({ search: marker, page: 1, page_size: 2 });
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(first.data).toHaveLength(2);
    const second = await listUsers({ search: marker, page: 2, page_size: 2 });
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total: 3 });
    expect(second.data).toHaveLength(1);
    // Newest first, and each page holds different users.
    expect([...first.data, ...second.data].map((u) => u.id)).toEqual(created.map((u) => u.id).reverse());
    expect(first.data[0]).toEqual({
      id: created[2]!.id,
      name: `${marker} 2`,
      email: created[2]!.email,
      roles: [{ id: resellerRoleId, name: 'reseller' }],
      is_disable_by_admin: 0,
      email_verified: true,
      created_at: expect.any(String),
      two_factor: false,
      suspended: false,
      owner: false,
    });
  });

  it('searches names and e-mails from 3 characters and ignores shorter keywords', async () => {
    const user = await createVerifiedUser(t, { name: 'Zebulon Quartz' });
    expect((await listUsers({ search: 'ebulon QUA' })).data.map((u) => u.id)).toEqual([user.id]);
    expect((await listUsers({ search: user.email.split('@')[0]!.toUpperCase() })).data.map((u) => u.id)).toEqual([user.id]);
    const all = await listUsers({ page_size: 100 });
    const short = await listUsers({ search: 'Ze', page_size: 100 });
    expect(short.total).toBe(all.total);
    expect(all.total).toBeGreaterThan(1);
  });

  it('takes % and _ in a keyword literally', async () => {
    expect((await listUsers({ search: '%%%' })).total).toBe(0);
    expect((await listUsers({ search: '___' })).total).toBe(0);
  });

  it('leaves removed accounts out', async () => {
    const user = await createVerifiedUser(t, { name: 'Soon Removed Person' });
    await t.call({ method: 'DELETE', url: `/api/delete-users/${user.id}`, token: admin });
    expect((await listUsers({ search: 'Soon Removed' })).total).toBe(0);
  });

  it.each([
    ['a page below 1', { page: 0 }, 'page'],
    ['a page size above 100', { page_size: 101 }, 'page_size'],
    ['a page size that is not a number', { page_size: 'ten' }, 'page_size'],
    ['a keyword over 100 characters', { search: 's'.repeat(101) }, 'search'],
    ['a keyword with a NUL character', { search: 'abc\u0000' }, 'search'],
  ])('refuses %s with 422', async (_label, query, field) => {
    const res = await t.call({ method: 'GET', url: '/api/users', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), token: admin });
    const body = expectError(res, 422, 'VALIDATION');
    expect(Object.keys(body.errors as object)).toEqual([field]);
  });
});

describe('GET /api/users/:id', () => {
  it('answers one user', async () => {
    const user = await createVerifiedUser(t);
    const res = await getUser(user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, email: user.email, name: user.name, roles: [{ id: resellerRoleId, name: 'reseller' }] });
  });

  it('answers 404 for an unknown or removed user and 422 for an id that is not a number', async () => {
    expectError(await getUser(999_999), 404, 'NOT_FOUND');
    const user = await createVerifiedUser(t);
    await t.call({ method: 'DELETE', url: `/api/delete-users/${user.id}`, token: admin });
    expectError(await getUser(user.id), 404, 'NOT_FOUND');
    expectError(await t.call({ method: 'GET', url: '/api/users/-1', token: admin }), 422, 'VALIDATION');
    expectFieldErrors(await t.call({ method: 'GET', url: '/api/users/2147483648', token: admin }), { id: ['The id is invalid.'] });
  });
});

describe('POST /api/users', () => {
  it('creates the user and mails a create-password link that works', async () => {
    const email = uniqueEmail('invited');
    const res = await t.call({ method: 'POST', url: '/api/users', token: admin, payload: { name: 'Invited Person', email, role: resellerRoleId } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.userCreated'), data: { id: expect.any(Number) } });
    const id = res.json().data.id;
    expect((await getUser(id)).json().data).toMatchObject({ email, email_verified: false, is_disable_by_admin: 0 });
    expect(lastMailTo(t, email)!.link).toMatch(/^http:\/\/panel\.test\/create-password\?email=[^&]+&token=[A-Za-z0-9_-]{43}$/);
    expect(createPasswordLink(t, email).email).toBe(email);
    expectError(await loginAs(email), 403, '10095');
    await createPasswordFromMail(t, email);
    expect((await loginAs(email)).statusCode).toBe(200);
    expect((await getUser(id)).json().data.email_verified).toBe(true);
    const [audit] = await rows<{ actor_id: number; action: string }>(t, sql`select actor_id, action from audit_log where target_type = 'user' and target_id = ${String(id)}`);
    expect(audit).toEqual({ actor_id: adminId, action: 'user.create' });
  });

  it('lets a non-admin with user-roles create a user in a non-admin role', async () => {
    const email = uniqueEmail('by-staff');
    const res = await t.call({ method: 'POST', url: '/api/users', token: staff.token, payload: { name: 'By Staff', email, role: resellerRoleId } });
    expect(res.statusCode).toBe(201);
    expect(mailCount(t, email)).toBe(1);
  });

  it('refuses the admin role to a non-admin with 403 and creates nothing', async () => {
    const email = uniqueEmail('would-be-admin');
    const res = await t.call({ method: 'POST', url: '/api/users', token: staff.token, payload: { name: 'Sneaky', email, role: adminRoleId } });
    expectError(res, 403, 'ADMIN_ROLE_RESERVED', translate('en', 'errors.adminRoleReserved'));
    expect(await countUsers(t, email)).toBe(0);
    expect(mailCount(t, email)).toBe(0);
  });

  it('refuses a taken e-mail, in any case, with 422', async () => {
    const user = await createVerifiedUser(t);
    const res = await t.call({ method: 'POST', url: '/api/users', token: admin, payload: { name: 'Copy', email: user.email.toUpperCase(), role: resellerRoleId } });
    expectFieldErrors(res, { email: ['The email is already taken.'] });
    expect((await userRow(t, user.email))!.name).toBe(user.name);
  });

  it.each([
    ['missing fields', {}, { name: ['The name is required.'], email: ['The email is required.'], role: ['Please select a role.'] }],
    ['a malformed e-mail', { name: 'A', email: 'a@', role: 'RESELLER' }, { email: ['Please enter a valid email.'] }],
    ['an unknown role', { name: 'A', email: 'EMAIL', role: 999_999 }, { role: ['Please select a role.'] }],
    ['a role given as a string', { name: 'A', email: 'EMAIL', role: 'RESELLER_STRING' }, { role: ['Please select a role.'] }],
    ['a role that is not a whole number', { name: 'A', email: 'EMAIL', role: 1.5 }, { role: ['Please select a role.'] }],
    ['a name that is too long', { name: 'n'.repeat(101), email: 'EMAIL', role: 'RESELLER' }, { name: ['The name may not be greater than 100 characters.'] }],
    ['a NUL character in the name', { name: 'A\u0000B', email: 'EMAIL', role: 'RESELLER' }, { name: ['The name is invalid.'] }],
    ['a role id beyond any row', { name: 'A', email: 'EMAIL', role: 2_147_483_648 }, { role: ['Please select a role.'] }],
  ])('refuses %s with field messages and creates nothing', async (_label, raw, errors) => {
    const email = uniqueEmail('bad-user');
    const payload = JSON.parse(
      JSON.stringify(raw)
        .replace('"EMAIL"', JSON.stringify(email))
        .replace('"RESELLER_STRING"', JSON.stringify(String(resellerRoleId)))
        .replace('"RESELLER"', String(resellerRoleId)),
    );
    expectFieldErrors(await t.call({ method: 'POST', url: '/api/users', token: admin, payload }), errors);
    expect(await countUsers(t, email)).toBe(0);
    expect(mailCount(t, email)).toBe(0);
  });
});

describe('PUT /api/users/:id', () => {
  let sharedUser: TestUser | undefined;

  it("updates the name, e-mail and role, and the role's permissions apply at once", async () => {
    const user = await createVerifiedUser(t);
    const roleId = await createRole(t, ['tickets list']);
    const email = uniqueEmail('moved');
    const res = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, token: admin, payload: { name: 'New Name', email, role: roleId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.userUpdated') });
    expect((await getUser(user.id)).json().data).toMatchObject({ name: 'New Name', email, roles: [{ id: roleId }] });
    const perms = await t.call({ method: 'GET', url: '/api/user/user-permissions', token: user.token });
    expect(perms.json().data).toEqual(['tickets list']);
    expect((await loginAs(email)).statusCode).toBe(200);
  });

  it('refuses to edit an admin account from another account with C10014', async () => {
    const before = await userRow(t, ADMIN_EMAIL);
    const byStaff = await t.call({ method: 'PUT', url: `/api/users/${adminId}`, token: staff.token, payload: { name: 'Hijacked', email: staff.email.replace('@', '+x@'), role: adminRoleId } });
    expectError(byStaff, 403, 'C10014', 'Cannot edit an admin account');
    const secondAdmin = await createVerifiedUser(t, { roleId: adminRoleId });
    const byAdmin = await t.call({ method: 'PUT', url: `/api/users/${adminId}`, token: secondAdmin.token, payload: { name: 'Renamed', email: ADMIN_EMAIL, role: adminRoleId } });
    expectError(byAdmin, 403, 'C10014');
    expect(await userRow(t, ADMIN_EMAIL)).toEqual(before);
  });

  it('lets an admin edit their own name but not their own role', async () => {
    const own = await createVerifiedUser(t, { roleId: adminRoleId });
    const rename = await t.call({ method: 'PUT', url: `/api/users/${own.id}`, token: own.token, payload: { name: 'Second Admin', email: own.email, role: adminRoleId } });
    expect(rename.statusCode).toBe(200);
    const demote = await t.call({ method: 'PUT', url: `/api/users/${own.id}`, token: own.token, payload: { name: 'Second Admin', email: own.email, role: resellerRoleId } });
    expectError(demote, 403, 'SELF_ROLE');
    expect((await userRow(t, own.email))!.role_id).toBe(adminRoleId);
  });

  it('refuses the admin role to a non-admin with 403 and changes nothing', async () => {
    const user = await createVerifiedUser(t);
    const res = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, token: staff.token, payload: { name: user.name, email: user.email, role: adminRoleId } });
    expectError(res, 403, 'ADMIN_ROLE_RESERVED');
    expect((await userRow(t, user.email))!.role_id).toBe(resellerRoleId);
  });

  it("refuses another account's e-mail with 422 and changes nothing", async () => {
    const user = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    const res = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, token: admin, payload: { name: 'Changed', email: other.email, role: resellerRoleId } });
    expectFieldErrors(res, { email: ['The email is already taken.'] });
    expect((await userRow(t, user.email))!.name).toBe(user.name);
  });

  it('answers 404 for an unknown or removed user', async () => {
    expectError(await t.call({ method: 'PUT', url: '/api/users/999999', token: admin, payload: { name: 'x', email: uniqueEmail(), role: resellerRoleId } }), 404, 'NOT_FOUND');
    expectFieldErrors(
      await t.call({ method: 'PUT', url: '/api/users/2147483648', token: admin, payload: { name: 'x', email: uniqueEmail(), role: resellerRoleId } }),
      { id: ['The id is invalid.'] },
    );
    const user = await createVerifiedUser(t);
    await t.call({ method: 'DELETE', url: `/api/delete-users/${user.id}`, token: admin });
    const res = await t.call({ method: 'PUT', url: `/api/users/${user.id}`, token: admin, payload: { name: 'Revived', email: user.email, role: resellerRoleId } });
    expectError(res, 404, 'NOT_FOUND');
    expect((await userRow(t, user.email))!.name).toBe(user.name);
  });

  it.each([
    ['missing fields', {}, { name: ['The name is required.'], email: ['The email is required.'], role: ['Please select a role.'] }],
    ['an unknown role', { role: 999_999 }, { role: ['Please select a role.'] }],
    ['a malformed e-mail', { email: 'x' }, { email: ['Please enter a valid email.'] }],
    ['a name of the wrong type', { name: { first: 'x' } }, { name: ['The name must be a string.'] }],
  ])('refuses %s with field messages and changes nothing', async (_label, override, errors) => {
    const user = (sharedUser ??= await createVerifiedUser(t));
    const before = await userRow(t, user.email);
    const payload = Object.keys(override).length === 0 ? {} : { name: user.name, email: user.email, role: resellerRoleId, ...override };
    expectFieldErrors(await t.call({ method: 'PUT', url: `/api/users/${user.id}`, token: admin, payload }), errors);
    expect(await userRow(t, user.email)).toEqual(before);
  });
});

describe('DELETE /api/delete-users/:id', () => {
  it('removes the user softly: gone from the list, sessions ended, e-mail still taken', async () => {
    const user = await createVerifiedUser(t);
    const res = await t.call({ method: 'DELETE', url: `/api/delete-users/${user.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.userDeleted') });
    expectError(await profile(user.token), 401, 'C10002');
    expect((await userRow(t, user.email))!.deleted_at).not.toBeNull();
    expectError(await getUser(user.id), 404, 'NOT_FOUND');
    expectError(await loginAs(user.email), 401, '10090');
    const again = await t.call({ method: 'POST', url: '/api/users', token: admin, payload: { name: 'Again', email: user.email, role: resellerRoleId } });
    expectFieldErrors(again, { email: ['The email is already taken.'] });
    const signup = await t.call({ method: 'POST', url: '/api/register', payload: { name: 'Again', email: user.email, tAndC: true } });
    expectFieldErrors(signup, { email: ['The email is already taken.'] });
    expect(await countUsers(t, user.email)).toBe(1);
    expect(await auditActions('user', user.id)).toContain('user.delete');
  });

  it('refuses to delete oneself with 403', async () => {
    expectError(await t.call({ method: 'DELETE', url: `/api/delete-users/${staff.id}`, token: staff.token }), 403, 'SELF_ACTION', translate('en', 'errors.selfAction'));
    expectError(await t.call({ method: 'DELETE', url: `/api/delete-users/${adminId}`, token: admin }), 403, 'SELF_ACTION');
    expect((await profile(staff.token)).statusCode).toBe(200);
    expect((await userRow(t, ADMIN_EMAIL))!.deleted_at).toBeNull();
  });

  it('refuses to delete an admin account from another account with C10014', async () => {
    const res = await t.call({ method: 'DELETE', url: `/api/delete-users/${adminId}`, token: staff.token });
    expectError(res, 403, 'C10014', translate('en', 'errors.adminAccountDelete'));
    expect((await userRow(t, ADMIN_EMAIL))!.deleted_at).toBeNull();
    expect((await profile(admin)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or already removed user', async () => {
    expectError(await t.call({ method: 'DELETE', url: '/api/delete-users/999999', token: admin }), 404, 'NOT_FOUND');
    const user = await createVerifiedUser(t);
    await t.call({ method: 'DELETE', url: `/api/delete-users/${user.id}`, token: admin });
    expectError(await t.call({ method: 'DELETE', url: `/api/delete-users/${user.id}`, token: admin }), 404, 'NOT_FOUND');
  });
});

describe('PUT /api/update-reseller/:id/status', () => {
  let sharedUser: TestUser | undefined;

  it("disables an account: its sessions stop at once and sign-in answers 10091; enabling lets it back", async () => {
    const user = await createVerifiedUser(t);
    expect((await profile(user.token)).statusCode).toBe(200);
    const res = await setStatus(user.id, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: 'Status updated successfully' });
    expectError(await profile(user.token), 401, 'C10002');
    expectError(await loginAs(user.email), 403, '10091');
    expect((await getUser(user.id)).json().data.is_disable_by_admin).toBe(1);

    expect((await setStatus(user.id, 0)).statusCode).toBe(200);
    expect((await getUser(user.id)).json().data.is_disable_by_admin).toBe(0);
    expect((await loginAs(user.email)).statusCode).toBe(200);
    expect(await auditActions('user', user.id)).toEqual(expect.arrayContaining(['user.disable', 'user.enable']));
  });

  it('refuses to disable oneself with 403', async () => {
    expectError(await setStatus(staff.id, 1, staff.token), 403, 'SELF_ACTION');
    expect((await profile(staff.token)).statusCode).toBe(200);
  });

  it('refuses to disable an admin account with C10014', async () => {
    expectError(await setStatus(adminId, 1, staff.token), 403, 'C10014');
    expect((await userRow(t, ADMIN_EMAIL))!.is_disable_by_admin).toBe(0);
    expect((await profile(admin)).statusCode).toBe(200);
  });

  it('lets a reseller switch its own sub-reseller but not another account (C10013)', async () => {
    const parent = await createVerifiedUser(t, { permissions: ['disable-enable-reseller'] });
    const child = await createVerifiedUser(t);
    const stranger = await createVerifiedUser(t);
    await t.database.db.execute(sql`update users set parent_reseller_id = ${parent.id} where id = ${child.id}`);
    expect((await setStatus(child.id, 1, parent.token)).statusCode).toBe(200);
    expect((await userRow(t, child.email))!.is_disable_by_admin).toBe(1);
    const res = await setStatus(stranger.id, 1, parent.token);
    // The web app shows 'Action Not Allowed' for a refused status change (business-panel.md §8).
    expectError(res, 403, 'C10013', 'Action Not Allowed');
    expect((await userRow(t, stranger.email))!.is_disable_by_admin).toBe(0);
    expect((await profile(stranger.token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 422 for an id beyond any row', async () => {
    expectError(await setStatus(999_999, 1), 404, 'NOT_FOUND');
    expectFieldErrors(await setStatus(2_147_483_648, 1), { id: ['The id is invalid.'] });
    expectFieldErrors(await t.call({ method: 'DELETE', url: '/api/delete-users/2147483648', token: admin }), { id: ['The id is invalid.'] });
  });

  it.each([
    ['a missing value', undefined, ['The status is required.']],
    ['a value other than 0 or 1', 2, ['The status is invalid.']],
    ['a string', '1', ['The status is invalid.']],
    ['a boolean', true, ['The status is invalid.']],
  ])('refuses %s with 422 and changes nothing', async (_label, value, messages) => {
    const user = (sharedUser ??= await createVerifiedUser(t));
    expectFieldErrors(await setStatus(user.id, value), { is_disable_by_admin: messages });
    expect((await userRow(t, user.email))!.is_disable_by_admin).toBe(0);
    expect((await profile(user.token)).statusCode).toBe(200);
  });
});
