import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart, PNG } from '../../../test/uploads.js';
import {
  GOOD_PASSWORD,
  adminToken,
  applicationIds,
  countUsers,
  createReseller,
  createRole,
  createVerifiedUser,
  expectError,
  expectFieldErrors,
  mailCount,
  rows,
  uniqueEmail,
  userRow,
  type TestUser,
} from '../../../test/fixtures.js';
import { fundedAdmin, recharge } from '../../../test/credit.js';
import { registerDevice, uniqueMac } from '../../../test/devices.js';
import { sha256 } from '../../lib/secrets.js';

let t: TestApp;
let admin: string;
let adminId: number;
let apps: number[];
/** Two resellers made by the admin, each with one sub-reseller of its own. */
let a: TestUser;
let a1: TestUser;
let b: TestUser;
let b1: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  adminId = (await userRow(t, ADMIN_EMAIL))!.id;
  apps = await applicationIds(t);
  a = await createReseller(t, { applications: [apps[0]!, apps[1]!] });
  b = await createReseller(t, { applications: [apps[2]!] });
  a1 = await createReseller(t, { parent: a });
  b1 = await createReseller(t, { parent: b });
});
afterAll(() => t.close());

type Row = {
  id: number;
  name: string;
  email: string;
  credit_point: number;
  isSubReseller: number;
  parent_reseller_id: number | null;
  parent_reseller: { id: number; name: string; email: string } | null;
  application_allowed: { id: number; app_name: string }[];
  total_boxes_activated: number;
  status: number;
  old_email: string | null;
  created_by: number | null;
  group_id: number;
  logo_path: string | null;
  api_access: number;
};

const get = (url: string, token: string, query?: Record<string, string>) => t.call({ method: 'GET', url, token, query });
const post = (url: string, token: string, payload: Record<string, unknown> = {}) => t.call({ method: 'POST', url, token, payload });
const put = (url: string, token: string, payload: Record<string, unknown>) => t.call({ method: 'PUT', url, token, payload });
const profile = (token: string) => get('/api/profile', token);

async function list(token: string, query: Record<string, string> = {}, url = '/api/total-resellers/list') {
  const res = await get(url, token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { data: Row[] }; meta: { current_page: number; last_page: number; total: number; per_page: number } }>();
}
const idsIn = (answer: { data: { data: Row[] } }) => answer.data.data.map((r) => r.id);

async function account(id: number) {
  const [row] = await rows<{
    name: string;
    email: string;
    old_email: string | null;
    status: number;
    parent_reseller_id: number | null;
    role_id: number;
    credit_point: number;
    deleted_at: Date | null;
    password_hash: string | null;
    logo_path: string | null;
    api_key_encrypted: string | null;
    api_key_hash: string | null;
    api_access: number;
  }>(t, sql`select * from users where id = ${id}`);
  // node-postgres answers bigint columns as strings, PGlite as numbers.
  return { ...row!, credit_point: Number(row!.credit_point) };
}
async function allowed(id: number) {
  return (await rows<{ id: number }>(t, sql`select application_id as id from reseller_applications where user_id = ${id} order by 1`)).map((r) => r.id);
}
async function auditActions(id: number) {
  return (await rows<{ action: string }>(t, sql`select action from audit_log where target_id = ${String(id)} order by id`)).map((r) => r.action);
}
async function roleId(name: string) {
  return (await rows<{ id: number }>(t, sql`select id from roles where lower(name) = ${name}`))[0]!.id;
}

