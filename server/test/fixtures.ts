import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Permission } from '@panel/contract';
import type { TestApp } from './harness.js';

/** Meets every password rule of the panel (sign-up, reset and profile). */
export const GOOD_PASSWORD = 'Secret@123';

let emailCounter = 0;
/** A fresh address per call, so tests sharing one app never collide. */
export function uniqueEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${Math.random().toString(36).slice(2, 8)}@example.test`.toLowerCase();
}

let ipCounter = 0;
/**
 * A fresh client address. Failed sign-ins and mails are also counted per IP (20 in 15 minutes),
 * so tests that fail on purpose send from their own address and never starve the others.
 */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** Rows of a raw SQL query, on PGlite and node-postgres alike. */
export async function rows<T = Record<string, unknown>>(t: TestApp, query: SQL): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

export async function userRow(t: TestApp, email: string) {
  const [row] = await rows<{
    id: number;
    name: string;
    email: string;
    role_id: number;
    password_hash: string | null;
    email_verified_at: Date | null;
    is_disable_by_admin: number;
    status: number;
    deleted_at: Date | null;
    credit_share_passcode_hash: string | null;
  }>(t, sql`select * from users where email = ${email}`);
  return row;
}

export async function countUsers(t: TestApp, email: string): Promise<number> {
  const [row] = await rows<{ n: number }>(t, sql`select count(*)::int as n from users where email = ${email}`);
  return row!.n;
}

/** The newest mail sent to `email`, with its action link. */
export function lastMailTo(t: TestApp, email: string) {
  return t.mails().filter((m) => m.to === email).at(-1);
}

export function mailCount(t: TestApp, email: string): number {
  return t.mails().filter((m) => m.to === email).length;
}

/** The `email` and `token` of the newest create-password link sent to `email`. */
export function createPasswordLink(t: TestApp, email: string): { email: string; token: string; url: URL } {
  const link = lastMailTo(t, email)?.link;
  if (!link) throw new Error(`no mail with a link for ${email}`);
  const url = new URL(link);
  expect(url.pathname).toBe('/create-password');
  return { email: url.searchParams.get('email')!, token: url.searchParams.get('token')!, url };
}

/** Follows the newest create-password link of `email` as the web form does. */
export async function createPasswordFromMail(t: TestApp, email: string, password = GOOD_PASSWORD) {
  const link = createPasswordLink(t, email);
  const res = await t.call({
    method: 'POST',
    url: '/api/password/create',
    payload: { email: link.email, token: link.token, password, password_confirmation: password },
  });
  if (res.statusCode !== 200) throw new Error(`password/create failed for ${email}: ${res.statusCode} ${res.body}`);
  return res;
}

const adminTokens = new WeakMap<TestApp, string>();
/** A signed-in admin session, reused while it still works. */
export async function adminToken(t: TestApp): Promise<string> {
  const cached = adminTokens.get(t);
  if (cached) {
    const res = await t.call({ method: 'GET', url: '/api/profile', token: cached });
    if (res.statusCode === 200) return cached;
  }
  const token = await t.loginAdmin();
  adminTokens.set(t, token);
  return token;
}

/** Permission name → id, as GET /api/permissions answers them. */
export async function permissionIds(t: TestApp): Promise<Map<string, number>> {
  const res = await t.call({ method: 'GET', url: '/api/permissions', token: await adminToken(t) });
  expect(res.statusCode).toBe(200);
  const groups = res.json<{ data: { permissions: { id: number; name: string }[] }[] }>().data;
  return new Map(groups.flatMap((g) => g.permissions.map((p) => [p.name, p.id] as const)));
}

let roleCounter = 0;
/** A role created by the admin through the API; answers its id. */
export async function createRole(t: TestApp, permissions: readonly Permission[], name?: string): Promise<number> {
  roleCounter += 1;
  const ids = await permissionIds(t);
  const res = await t.call({
    method: 'POST',
    url: '/api/add-roles',
    token: await adminToken(t),
    payload: { name: name ?? `role-${roleCounter}-${Math.random().toString(36).slice(2, 8)}`, permissions: permissions.map((p) => ids.get(p)!) },
  });
  if (res.statusCode !== 201) throw new Error(`add-roles failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: number } }>().data.id;
}

