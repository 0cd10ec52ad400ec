import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_CSV_COLUMNS, translate, type AuditLogAnswer } from '@panel/contract';
import { COUNT_AHEAD } from '../../lib/capped-page.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createReseller, createVerifiedUser, expectError, expectFieldErrors, GOOD_PASSWORD, rows, uniqueEmail, type TestUser } from '../../../test/fixtures.js';
import { fundedAdmin, PASSCODE, recharge, setPasscode } from '../../../test/credit.js';
import { publicDetails } from './audit-log.service.js';

let t: TestApp;
let admin: string;
// a → a1, a2 (sub-resellers); b is a's sibling under the admin.
let a: TestUser;
let a1: TestUser;
let a2: TestUser;
let b: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 1_000);
  a = await createReseller(t);
  b = await createReseller(t);
  a1 = await createReseller(t, { parent: a });
  a2 = await createReseller(t, { parent: a });
});
afterAll(() => t.close());

type Query = Record<string, string>;
const list = (token: string, query: Query = {}, lang?: string) => t.call({ method: 'GET', url: '/api/audit-log', query, token, lang });
const exportCsv = (token: string, query: Query = {}) => t.call({ method: 'GET', url: '/api/audit-log/export', query, token });
const entries = async (token: string, query: Query = {}) => {
  const res = await list(token, { per_page: '100', ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogAnswer>().data;
};
const signInActors = async (token: string) => new Set((await entries(token, { type: 'sign_in' })).filter((e) => e.action === 'auth.login').map((e) => e.actor?.email));

describe('GET /api/audit-log', () => {
  it("shows a reseller its own and its sub-resellers' events, not its parent's nor a sibling's; the admin every one", async () => {
    const ofA = await signInActors(a.token);
    expect(ofA).toEqual(new Set([a.email, a1.email, a2.email]));
    const ofA1 = await signInActors(a1.token);
    expect(ofA1).toEqual(new Set([a1.email]));
    const ofAdmin = await signInActors(admin);
    for (const user of [a, a1, a2, b]) expect(ofAdmin.has(user.email)).toBe(true);
    // a1 also sees what was done to it (a created it), never what a did elsewhere.
    const toA1 = await entries(a1.token);
    expect(toA1.every((e) => e.actor?.id === a1.id || e.target?.id === a1.id)).toBe(true);
    expect(toA1.some((e) => e.action === 'reseller.create-sub' && e.actor?.email === a.email)).toBe(true);
  });

  it('filters by event kind, by account and newest first', async () => {
    expect((await recharge(t, admin, { email: a.email, points: 7 })).statusCode).toBe(200);
    await setPasscode(t, a.token);
    expect((await recharge(t, a.token, { email: a1.email, points: 3, passcode: PASSCODE })).statusCode).toBe(200);

    const moves = await entries(a.token, { type: 'credit' });
    expect(moves.map((e) => [e.action, e.details?.amount])).toEqual([
      ['credit.recharge', 3],
      ['credit.recharge', 7],
    ]);
    expect(moves[0]).toMatchObject({ kind: 'credit', actor: { id: a.id, email: a.email }, target: { id: a1.id, email: a1.email } });
    expect(moves[0]!.created_at >= moves[1]!.created_at).toBe(true);

    const ofA1 = await entries(admin, { account: a1.email });
    expect(ofA1.length).toBeGreaterThan(0);
    expect(ofA1.every((e) => e.actor?.email === a1.email || e.target?.email === a1.email)).toBe(true);
    const part = await entries(admin, { account: a1.email.split('@')[0]!, type: 'credit' });
    expect(part.map((e) => e.details?.amount)).toEqual([3]);
    expect((await entries(admin, { type: 'other' })).every((e) => e.kind === 'other')).toBe(true);
  });

  it('refuses a range longer than 3 months with a 422 in the caller\'s language, and an unknown kind', async () => {
    expectFieldErrors(await list(a.token, { date_from: '2026-01-01', date_to: '2026-05-01' }, 'de'), {
      date_to: [translate('de', 'validation.rangeTooLong')],
    });
    expectFieldErrors(await list(a.token, { date_from: '2020-01-01' }), { date_to: ['Date range cannot exceed 3 months'] });
    expectFieldErrors(await list(a.token, { type: 'everything' }), { type: ['The type is invalid.'] });
    expect((await list(a.token, { date_from: '2020-01-01', date_to: '2020-03-31' })).json<AuditLogAnswer>().data).toEqual([]);
  });

  it('caps the count 1,000 rows past the page and flags it', async () => {
    const busy = await createReseller(t);
    await t.database.db.execute(
      sql`insert into audit_log (actor_id, action, target_type, target_id, ip) select ${busy.id}, 'ticket.create', 'ticket', g::text, '10.0.0.1' from generate_series(1, ${COUNT_AHEAD + 50}) g`,
    );
    const meta = (await list(busy.token, { type: 'other' })).json<AuditLogAnswer>().meta;
    expect(meta).toMatchObject({ total: COUNT_AHEAD, total_capped: true, per_page: 10 });
    // A reader who pages on moves the window: from page 100 the count reaches the end, exact.
    const later = (await list(busy.token, { type: 'other', page: '100' })).json<AuditLogAnswer>().meta;
    expect(later).toMatchObject({ total: COUNT_AHEAD + 50, total_capped: false });
  });

  it('refuses a role without audit-log with 403', async () => {
    const staff = await createVerifiedUser(t, { permissions: ['reseller-list'] });
    expectError(await list(staff.token), 403, 'FORBIDDEN');
    expectError(await exportCsv(staff.token), 403, 'FORBIDDEN');
  });
});

describe('sign-in rows', () => {
  it('records a success with its actor and address, and a failure without the password', async () => {
    const wrong = 'Wrong-Password-42!';
    const failed = await t.call({ method: 'POST', url: '/api/login', payload: { email: b.email, password: wrong }, remoteAddress: '10.77.0.1' });
    expect(failed.statusCode).toBe(401);
    const unknown = await t.call({ method: 'POST', url: '/api/login', payload: { email: uniqueEmail('nobody'), password: wrong } });
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    await t.login(b.email, GOOD_PASSWORD);

    const ofB = await entries(b.token, { type: 'sign_in' });
    expect(ofB.find((e) => e.action === 'auth.login.failed')).toMatchObject({ actor: null, target: { id: b.id }, ip: '10.77.0.1', details: null });
    expect(ofB.find((e) => e.action === 'auth.login')).toMatchObject({ actor: { id: b.id }, target: { id: b.id } });
    const stored = await rows<{ row: string }>(t, sql`select row_to_json(a)::text as row from audit_log a where action like 'auth.%'`);
    expect(stored.some((r) => r.row.includes(wrong))).toBe(false);
  });
});

describe('secrets', () => {
  it('never holds a password, passcode or API key in a row, an answer or the export', async () => {
    const user = await createReseller(t);
    const newPassword = 'Brand-New-Pass-77!';
    // Long enough that no id, time or request id holds them by chance.
    const firstPasscode = '86420135';
    const newPasscode = '97531086';
    expect(
      (await t.call({ method: 'PUT', url: '/api/profile/update', token: user.token, payload: { name: user.name, password: newPassword, password_confirmation: newPassword } }))
        .statusCode,
    ).toBe(200);
    await setPasscode(t, user.token, firstPasscode);
    expect(
      (await t.call({ method: 'POST', url: '/api/update-credit-share-pass', token: user.token, payload: { requestData: { passcode: newPasscode } } })).statusCode,
    ).toBe(200);
    const key = (await t.call({ method: 'GET', url: `/api/resellers/${user.id}/get-api-key`, token: admin })).json<{ data: { api_key: string } }>().data.api_key;
    await t.call({ method: 'GET', url: `/api/resellers/${user.id}/get-api-key`, token: admin });

    const secrets = [newPassword, GOOD_PASSWORD, firstPasscode, newPasscode, key];
    const mine = await entries(admin, { account: user.email });
    expect(mine.map((e) => e.action)).toEqual(
      expect.arrayContaining(['profile.password', 'profile.passcode.set', 'profile.passcode.update', 'reseller.api-key.create', 'reseller.api-key.view']),
    );
    const stored = (await rows<{ row: string }>(t, sql`select row_to_json(a)::text as row from audit_log a`)).map((r) => r.row).join('\n');
    const answered = JSON.stringify(mine);
    const file = (await exportCsv(admin, { account: user.email })).body;
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(answered).not.toContain(secret);
      expect(file).not.toContain(secret);
    }
  });

  it('leaves secret-sounding text out of the details it answers', () => {
    expect(publicDetails({ value: '12345678901234', type: 'yearly', passwordChanged: true, apiKey: 'k', amount: 3 })).toEqual({
      type: 'yearly',
      passwordChanged: true,
      amount: 3,
    });
    expect(publicDetails({ token: 'x' })).toBeNull();
  });
});

describe('GET /api/audit-log/export', () => {
  it('answers the filtered rows as CSV with the header in the caller\'s language and formula cells neutralised', async () => {
    const user = await createReseller(t);
    await t.database.db.execute(
      sql`insert into audit_log (actor_id, action, target_type, target_id, details, ip) values (${user.id}, '=1+2', 'ticket', '7', ${JSON.stringify({ subject: '@SUM(A1)' })}::jsonb, '+10.0.0.9')`,
    );
    const res = await exportCsv(user.token, { type: 'other' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const [header, line] = res.body.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe(AUDIT_LOG_CSV_COLUMNS.map((c) => `"${translate('en', `auditLog.csv.${c}`)}"`).join(','));
    expect(line).toContain(`"Other changes","'=1+2","${user.email}","ticket 7","'+10.0.0.9","{""subject"":""@SUM(A1)""}"`);
  });
});

describe('migration 0018', () => {
  it('gives audit-log to the reseller and sub-reseller roles of a database seeded before it', async () => {
    // A database of before: no such permission, so no role holds it.
    await t.database.db.execute(sql`delete from permissions where name = 'audit-log'`);
    await t.database.db.execute(sql`update roles set version = version + 1`);
    expectError(await list(a1.token), 403, 'FORBIDDEN');
    const migration = fs.readFileSync(new URL('../../db/migrations/0018_audit_trail.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.database.db.execute(sql.raw(statement));
    const holders = await rows<{ name: string }>(
      t,
      sql`select lower(r.name) as name from role_permissions rp join roles r on r.id = rp.role_id join permissions p on p.id = rp.permission_id where p.name = 'audit-log' order by 1`,
    );
    expect(holders.map((h) => h.name)).toEqual(['reseller', 'sub-reseller']);
    expect((await list(a1.token)).statusCode).toBe(200);
    expect((await list(a.token)).statusCode).toBe(200);
  });
});