describe('GET /api/total-resellers/list', () => {
  it('shows an admin every reseller and sub-reseller with the fields of the Reseller entity, never an admin account', async () => {
    const answer = await list(admin, { page_size: '100' });
    const ids = idsIn(answer);
    expect(ids).toEqual(expect.arrayContaining([a.id, a1.id, b.id, b1.id]));
    expect(ids).not.toContain(adminId);
    const row = answer.data.data.find((r) => r.id === a1.id)!;
    expect(row).toMatchObject({
      email: a1.email,
      isSubReseller: 1,
      parent_reseller_id: a.id,
      parent_reseller: { id: a.id, name: a.name, email: a.email },
      total_boxes_activated: 0,
      status: 1,
      created_by: a.id,
    });
    expect(row.application_allowed.map((x) => x.id)).toEqual([apps[0], apps[1]]);
    expect(typeof row.application_allowed[0]!.app_name).toBe('string');
    expect(answer.meta).toMatchObject({ current_page: 1, total: ids.length });
  });

  it('shows a reseller its own sub-resellers and never itself, whatever it searches for', async () => {
    expect(idsIn(await list(a.token))).toEqual([a1.id]);
    expect(idsIn(await list(a.token, { search_title: a.email }))).toEqual([]);
    expect(idsIn(await list(a.token, { search_title: b.email }))).toEqual([]);
    expect(idsIn(await list(a.token, { search_title: b1.email.slice(0, 12) }))).toEqual([]);
    expect((await list(a.token, { page_size: '100', page_number: '1' })).meta.total).toBe(1);
  });

  it('filters by a keyword of 3 or more characters and ignores a shorter one', async () => {
    expect(idsIn(await list(admin, { search_title: a1.email }))).toEqual([a1.id]);
    const all = (await list(admin)).meta.total;
    expect((await list(admin, { search_title: 'zz' })).meta.total).toBe(all);
  });

  it('finds a fragment of the name or the e-mail whatever its case, never one spanning both', async () => {
    const r = await createReseller(t);
    await rows(t, sql`update users set name = ${'Ömer Çelik-Ünal'} where id = ${r.id}`);
    for (const keyword of ['çelik', 'ÖMER ÇE', r.email.toUpperCase(), r.email.split('@')[0]!.slice(-6)]) {
      expect(idsIn(await list(admin, { search_title: keyword })), keyword).toEqual([r.id]);
    }
    // search_text joins them with a line break: the end of the name and the start of the e-mail are no match.
    expect(idsIn(await list(admin, { search_title: `ünal\n${r.email.slice(0, 3)}` }))).toEqual([]);
    expect(idsIn(await list(admin, { search_title: `ünal${r.email.slice(0, 3)}` }))).toEqual([]);
  });

  it('counts Total Box Activated: the devices whose standing paid activation the reseller made', async () => {
    await fundedAdmin(t, 100);
    const r = await createReseller(t, { applications: [apps[0]!] });
    const s = await createReseller(t, { parent: r });
    for (const x of [r, s]) expect((await recharge(t, admin, { email: x.email, points: 10 })).statusCode).toBe(200);
    const macs = [uniqueMac(), uniqueMac(), uniqueMac(), uniqueMac()];
    for (const mac of macs) await registerDevice(t, { appId: apps[0]!, mac });
    const activate = async (token: string, mac: string) => {
      const res = await post('/api/bulk-multi-app-activate', token, { requestData: { is_trial: 3, macAddress: mac, isConfirmed: true, app_ids: [apps[0]!] } });
      expect(res.statusCode, res.body).toBe(200);
    };
    for (const mac of macs.slice(0, 3)) await activate(r.token, mac);
    await activate(s.token, macs[3]!);
    // Test shortcuts for states other calls produce: one device disabled, one whose year ran out.
    await t.database.db.execute(sql`update devices set disabled_at = now() where mac_address = ${macs[1]!}`);
    await t.database.db.execute(sql`update devices set expire_date = now() - interval '1 day' where mac_address = ${macs[2]!}`);
    const boxes = async (token: string) =>
      new Map((await list(token, { page_size: '100' })).data.data.map((row) => [row.id, row.total_boxes_activated]));
    expect((await boxes(admin)).get(r.id)).toBe(1);
    expect((await boxes(r.token))).toEqual(new Map([[s.id, 1]]));
    // Activated again by the sub-reseller, the box is now the sub-reseller's.
    await activate(s.token, macs[0]!);
    expect((await boxes(admin)).get(r.id)).toBe(0);
    expect(await boxes(r.token)).toEqual(new Map([[s.id, 2]]));
    const subs = await get(`/api/sub-resellers-list/${r.id}`, r.token);
    expect(subs.json().data.IBOReseller.map((row: Row) => [row.id, row.total_boxes_activated])).toEqual([[s.id, 2]]);
  });

  it('pages, sorts by a whitelisted column and cuts a page size above 100', async () => {
    const a2 = await createReseller(t, { parent: a });
    await t.database.db.execute(sql`update users set credit_point = 7 where id = ${a1.id}`);
    const byCredit = await list(a.token, { sort_key: 'credit_point', sort_type: 'desc' });
    expect(idsIn(byCredit)).toEqual([a1.id, a2.id]);
    expect(idsIn(await list(a.token, { sort_key: 'credit_point', sort_type: 'asc' }))).toEqual([a2.id, a1.id]);
    const paged = await list(a.token, { page_size: '1', page_number: '2', sort_key: 'credit_point', sort_type: 'desc' });
    expect(idsIn(paged)).toEqual([a2.id]);
    expect(paged.meta).toEqual({ current_page: 2, last_page: 2, total: 2, per_page: 1 });
    expect((await list(admin, { page_size: '5000' })).meta.per_page).toBe(100);
    await t.database.db.execute(sql`update users set credit_point = 0 where id = ${a1.id}`);
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${a2.id}`);
  });

  it('refuses a sort column outside the whitelist with 422', async () => {
    const res = await get('/api/total-resellers/list', admin, { sort_key: 'password_hash' });
    expectError(res, 422, 'VALIDATION');
  });

  it('refuses a sub-reseller, whose role lacks reseller-list', async () => {
    expectError(await get('/api/total-resellers/list', a1.token), 403, 'FORBIDDEN');
  });
});

describe('GET /api/counting-resellers/totalCount', () => {
  it("counts a reseller's own sub-resellers, as its list shows them, and every reseller for an admin", async () => {
    const res = await get('/api/counting-resellers/totalCount', a.token);
    expect(res.json()).toMatchObject({ status: true, meta: { total: 1 } });
    const all = (await list(admin)).meta.total;
    expect((await get('/api/counting-resellers/totalCount', admin)).json().meta.total).toBe(all);
  });
});

describe('POST /api/add-resellers', () => {
  it('creates a reseller with role reseller, no parent, its applications, and mails it a create-password link', async () => {
    const email = uniqueEmail('new');
    const res = await post('/api/add-resellers', admin, { requestData: { name: 'New One', email, application_allowed: [apps[3], apps[3], apps[4]] } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: { id: number } }>().data.id;
    const row = await account(id);
    expect(row).toMatchObject({ name: 'New One', email, parent_reseller_id: null, role_id: await roleId('reseller') });
    expect((await rows<{ created_by: number }>(t, sql`select created_by from users where id = ${id}`))[0]!.created_by).toBe(adminId);
    expect(await allowed(id)).toEqual([apps[3], apps[4]]);
    expect(mailCount(t, email)).toBe(1);
    expect(await auditActions(id)).toContain('reseller.create');
  });

  it('answers "The email is already taken." for a used address and creates nothing', async () => {
    const res = await post('/api/add-resellers', admin, { requestData: { name: 'Dup', email: a.email.toUpperCase(), application_allowed: [apps[0]] } });
    expectFieldErrors(res, { email: ['The email is already taken.'] });
    expect(await countUsers(t, a.email)).toBe(1);
    expect((await account(a.id)).name).toBe(a.name);
  });

  it.each([
    ['no name', { email: 'x-no-name@example.test', application_allowed: [1] }, { name: ['The name is required.'] }],
    ['no email', { name: 'X', application_allowed: [1] }, { email: ['The email is required.'] }],
    ['a bad email', { name: 'X', email: 'not-an-email', application_allowed: [1] }, { email: ['Please enter a valid email.'] }],
    ['no application', { name: 'X', email: 'x-no-app@example.test', application_allowed: [] }, { application_allowed: ['Please select at least one application.'] }],
    ['a name over 100', { name: 'n'.repeat(101), email: 'x-long@example.test', application_allowed: [1] }, { name: ['The name may not be greater than 100 characters.'] }],
    ['an unknown application', { name: 'X', email: 'x-unknown-app@example.test', application_allowed: [999_999] }, { application_allowed: ['The applications is invalid.'] }],
  ])('refuses %s with 422 and creates nothing', async (_label, requestData, errors) => {
    const res = await post('/api/add-resellers', admin, { requestData });
    expectFieldErrors(res, errors);
    if ('email' in requestData && typeof requestData.email === 'string') expect(await countUsers(t, requestData.email)).toBe(0);
  });

  it('refuses a reseller, whose role lacks add-reseller', async () => {
    const email = uniqueEmail('nope');
    expectError(await post('/api/add-resellers', a.token, { requestData: { name: 'X', email, application_allowed: [apps[0]] } }), 403, 'FORBIDDEN');
    expect(await countUsers(t, email)).toBe(0);
  });
});

describe('POST /api/add-subreseller', () => {
  it('creates a sub-reseller under the caller with role sub-reseller', async () => {
    const email = uniqueEmail('child');
    const res = await post('/api/add-subreseller', a.token, { requestData: { name: 'Child', email, application_allowed: [apps[1]] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe(true);
    const row = await account(res.json<{ data: { id: number } }>().data.id);
    expect(row).toMatchObject({ parent_reseller_id: a.id, role_id: await roleId('sub-reseller') });
    expect(mailCount(t, email)).toBe(1);
  });

  it('refuses applications the caller is not allowed itself, and creates nothing', async () => {
    const email = uniqueEmail('child');
    const res = await post('/api/add-subreseller', a.token, { requestData: { name: 'Child', email, application_allowed: [apps[0], apps[2]] } });
    expectFieldErrors(res, { application_allowed: ['You can only give applications you are allowed yourself.'] });
    expect(await countUsers(t, email)).toBe(0);
  });
});

describe('GET /api/show-resellers/:id', () => {
  it('answers name, email, status and application_allowed as a JSON string', async () => {
    const res = await get(`/api/show-resellers/${a1.id}`, a.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: a1.id, name: a1.name, email: a1.email, status: 1 });
    expect(JSON.parse(data.application_allowed)).toEqual([apps[0], apps[1]]);
  });

  it("refuses another reseller's sub-reseller with C10013 and another admin with C10014", async () => {
    expectError(await get(`/api/show-resellers/${b1.id}`, a.token), 403, 'C10013', 'Unauthorized. You are not the parent reseller.');
    const other = await createVerifiedUser(t, { roleName: 'admin' });
    expectError(await get(`/api/show-resellers/${other.id}`, admin), 403, 'C10014');
    expectError(await get('/api/show-resellers/999999', admin), 404, 'NOT_FOUND');
  });
});

describe('PUT /api/resellers/:id/edit', () => {
  const edit = (id: number, requestData: Record<string, unknown>, token = admin) => put(`/api/resellers/${id}/edit`, token, { requestData });

  it('changes name, e-mail (keeping the old one), status and applications', async () => {
    const r = await createReseller(t);
    const email = uniqueEmail('renamed');
    const res = await edit(r.id, { name: 'Renamed', email, status: 1, application_allowed: [apps[2]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: 'Reseller updated successfully.' });
    expect(await account(r.id)).toMatchObject({ name: 'Renamed', email, old_email: r.email });
    expect(await allowed(r.id)).toEqual([apps[2]]);
    expect(await auditActions(r.id)).toContain('reseller.update');
  });

  it("takes an application away from the parent's sub-resellers too", async () => {
    const parent = await createReseller(t, { applications: [apps[0]!, apps[1]!] });
    const child = await createReseller(t, { parent });
    expect((await edit(parent.id, { name: parent.name, email: parent.email, application_allowed: [apps[0]] })).statusCode).toBe(200);
    expect(await allowed(child.id)).toEqual([apps[0]]);
  });

  it('sets a new password and ends the sessions; an inactive status stops them too', async () => {
    const r = await createReseller(t);
    expect((await edit(r.id, { name: r.name, email: r.email, password: 'Another@Pass1' })).statusCode).toBe(200);
    expectError(await profile(r.token), 401, 'C10002');
    const token = await t.login(r.email, 'Another@Pass1');
    expect((await edit(r.id, { name: r.name, email: r.email, status: 0 })).statusCode).toBe(200);
    expectError(await profile(token), 401, 'C10002');
  });

  it('verifies the address of an account whose password it sets, and says so in the audit row', async () => {
    const email = uniqueEmail('edited');
    const created = await post('/api/add-subreseller', a.token, { requestData: { name: 'Handed Over', email, application_allowed: [apps[0]] } });
    const id = created.json<{ data: { id: number } }>().data.id;
    expect((await edit(id, { name: 'Handed Over', email, password: 'Another@Pass1' }, a.token)).statusCode).toBe(200);
    expect((await t.login(email, 'Another@Pass1')).length).toBeGreaterThan(10);
    const [entry] = await rows<{ details: { emailVerified?: boolean } }>(t, sql`select details from audit_log where target_id = ${String(id)} and action = 'reseller.update'`);
    expect(entry!.details.emailVerified).toBe(true);
  });

  it('refuses a taken e-mail and a weak password with 422 and changes nothing', async () => {
    expectFieldErrors(await edit(a1.id, { name: 'Changed', email: b.email }), { email: ['The email is already taken.'] });
    expectFieldErrors(await edit(a1.id, { name: 'Changed', email: a1.email, password: 'short' }), {
      password: ['Password must be at least 8 characters', 'Password must contain at least one capital letter', 'Password must contain at least one special character'],
    });
    expectFieldErrors(await edit(a1.id, { name: '', email: 'x'.repeat(250) + '@e.test' }), {
      name: ['The name is required.'],
      email: ['The email may not be greater than 255 characters.'],
    });
    expect(await account(a1.id)).toMatchObject({ name: a1.name, email: a1.email });
  });

  it('refuses an admin account with C10014 "Cannot edit an admin account"', async () => {
    expectError(await edit(adminId, { name: 'Hacked', email: ADMIN_EMAIL }), 403, 'C10014', 'Cannot edit an admin account');
    expectError(await edit(adminId, { name: 'Hacked', email: ADMIN_EMAIL }, a.token), 403, 'C10014');
    expect((await userRow(t, ADMIN_EMAIL))!.name).not.toBe('Hacked');
  });

  it("refuses another reseller's sub-reseller with C10013", async () => {
    expectError(await edit(b1.id, { name: 'Mine now', email: b1.email }, a.token), 403, 'C10013');
    expect((await account(b1.id)).name).toBe(b1.name);
  });

  it("changes applications only with 'edit-allowed-applications'", async () => {
    const editor = await createVerifiedUser(t, { permissions: ['edit-reseller'] });
    const child = await createReseller(t);
    await t.database.db.execute(sql`update users set parent_reseller_id = ${editor.id} where id = ${child.id}`);
    expectError(await edit(child.id, { name: 'X', email: child.email, application_allowed: [apps[5]] }, editor.token), 403, 'FORBIDDEN');
    expect(await allowed(child.id)).toEqual([apps[0], apps[1]]);
    expect((await account(child.id)).name).toBe(child.name);
    // Sending the unchanged list is fine.
    expect((await edit(child.id, { name: 'Kept', email: child.email, application_allowed: [apps[1], apps[0]] }, editor.token)).statusCode).toBe(200);
  });
});

describe('PUT /api/resellers/:id/change-password', () => {
  const change = (id: number, requestData: Record<string, unknown>, token = admin) => put(`/api/resellers/${id}/change-password`, token, { requestData });

  it("sets the password and revokes the target's sessions", async () => {
    const r = await createReseller(t, { parent: a });
    const res = await change(r.id, { password: 'Brand@New9', password_confirmation: 'Brand@New9' }, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expectError(await profile(r.token), 401, 'C10002');
    expect((await t.login(r.email, 'Brand@New9')).length).toBeGreaterThan(10);
    expect(await auditActions(r.id)).toContain('reseller.password');
  });

  it('lets a new reseller sign in with the password its admin set: the admin vouches for the address', async () => {
    const email = uniqueEmail('handed');
    const created = await post('/api/add-resellers', admin, { requestData: { name: 'Handed Over', email, application_allowed: [apps[0]] } });
    const id = created.json<{ data: { id: number } }>().data.id;
    expectError(await t.call({ method: 'POST', url: '/api/login', payload: { email, password: 'Brand@New9' } }), 403, '10095');
    expect((await change(id, { password: 'Brand@New9', password_confirmation: 'Brand@New9' })).statusCode).toBe(200);
    expect((await t.login(email, 'Brand@New9')).length).toBeGreaterThan(10);
    const [entry] = await rows<{ details: { emailVerified?: boolean } }>(t, sql`select details from audit_log where target_id = ${String(id)} and action = 'reseller.password'`);
    expect(entry!.details).toEqual({ emailVerified: true });
  });

  it('refuses an admin account with C10014 and its message', async () => {
    expectError(await change(adminId, { password: 'Brand@New9', password_confirmation: 'Brand@New9' }), 403, 'C10014', 'Cannot change the password for an admin account');
    expect((await profile(admin)).statusCode).toBe(200);
  });

  it('refuses a mismatch, a missing confirmation and a weak password, changing nothing', async () => {
    const before = (await account(a1.id)).password_hash;
    expectFieldErrors(await change(a1.id, { password: 'Brand@New9', password_confirmation: 'Brand@New8' }), { password_confirmation: ['Passwords do not match'] });
    expectFieldErrors(await change(a1.id, { password: 'Brand@New9', password_confirmation: '' }), { password_confirmation: ['Password confirmation is required'] });
    expectFieldErrors(await change(a1.id, { password: 'alllowercase!', password_confirmation: 'alllowercase!' }), { password: ['Password must contain at least one capital letter'] });
    expect((await account(a1.id)).password_hash).toBe(before);
    expectError(await change(b1.id, { password: 'Brand@New9', password_confirmation: 'Brand@New9' }, a.token), 403, 'C10013');
  });
});

describe('removal and reactivation', () => {
  it('removes softly: sessions end, ledger kept, e-mail stays taken; reactivation restores it', async () => {
    const r = await createReseller(t, { parent: a });
    await t.database.db.execute(sql`update users set credit_point = 5 where id = ${r.id}`);
    await t.database.db.execute(sql`insert into credit_ledger (tr_type, credit_point, debitor_id, creditor_id, creator_id) values ('Added Credit', 5, ${a.id}, ${r.id}, ${a.id})`);
    const res = await post('/api/resellers/remove', a.token, { requestData: { resellerId: r.id } });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await profile(r.token), 401, 'C10002');
    expect((await account(r.id)).deleted_at).not.toBeNull();
    expect(idsIn(await list(a.token))).not.toContain(r.id);
    expect(idsIn(await list(admin, {}, '/api/deleted-resellers/list'))).toContain(r.id);
    // The address stays taken.
    expectFieldErrors(await post('/api/add-subreseller', a.token, { requestData: { name: 'Again', email: r.email, application_allowed: [apps[0]] } }), {
      email: ['The email is already taken.'],
    });
    const reactivated = await post('/api/reactivate-resellers', admin, { requestData: { resellerId: r.id } });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(await account(r.id)).toMatchObject({ deleted_at: null, credit_point: 5 });
    expect((await rows(t, sql`select 1 from credit_ledger where creditor_id = ${r.id}`)).length).toBe(1);
    expect(idsIn(await list(a.token))).toContain(r.id);
    expect(await auditActions(r.id)).toEqual(expect.arrayContaining(['reseller.remove', 'reseller.reactivate']));
  });

  it('brings back with the default role of its place an account whose role was deleted meanwhile', async () => {
    const r = await createReseller(t, { parent: a });
    const custom = await createRole(t, ['notif-bell']);
    await t.database.db.execute(sql`update users set role_id = ${custom} where id = ${r.id}`);
    expect((await post('/api/resellers/remove', a.token, { requestData: { resellerId: r.id } })).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/api/delete-roles/${custom}`, token: admin })).statusCode).toBe(200);
    expect((await post('/api/reactivate-resellers', admin, { requestData: { resellerId: r.id } })).statusCode).toBe(200);
    expect((await account(r.id)).role_id).toBe(await roleId('sub-reseller'));
  });

  it('shows a reseller only its own removed sub-resellers', async () => {
    const mine = await createReseller(t, { parent: b });
    expect((await post('/api/resellers/remove', admin, { requestData: { resellerId: mine.id } })).statusCode).toBe(200);
    expect(idsIn(await list(admin, {}, '/api/deleted-resellers/list'))).toContain(mine.id);
    // The reseller role has no deleted-reseller-list; a role that has it sees only its own.
    const viewer = await createVerifiedUser(t, { permissions: ['deleted-reseller-list', 'reactivate-reseller'] });
    expect(idsIn(await list(viewer.token, {}, '/api/deleted-resellers/list'))).toEqual([]);
    expectError(await post('/api/reactivate-resellers', viewer.token, { requestData: { resellerId: mine.id } }), 403, 'C10013');
    expect((await account(mine.id)).deleted_at).not.toBeNull();
  });

  it('refuses to remove an admin (C10014), oneself, or another reseller\'s sub-reseller (C10013)', async () => {
    expectError(await post('/api/resellers/remove', a.token, { requestData: { resellerId: adminId } }), 403, 'C10014');
    expectError(await post('/api/resellers/remove', admin, { requestData: { resellerId: adminId } }), 403, 'SELF_ACTION');
    expectError(await post('/api/resellers/remove', a.token, { requestData: { resellerId: b1.id } }), 403, 'C10013');
    expectFieldErrors(await post('/api/resellers/remove', a.token, { requestData: { resellerId: 'x' } }), { resellerId: ['The reseller must be a number.'] });
    expect((await account(b1.id)).deleted_at).toBeNull();
    expect((await profile(b1.token)).statusCode).toBe(200);
  });

  it('answers 409 when reactivating an account that is not removed', async () => {
    expectError(await post('/api/reactivate-resellers', admin, { requestData: { resellerId: a1.id } }), 409, 'CONFLICT', 'This reseller is not removed.');
  });
});