export async function roleIdByName(t: TestApp, name: string): Promise<number> {
  const res = await t.call({ method: 'GET', url: '/api/get-roles', token: await adminToken(t) });
  const role = res.json<{ roles: { id: number; name: string }[] }>().roles.find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

export type TestUser = { id: number; email: string; name: string; password: string; token: string; roleId: number };

/**
 * An account as a person gets one: the admin creates it (in a new role holding `permissions`,
 * or in the existing role `roleName`), the invitation mail's link sets its password, and it signs in.
 */
export async function createVerifiedUser(
  t: TestApp,
  options: { roleName?: string; roleId?: number; permissions?: readonly Permission[]; name?: string; email?: string; password?: string } = {},
): Promise<TestUser> {
  const roleId =
    options.roleId ??
    (options.permissions ? await createRole(t, options.permissions, options.roleName) : await roleIdByName(t, options.roleName ?? 'reseller'));
  const email = options.email ?? uniqueEmail('staff');
  const name = options.name ?? `User ${email.split('@')[0]}`;
  const password = options.password ?? GOOD_PASSWORD;
  const res = await t.call({ method: 'POST', url: '/api/users', token: await adminToken(t), payload: { name, email, role: roleId } });
  if (res.statusCode !== 201) throw new Error(`create user failed: ${res.statusCode} ${res.body}`);
  const id = res.json<{ data: { id: number } }>().data.id;
  await createPasswordFromMail(t, email, password);
  const isAdmin = roleId === (await roleIdByName(t, 'admin'));
  const token = await t.login(email, password, { admin: isAdmin });
  return { id, email, name, password, token, roleId };
}

/** Signs up through the public form; answers the update-email token of the register answer. */
export async function register(t: TestApp, email = uniqueEmail('signup'), name = 'New Reseller', lang?: string) {
  const res = await t.call({ method: 'POST', url: '/api/register', payload: { name, email, tAndC: true }, lang });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { email, name, updateToken: res.json<{ token: string }>().token };
}

/** A reseller who signed up, verified through the mail and signed in. */
export async function signedUpReseller(t: TestApp, password = GOOD_PASSWORD): Promise<TestUser> {
  const { email, name } = await register(t);
  await createPasswordFromMail(t, email, password);
  const token = await t.login(email, password);
  const row = await userRow(t, email);
  return { id: row!.id, email, name, password, token, roleId: row!.role_id };
}

/** The error envelope of DESIGN.md §3, with the catalogue code and status. */
export function expectError(res: LightMyRequestResponse, status: number, code: string, msg?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<Record<string, unknown>>();
  expect(body).toMatchObject({ status: false, code });
  expect(body.msg).toBe(body.message);
  expect(typeof body.msg).toBe('string');
  if (msg !== undefined) expect(body.msg).toBe(msg);
  return body;
}

/** A 422 whose `errors` hold exactly these fields, each with these messages. */
export function expectFieldErrors(res: LightMyRequestResponse, errors: Record<string, string[]>) {
  const body = expectError(res, 422, 'VALIDATION');
  expect(body.errors).toEqual(errors);
}

/** Ids of the seeded applications, oldest first. */
export async function applicationIds(t: TestApp): Promise<number[]> {
  return (await rows<{ id: number }>(t, sql`select id from applications order by id`)).map((r) => r.id);
}

/**
 * A reseller as the panel makes one: the admin adds it (POST /api/add-resellers), or `parent`
 * adds it as its sub-reseller (POST /api/add-subreseller); it sets its password from the mail and
 * signs in. `applications` defaults to the first two seeded ones (a sub-reseller: its parent's).
 */
export async function createReseller(
  t: TestApp,
  options: { parent?: TestUser; applications?: number[]; name?: string; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(options.parent ? 'sub' : 'reseller');
  const name = options.name ?? `Reseller ${email.split('@')[0]}`;
  const applications =
    options.applications ??
    (options.parent
      ? (await rows<{ id: number }>(t, sql`select application_id as id from reseller_applications where user_id = ${options.parent.id} order by 1`)).map((r) => r.id)
      : (await applicationIds(t)).slice(0, 2));
  const res = await t.call({
    method: 'POST',
    url: options.parent ? '/api/add-subreseller' : '/api/add-resellers',
    token: options.parent ? options.parent.token : await adminToken(t),
    payload: { requestData: { name, email, application_allowed: applications } },
  });
  if (res.statusCode !== 201) throw new Error(`add reseller failed: ${res.statusCode} ${res.body}`);
  const id = res.json<{ data: { id: number } }>().data.id;
  await createPasswordFromMail(t, email);
  const token = await t.login(email, GOOD_PASSWORD);
  return { id, email, name, password: GOOD_PASSWORD, token, roleId: (await userRow(t, email))!.role_id };
}
