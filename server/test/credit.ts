import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { encodeBase64Utf8 } from '@panel/contract';
import type { TestApp } from './harness.js';
import { adminToken, createReseller, createVerifiedUser, rows, type TestUser } from './fixtures.js';
import { ADMIN_EMAIL } from './harness.js';

export const PASSCODE = '2468';

/** Sets the caller's first credit-share passcode. */
export async function setPasscode(t: TestApp, token: string, passcode = PASSCODE) {
  const res = await t.call({ method: 'POST', url: '/api/set-credit-share-pass-code', token, payload: { requestData: { passcode } } });
  if (res.statusCode !== 200 && res.json<{ code?: string }>().code !== 'PASSCODE_EXISTS') throw new Error(`set passcode: ${res.body}`);
}

/** Validates the passcode in this session, as the reseller list does before add and deduct. */
export async function validatePasscode(t: TestApp, token: string, passcode = PASSCODE) {
  const res = await t.call({ method: 'POST', url: '/api/validate-credit-share-password', token, payload: { requestData: { passcode } } });
  if (res.statusCode !== 200) throw new Error(`validate passcode: ${res.body}`);
}

/** POST /api/admin-recharge-credit with the fields encoded as the specification's client sends them. */
export function recharge(
  t: TestApp,
  token: string,
  fields: { email: string; points: number | string; passcode?: string },
  headers: Record<string, string> = {},
) {
  return t.call({
    method: 'POST',
    url: '/api/admin-recharge-credit',
    token,
    headers,
    payload: {
      resellerEmail: encodeBase64Utf8(fields.email),
      creditPoint: encodeBase64Utf8(String(fields.points)),
      creditSharePasscode: encodeBase64Utf8(fields.passcode ?? PASSCODE),
    },
  });
}

/** The admin's session with a passcode and `points` of self credit created through the API. */
export async function fundedAdmin(t: TestApp, points: number): Promise<string> {
  const token = await adminToken(t);
  await setPasscode(t, token);
  const res = await recharge(t, token, { email: ADMIN_EMAIL, points });
  if (res.statusCode !== 200) throw new Error(`self credit: ${res.body}`);
  return token;
}

/** A reseller (of `parent` when given) selling `applications`, with `points` recharged through the admin's session. */
export async function fundedReseller(
  t: TestApp,
  admin: string,
  points: number,
  options: { applications?: number[]; parent?: TestUser } = {},
): Promise<TestUser> {
  const r = await createReseller(t, options);
  if (points > 0) expect((await recharge(t, admin, { email: r.email, points })).statusCode).toBe(200);
  return r;
}

/** A reseller created by the admin (users API and the create-password mail), with a passcode set. */
export async function reseller(t: TestApp): Promise<TestUser> {
  const user = await createVerifiedUser(t, { roleName: 'reseller' });
  await setPasscode(t, user.token);
  return user;
}

/**
 * A sub-reseller of `parent`. Until the resellers module offers POST /api/add-subreseller, the
 * parent link is set directly in the database.
 */
export async function subReseller(t: TestApp, parent: { id: number }): Promise<TestUser> {
  const user = await createVerifiedUser(t, { roleName: 'sub-reseller' });
  await t.database.db.execute(sql`update users set parent_reseller_id = ${parent.id} where id = ${user.id}`);
  await setPasscode(t, user.token);
  return user;
}

export async function balanceOf(t: TestApp, userId: number): Promise<number> {
  const [row] = await rows<{ credit_point: string | number }>(t, sql`select credit_point from users where id = ${userId}`);
  return Number(row!.credit_point);
}

export async function ledgerCount(t: TestApp): Promise<number> {
  const [row] = await rows<{ n: number }>(t, sql`select count(*)::int as n from credit_ledger`);
  return row!.n;
}

/** Every balance and the number of ledger rows: compare before and after a refused request. */
export async function creditSnapshot(t: TestApp) {
  const balances = await rows<{ id: number; credit_point: string | number }>(t, sql`select id, credit_point from users order by id`);
  return { balances: balances.map((b) => [b.id, Number(b.credit_point)]), ledgerRows: await ledgerCount(t) };
}

/**
 * The ledger invariant of DESIGN.md §4, checked against the database:
 * - all balances plus all credit spent (rows with no creditor) equal all credit ever granted
 *   (rows with no debitor: 'Added Self Credit', later completed purchases);
 * - every account's balance equals the points its ledger rows brought in minus those they took out;
 * - every row's recorded balances after the move are non-negative.
 */
export async function expectLedgerInvariant(t: TestApp) {
  const [totals] = await rows<{ balances: string; granted: string; spent: string }>(
    t,
    sql`select
      (select coalesce(sum(credit_point), 0) from users)::text as balances,
      (select coalesce(sum(credit_point), 0) from credit_ledger where debitor_id is null)::text as granted,
      (select coalesce(sum(credit_point), 0) from credit_ledger where creditor_id is null)::text as spent`,
  );
  expect(BigInt(totals!.balances) + BigInt(totals!.spent)).toBe(BigInt(totals!.granted));

  const mismatches = await rows<{ id: number; balance: string; ledger: string }>(
    t,
    sql`select u.id, u.credit_point::text as balance,
        (coalesce(i.total, 0) - coalesce(o.total, 0))::text as ledger
      from users u
      left join (select creditor_id as id, sum(credit_point) as total from credit_ledger group by creditor_id) i on i.id = u.id
      left join (select debitor_id as id, sum(credit_point) as total from credit_ledger group by debitor_id) o on o.id = u.id
      where u.credit_point <> coalesce(i.total, 0) - coalesce(o.total, 0)`,
  );
  expect(mismatches).toEqual([]);

  const [negative] = await rows<{ n: number }>(
    t,
    sql`select count(*)::int as n from credit_ledger where debitor_balance_after < 0 or creditor_balance_after < 0`,
  );
  expect(negative!.n).toBe(0);
}