describe('POST /api/privilege-resellers/change-role', () => {
  it('makes a sub-reseller a reseller, keeping its balance and its own sub-resellers', async () => {
    const parent = await createReseller(t);
    const sub = await createReseller(t, { parent });
    const grandchild = await createReseller(t);
    await t.database.db.execute(sql`update users set parent_reseller_id = ${sub.id}, credit_point = 3 where id = ${grandchild.id}`);
    await t.database.db.execute(sql`update users set credit_point = 9 where id = ${sub.id}`);
    const res = await post('/api/privilege-resellers/change-role', admin, { requestData: { resellerId: sub.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await account(sub.id)).toMatchObject({ parent_reseller_id: null, role_id: await roleId('reseller'), credit_point: 9 });
    expect(await account(grandchild.id)).toMatchObject({ parent_reseller_id: sub.id, credit_point: 3 });
    expect(await auditActions(sub.id)).toContain('reseller.promote');
  });

  it('answers the messages of §8: 422 for a reseller already, 400 for an unknown one', async () => {
    expectError(await post('/api/privilege-resellers/change-role', admin, { requestData: { resellerId: a.id } }), 422, 'VALIDATION',
      'Reseller assignment failed, Please check your input data and retry after sometime.');
    expectError(await post('/api/privilege-resellers/change-role', admin, { requestData: { resellerId: 999_999 } }), 400, 'BAD_REQUEST',
      'Subreseller detail not found, Please try after sometime.');
    expect((await account(a.id)).role_id).toBe(await roleId('reseller'));
  });

  it("refuses another reseller's sub-reseller with C10013", async () => {
    const promoter = await createVerifiedUser(t, { permissions: ['update-role'] });
    expectError(await post('/api/privilege-resellers/change-role', promoter.token, { requestData: { resellerId: b1.id } }), 403, 'C10013');
    expect((await account(b1.id)).parent_reseller_id).toBe(b.id);
  });
});

describe('POST /api/change-resellers/:id/role', () => {
  it('gives an account another role', async () => {
    const r = await createReseller(t);
    const res = await post(`/api/change-resellers/${r.id}/role`, admin, { role_id: await roleId('sub-reseller') });
    expect(res.statusCode, res.body).toBe(200);
    expect((await account(r.id)).role_id).toBe(await roleId('sub-reseller'));
  });

  it('refuses with 403 C10006: the admin role, an admin account, a role with more than the caller holds, an account out of reach', async () => {
    const r = await createReseller(t);
    const adminRole = await roleId('admin');
    expectError(await post(`/api/change-resellers/${r.id}/role`, admin, { role_id: adminRole }), 403, 'C10006');
    const other = await createVerifiedUser(t, { roleName: 'admin' });
    expectError(await post(`/api/change-resellers/${other.id}/role`, admin, { role_id: await roleId('reseller') }), 403, 'C10006');
    const changer = await createVerifiedUser(t, { permissions: ['change-role'] });
    await t.database.db.execute(sql`update users set parent_reseller_id = ${changer.id} where id = ${r.id}`);
    expectError(await post(`/api/change-resellers/${r.id}/role`, changer.token, { role_id: await roleId('reseller') }), 403, 'C10006');
    expectError(await post(`/api/change-resellers/${b1.id}/role`, changer.token, { role_id: changer.roleId }), 403, 'C10006');
    expectFieldErrors(await post(`/api/change-resellers/${r.id}/role`, admin, { role_id: 999_999 }), { role_id: ['Please select a role.'] });
    expect((await account(r.id)).role_id).toBe(await roleId('reseller'));
    expect((await account(b1.id)).role_id).toBe(await roleId('sub-reseller'));
  });
});

describe('parents and sub-reseller lists', () => {
  it('GET /api/show-parent-reseller/:id answers the parent e-mail, or the no-parent message', async () => {
    const res = await get(`/api/show-parent-reseller/${a1.id}`, admin);
    expect(res.json().data).toEqual({ id: a.id, name: a.name, email: a.email });
    expectError(await get(`/api/show-parent-reseller/${a.id}`, admin), 404, 'NOT_FOUND', 'This Reseller has no parent reseller!');
    expectError(await get(`/api/show-parent-reseller/${b1.id}`, a.token), 403, 'C10013');
  });

  it('GET /api/sub-resellers-list/:id pages the sub-resellers of the caller', async () => {
    const res = await get(`/api/sub-resellers-list/${a.id}`, a.token, { page: '1', pageSize: '10', search: '' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.IBOReseller.map((r: Row) => r.id)).toContain(a1.id);
    expect(body.data.IBOReseller.every((r: Row) => r.parent_reseller?.email === a.email)).toBe(true);
    expect(body.pagination).toMatchObject({ currentPage: 1, totalItems: body.data.IBOReseller.length });
    const searched = await get(`/api/sub-resellers-list/${a.id}`, a.token, { search: a1.email });
    expect(searched.json().data.IBOReseller.map((r: Row) => r.id)).toEqual([a1.id]);
    expectError(await get(`/api/sub-resellers-list/${b.id}`, a.token), 403, 'C10013');
    expectError(await get(`/api/sub-resellers-list/${a1.id}`, a.token), 403, 'C10013');
    expect((await get(`/api/sub-resellers-list/${b.id}`, admin)).json().data.IBOReseller.map((r: Row) => r.id)).toContain(b1.id);
  });

  it('GET /api/resellers-switch-assign-list offers parents within reach only', async () => {
    const res = await get('/api/resellers-switch-assign-list', admin, { query: b.email });
    expect(res.json().data.IBOReseller).toEqual([{ id: b.id, name: b.name, email: b.email }]);
    const mover = await createVerifiedUser(t, { permissions: ['switch-reseller'] });
    const child = await createReseller(t);
    await t.database.db.execute(sql`update users set parent_reseller_id = ${mover.id} where id = ${child.id}`);
    const own = (await get('/api/resellers-switch-assign-list', mover.token)).json().data.IBOReseller.map((r: { id: number }) => r.id);
    expect(own.sort()).toEqual([mover.id, child.id].sort());
    expect((await get('/api/resellers-switch-assign-list', mover.token, { query: b.email })).json().data.IBOReseller).toEqual([]);
  });

  it('GET /api/get-subresellers-by-id/:id answers the account with its parent', async () => {
    const res = await get(`/api/get-subresellers-by-id/${b1.id}`, admin);
    expect(res.json().data.IBOReseller).toEqual({ id: b1.id, name: b1.name, email: b1.email, parent_reseller_id: b.id, parent_reseller: { id: b.id, name: b.name, email: b.email } });
    const mover = await createVerifiedUser(t, { permissions: ['assign-reseller'] });
    expectError(await get(`/api/get-subresellers-by-id/${b1.id}`, mover.token), 403, 'C10013');
  });
});

describe('POST /api/assign-resellers', () => {
  const assign = (subResellerId: unknown, resellerId: unknown, token = admin) => post('/api/assign-resellers', token, { requestData: { subResellerId, resellerId } });

  it("moves a sub-reseller to another parent, keeping its balance and its own sub-resellers; answers httpCode '200'", async () => {
    const from = await createReseller(t);
    const to = await createReseller(t);
    const sub = await createReseller(t, { parent: from });
    const grandchild = await createReseller(t);
    await t.database.db.execute(sql`update users set parent_reseller_id = ${sub.id} where id = ${grandchild.id}`);
    await t.database.db.execute(sql`update users set credit_point = 4 where id = ${sub.id}`);
    const res = await assign(sub.id, to.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, httpCode: '200' });
    expect(await account(sub.id)).toMatchObject({ parent_reseller_id: to.id, credit_point: 4 });
    expect((await account(grandchild.id)).parent_reseller_id).toBe(sub.id);
    expect(await auditActions(sub.id)).toContain('reseller.assign');
  });

  it('never creates a cycle: not under itself, its child or a deeper descendant', async () => {
    const top = await createReseller(t);
    const mid = await createReseller(t, { parent: top });
    const low = await createReseller(t);
    await t.database.db.execute(sql`update users set parent_reseller_id = ${mid.id} where id = ${low.id}`);
    expectError(await assign(top.id, mid.id), 422, 'VALIDATION', 'A reseller cannot be placed under itself or one of its own sub-resellers.');
    expectError(await assign(top.id, low.id), 422, 'VALIDATION');
    expectError(await assign(top.id, top.id), 422, 'VALIDATION');
    expect((await account(top.id)).parent_reseller_id).toBeNull();
    expect((await account(mid.id)).parent_reseller_id).toBe(top.id);
  });

  it('refuses an admin parent (C10014), an unknown parent (422) and bad input', async () => {
    expectError(await assign(a1.id, adminId), 403, 'C10014');
    expectFieldErrors(await assign(a1.id, 999_999), { resellerId: ['Please select a reseller from the search bar'] });
    expectFieldErrors(await assign(a1.id, undefined), { resellerId: ['The reseller is required.'] });
    expect((await account(a1.id)).parent_reseller_id).toBe(a.id);
  });

  it('lets a non-admin move only its own sub-resellers, and only under accounts within its reach', async () => {
    const mover = await createVerifiedUser(t, { permissions: ['assign-reseller'] });
    const mine = await createReseller(t);
    await t.database.db.execute(sql`update users set parent_reseller_id = ${mover.id} where id = ${mine.id}`);
    expectError(await assign(b1.id, mover.id, mover.token), 403, 'C10013');
    expectError(await assign(mine.id, b.id, mover.token), 403, 'C10013');
    expect((await account(b1.id)).parent_reseller_id).toBe(b.id);
    expect((await account(mine.id)).parent_reseller_id).toBe(mover.id);
  });
});

async function upload(id: number, token: string, filename: string, content: Buffer, type = 'image/png', field = 'logo') {
  const body = await multipart([{ name: field, file: content, filename, type }]);
  return t.call({ method: 'POST', url: `/api/upload-logo-resellers/${id}`, token, ...body });
}

describe('POST /api/upload-logo-resellers/:id', () => {
  it('stores a real PNG under a content-hash name, served read-only with long cache headers', async () => {
    const res = await upload(a.id, admin, 'logo.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const logoPath = res.json<{ data: { logo_path: string } }>().data.logo_path;
    expect(logoPath).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect((await account(a.id)).logo_path).toBe(logoPath);
    const served = await t.call({ method: 'GET', url: logoPath });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(await auditActions(a.id)).toContain('reseller.logo');
  });

  it('refuses a .png name with non-image content, more than 2 MB, and an SVG with a script; nothing changes', async () => {
    const r = await createReseller(t);
    const fake = await upload(r.id, admin, 'logo.png', Buffer.from('this is not an image at all'));
    expectError(fake, 422, 'VALIDATION');
    expect(Object.keys(fake.json().errors)).toEqual(['logo']);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expectError(await upload(r.id, admin, 'big.png', big), 422, 'VALIDATION');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>');
    expectError(await upload(r.id, admin, 'logo.svg', svg, 'image/svg+xml'), 422, 'VALIDATION');
    expectFieldErrors(await upload(r.id, admin, 'logo.png', PNG, 'image/png', 'other'), { logo: ['Please choose a logo image.'] });
    expect((await account(r.id)).logo_path).toBeNull();
  });

  it('accepts a plain SVG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2" fill="#123456"/></svg>');
    const res = await upload(b.id, admin, 'logo.svg', svg, 'image/svg+xml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.logo_path).toMatch(/\.svg$/);
  });

  it("refuses another reseller's sub-reseller with C10013", async () => {
    const designer = await createVerifiedUser(t, { permissions: ['Web Logo'] });
    expectError(await upload(b1.id, designer.token, 'logo.png', PNG), 403, 'C10013');
    expect((await account(b1.id)).logo_path).toBeNull();
  });
});

describe('reseller API keys', () => {
  it('is made on first request, stored encrypted, and works as a bearer only while API access is on', async () => {
    const r = await createReseller(t);
    const first = await get(`/api/resellers/${r.id}/get-api-key`, admin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { api_key: key, api_access } = first.json<{ data: { api_key: string; api_access: number } }>().data;
    expect(api_access).toBe(0);
    expect(key.length).toBeGreaterThanOrEqual(40);
    expect((await get(`/api/resellers/${r.id}/get-api-key`, admin)).json().data.api_key).toBe(key);

    const stored = await account(r.id);
    expect(stored.api_key_hash).toBe(sha256(key));
    expect(stored.api_key_encrypted).not.toContain(key);
    expect(JSON.stringify(await rows(t, sql`select * from users where id = ${r.id}`))).not.toContain(key);

    expectError(await get('/api/total-resellers/list', key), 403, 'API_ACCESS_DISABLED', 'API access is off for this account; ask your admin to enable it.');
    expect((await post(`/api/resellers/${r.id}/enable-api-access`, admin)).json()).toMatchObject({ status: true, data: { api_access: 1 } });
    expect((await profile(key)).json()).toMatchObject({ data: { email: r.email } });

    expect((await post(`/api/resellers/${r.id}/disable-api-access`, admin)).statusCode).toBe(200);
    expectError(await get('/api/total-resellers/list', key), 403, 'API_ACCESS_DISABLED');
    // A key that is no key still gets "log in": only the account's own key learns that access is off.
    expectError(await get('/api/total-resellers/list', `${key}x`), 401, 'C10002');
    expect(await auditActions(r.id)).toEqual(expect.arrayContaining(['reseller.api-key.create', 'reseller.api-access.enable', 'reseller.api-access.disable']));
  });

  it('stops working when the account is removed', async () => {
    const r = await createReseller(t);
    const key = (await get(`/api/resellers/${r.id}/get-api-key`, admin)).json().data.api_key as string;
    await post(`/api/resellers/${r.id}/enable-api-access`, admin);
    expect((await profile(key)).statusCode).toBe(200);
    await post('/api/resellers/remove', admin, { requestData: { resellerId: r.id } });
    expectError(await profile(key), 401, 'C10002');
  });

  it('refuses admin accounts (C10014) and accounts out of reach (C10013)', async () => {
    expectError(await get(`/api/resellers/${adminId}/get-api-key`, admin), 403, 'C10014');
    expectError(await post(`/api/resellers/${adminId}/enable-api-access`, admin), 403, 'C10014');
    const controller = await createVerifiedUser(t, { permissions: ['Api-Control'] });
    expectError(await get(`/api/resellers/${b1.id}/get-api-key`, controller.token), 403, 'C10013');
    expectError(await post(`/api/resellers/${b1.id}/enable-api-access`, controller.token), 403, 'C10013');
    expect(await account(b1.id)).toMatchObject({ api_key_encrypted: null, api_access: 0 });
  });
});

describe('PUT /api/update-reseller/:id/status', () => {
  it("answers 'Action Not Allowed' when a reseller disables an account outside its reach, and disables its own sub-reseller", async () => {
    expectError(await put(`/api/update-reseller/${b1.id}/status`, a.token, { is_disable_by_admin: 1 }), 403, 'C10013', 'Action Not Allowed');
    expectError(await put(`/api/update-reseller/${adminId}/status`, a.token, { is_disable_by_admin: 1 }), 403, 'C10014', 'Action Not Allowed');
    expect((await profile(b1.token)).statusCode).toBe(200);
    const sub = await createReseller(t, { parent: a });
    expect((await put(`/api/update-reseller/${sub.id}/status`, a.token, { is_disable_by_admin: 1 })).statusCode).toBe(200);
    expectError(await profile(sub.token), 401, 'C10002');
  });
});

it('keeps the fixture password usable', () => {
  expect(GOOD_PASSWORD).toMatch(/[A-Z]/);
});
