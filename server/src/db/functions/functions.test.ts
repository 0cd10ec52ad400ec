import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { applicationIds, rows } from '../../../test/fixtures.js';
import { uniqueMac } from '../../../test/devices.js';
import { sqlStateOf } from '../../lib/db-errors.js';
import { FUNCTIONS_FOLDER, MIGRATIONS_FOLDER } from '../client.js';
import { adminRoleId } from '../roles.js';
import { functionFiles, installFunctions, type FunctionsSession } from './install.js';

/**
 * db/functions/ holds the present of every SQL function and trigger: one file each, installed
 * after the migrations. Each function's behaviour is checked here, on the test database
 * (PGlite, or PostgreSQL with TEST_DB=postgres), through plain SQL.
 */
let t: TestApp;
let app: number;
let resellerRole: number;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  app = (await applicationIds(t))[0]!;
  resellerRole = (await rows<{ id: number }>(t, sql`select id from roles where lower(name) = 'reseller'`))[0]!.id;
  adminId = (await rows<{ id: number }>(t, sql`select id from users where role_id = (select min(id) from roles) order by id limit 1`))[0]!.id;
});
afterAll(() => t.close());

const one = async <T = Record<string, unknown>>(query: SQL) => (await rows<T>(t, query))[0]!;
const failure = (query: SQL) =>
  t.database.db.execute(query).then(
    () => undefined,
    (error: unknown) => sqlStateOf(error),
  );
const DAY_MS = 86_400_000;
const dayFromToday = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

/** An account written directly: a reseller under `parent`, holding `points`. */
async function account(options: { parent?: number; points?: number; roleId?: number; deleted?: boolean } = {}): Promise<number> {
  const email = `fn-${crypto.randomBytes(5).toString('hex')}@panel.test`;
  const row = await one<{ id: number }>(sql`
    insert into users (name, email, role_id, parent_reseller_id, credit_point, deleted_at)
    values ('Functions test', ${email}, ${options.roleId ?? resellerRole}, ${options.parent ?? null}, ${options.points ?? 0},
            ${options.deleted ? sql`now()` : null})
    returning id`);
  return Number(row.id);
}

const balance = async (id: number) => Number((await one<{ c: number }>(sql`select credit_point as c from users where id = ${id}`)).c);

/** Folds every pending sale into the roll-up (the fold worker's and every read's first step). */
const fold = async () => Number((await one<{ n: number }>(sql`select insight_fold(null) as n`)).n);

/** An account's day figures of one package under one key, summed over the shards. */
async function daily(accountId: number, scope: 'own' | 'tree' | 'all', pkg = '1-Year', grain = 'day') {
  await fold();
  const row = await one<{ a: number; c: number; r: number }>(sql`
    select coalesce(sum(activations), 0)::int as a, coalesce(sum(credits), 0)::int as c, coalesce(sum(refunds), 0)::int as r
    from insight_daily where reseller_id = ${accountId} and scope = ${scope} and package = ${pkg} and grain = ${grain}`);
  return { activations: row.a, credits: row.c, refunds: row.r };
}

async function expiry(accountId: number, scope: 'own' | 'tree', day: string) {
  await fold();
  const row = await one<{ e: number; r: number }>(sql`
    select coalesce(sum(ending), 0)::int as e, coalesce(sum(renewed), 0)::int as r
    from insight_expiry_daily where reseller_id = ${accountId} and scope = ${scope} and day = ${day}::date`);
  return { ending: row.e, renewed: row.r };
}

const generation = async () => {
  await fold();
  return Number((await one<{ g: number }>(sql`select generation as g from insight_generation`)).g);
};

/** An activation row of `reseller`, `daysAgo` days ago, with its device and ledger row, as the activation call writes it. */
async function activation(reseller: number, o: { mac?: string; credits?: number; daysAgo?: number; expiresIn?: number } = {}) {
  const mac = o.mac ?? uniqueMac().toLowerCase();
  const created = new Date(Date.now() - (o.daysAgo ?? 0) * DAY_MS).toISOString();
  const expires = new Date(Date.now() + (o.expiresIn ?? 365) * DAY_MS).toISOString();
  await t.database.db.execute(sql`
    insert into devices (application_id, mac_address, device_key, expire_date, is_trial, activated_by, activated_at)
    values (${app}, ${mac}, '12345678', ${expires}, 0, ${reseller}, ${created})
    on conflict (application_id, mac_address) do update set expire_date = excluded.expire_date`);
  const row = await one<{ id: number }>(sql`
    with d as (select id from devices where application_id = ${app} and mac_address = ${mac}),
         l as (insert into credit_ledger (tr_type, credit_point, debitor_id, creator_id, reason, created_at)
               values ('Activation', ${o.credits ?? 1}, ${reseller}, ${reseller}, 'activation', ${created}) returning id)
    insert into activations (device_id, application_id, mac_address, reseller_id, ledger_id, package, credit_point, box_expiry_date, activated_from, created_at)
    select d.id, ${app}, ${mac}, ${reseller}, l.id, '1-Year', ${o.credits ?? 1}, ${expires}, 'multi-app', ${created} from d, l
    returning id`);
  return { id: Number(row.id), mac, expires: expires.slice(0, 10) };
}

/** A code sold by `reseller` today: its 'Activation Code' ledger row and its row. */
async function code(reseller: number, credits = 3) {
  const row = await one<{ id: number; ledger: number }>(sql`
    with l as (insert into credit_ledger (tr_type, credit_point, debitor_id, creator_id, reason)
               values ('Activation Code', ${credits}, ${reseller}, ${reseller}, 'code') returning id)
    insert into activation_codes (value, type, reseller_id, created_by, ledger_id, expire_date)
    select ${`8${crypto.randomInt(1e9)}${crypto.randomInt(1e6)}`}, 'yearly', ${reseller}, ${reseller}, l.id, now() + interval '1 year' from l
    returning id, ledger_id as ledger`);
  return { id: Number(row.id), ledger: Number(row.ledger) };
}

/** The roll-up, every row, for comparing a rebuild with what the triggers kept. */
async function rollUp() {
  await fold();
  const daily = await rows(t, sql`select reseller_id, scope, grain, day::text, application_id, package, sum(activations)::int as a, sum(credits)::int as c, sum(refunds)::int as r
    from insight_daily group by 1, 2, 3, 4, 5, 6 having sum(activations) <> 0 or sum(credits) <> 0 or sum(refunds) <> 0 order by 1, 2, 3, 4, 5, 6`);
  const expiries = await rows(t, sql`select reseller_id, scope, day::text, sum(ending)::int as e, sum(renewed)::int as r
    from insight_expiry_daily group by 1, 2, 3 having sum(ending) <> 0 or sum(renewed) <> 0 order by 1, 2, 3`);
  const runway = await rows(t, sql`select reseller_id, as_of::text, round(weighted::numeric, 6)::text as w, last_spend::text from insight_runway where weighted <> 0 order by 1`);
  return { daily, expiries, runway };
}

describe('db/functions/', () => {
  const fileTexts = () => new Map(functionFiles(FUNCTIONS_FOLDER).map((f) => [f.name, f.text]));

  it('holds exactly one file for every function and trigger the migrations define or the database holds', async () => {
    const names = new Set<string>();
    for (const file of fs.readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'))) {
      const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8');
      for (const m of text.matchAll(/CREATE (?:OR REPLACE )?FUNCTION (?:public\.)?(\w+)\s*\(/gi)) names.add(m[1]!.toLowerCase());
      for (const m of text.matchAll(/ALTER FUNCTION \w+\([^)]*\) RENAME TO (\w+)/gi)) names.add(m[1]!.toLowerCase());
      for (const m of text.matchAll(/CREATE (?:OR REPLACE )?TRIGGER (\w+)/gi)) names.add(`trigger ${m[1]!.toLowerCase()}`);
    }
    // What the database holds: the functions of the schema the migrations write (not pg_trgm's), and
    // the triggers on its tables (not the sandbox's, which db/sandbox.ts makes from the live columns).
    const functions = await rows<{ name: string }>(
      t,
      sql`select p.proname as name from pg_proc p where p.pronamespace = current_schema()::regnamespace
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
    );
    const triggers = await rows<{ name: string }>(
      t,
      sql`select tg.tgname as name from pg_trigger tg join pg_proc p on p.oid = tg.tgfoid
          where not tg.tgisinternal and p.pronamespace = current_schema()::regnamespace`,
    );
    for (const f of functions) names.add(f.name);
    for (const tg of triggers) names.add(`trigger ${tg.name}`);
    expect(names.size).toBeGreaterThan(20);

    const files = fileTexts();
    for (const name of names) {
      const [kind, object] = name.startsWith('trigger ') ? ['TRIGGER', name.slice(8)] : ['FUNCTION', name];
      const definition = kind === 'TRIGGER' ? new RegExp(`CREATE TRIGGER ${object}\\s`, 'i') : new RegExp(`CREATE OR REPLACE FUNCTION ${object}\\s*\\(`, 'i');
      const holders = [...files].filter(([, text]) => definition.test(text)).map(([file]) => file);
      expect(holders, name).toHaveLength(1);
      // A function's file is named after it; a trigger is replaced where it is created.
      if (kind === 'FUNCTION') expect(holders[0], name).toBe(object);
      else expect(files.get(holders[0]!)!, name).toMatch(new RegExp(`DROP TRIGGER IF EXISTS ${object} ON `, 'i'));
    }
    // And no file holds a function the database does not.
    for (const file of files.keys()) expect(functions.map((f) => f.name)).toContain(file);
  });

  it('has a test here for every file: its name opens a describe or an it of this file', () => {
    const titles = [...fs.readFileSync(new URL(import.meta.url), 'utf8').matchAll(/\b(?:describe|it)\((['"`])(.*?)\1/g)].map((m) => m[2]!);
    for (const file of functionFiles(FUNCTIONS_FOLDER)) expect(titles.some((title) => new RegExp(`\\b${file.name}\\b`).test(title)), file.name).toBe(true);
  });

  it('is what the database runs: each function carries the note of its file as it is now', async () => {
    const notes = await rows<{ name: string; note: string | null }>(
      t,
      sql`select proname as name, obj_description(oid, 'pg_proc') as note from pg_proc where pronamespace = current_schema()::regnamespace`,
    );
    for (const file of functionFiles(FUNCTIONS_FOLDER)) expect(notes.find((n) => n.name === file.name)?.note, file.name).toBe(file.note);
  });

  it('installs again only the files whose text changed, in one transaction', async () => {
    const pglite = (t.database as { pglite?: PGlite }).pglite;
    const session: FunctionsSession = {
      query: (text) => rows(t, sql.raw(text)),
      transaction: async (script) => {
        if (pglite) await pglite.transaction((tx) => tx.exec(script));
        else await t.database.db.transaction(async (tx) => void (await tx.execute(sql.raw(script))));
      },
    };
    expect(await installFunctions(session, FUNCTIONS_FOLDER)).toEqual([]);
    const changed = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-functions-'));
    try {
      for (const file of fs.readdirSync(FUNCTIONS_FOLDER).filter((f) => f.endsWith('.sql'))) fs.copyFileSync(path.join(FUNCTIONS_FOLDER, file), path.join(changed, file));
      fs.appendFileSync(path.join(changed, 'insight_code_refund.sql'), '\n-- changed\n');
      expect(await installFunctions(session, changed)).toEqual(['insight_code_refund']);
      expect(await installFunctions(session, changed)).toEqual([]);
      // A file that fails installs nothing: the transaction rolls back, the note stays the old one.
      fs.appendFileSync(path.join(changed, 'insight_add.sql'), '\nSELECT no_such_function();\n');
      await expect(installFunctions(session, changed)).rejects.toThrow();
      expect(await installFunctions(session, FUNCTIONS_FOLDER)).toEqual(['insight_code_refund']);
    } finally {
      fs.rmSync(changed, { recursive: true, force: true });
    }
  });
});

describe('panel_admin_role', () => {
  it('is the first role, the one db/roles.ts answers too', async () => {
    const first = Number((await one<{ id: number }>(sql`select id from roles order by id limit 1`)).id);
    expect(Number((await one<{ id: number }>(sql`select panel_admin_role() as id`)).id)).toBe(first);
    expect(await adminRoleId(t.database.db)).toBe(first);
  });
});

describe('in_reach', () => {
  const reach = async (viewer: number, target: number, admin = false, staff = false) =>
    (await one<{ r: string | null }>(sql`select in_reach(${viewer}::int, ${target}::int, ${admin}::boolean, ${staff}::boolean) as r`)).r;

  it("lets an admin act on every account but another admin's", async () => {
    const other = await account({ roleId: (await adminRoleId(t.database.db)) });
    expect(await reach(adminId, await account(), true)).toBe('in');
    expect(await reach(adminId, adminId, true)).toBe('in');
    expect(await reach(adminId, other, true)).toBe('admin');
  });

  it('lets a reseller act on its own sub-resellers only, not on itself', async () => {
    const parent = await account();
    const child = await account({ parent });
    const grandchild = await account({ parent: child });
    expect(await reach(parent, child)).toBe('in');
    expect(await reach(parent, grandchild)).toBe('out');
    expect(await reach(parent, await account())).toBe('out');
    expect(await reach(parent, parent)).toBe('out');
    expect(await reach(parent, adminId)).toBe('admin');
    expect(await reach(parent, 2_000_000_000)).toBeNull();
  });

  it('lets staff holding the permission its caller names act on every other non-admin account', async () => {
    const staff = await account();
    expect(await reach(staff, await account(), false, true)).toBe('in');
    expect(await reach(staff, staff, false, true)).toBe('out');
    expect(await reach(staff, adminId, false, true)).toBe('admin');
  });

  it('decides on the row as locked when its statement waited for the lock', async () => {
    const parent = await account();
    const stranger = await account();
    const child = await account({ parent });
    let waiting: Promise<unknown> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update users set parent_reseller_id = ${stranger} where id = ${child}`);
      // Waits for this transaction's row lock (on PGlite, for the transaction itself).
      // (`then` sends it now: a Drizzle query runs when awaited.)
      waiting = t.database.db.execute(sql`select in_reach(${parent}::int, id, false, false) as r from users where id = ${child} for update`).then((result) => result);
      if (!onPostgres) return;
      // Until the statement waits on the lock, having read the row as it was before the update.
      for (let i = 0; i < 100; i++) {
        // pg_stat_activity is read once per transaction unless told to read it again.
        await tx.execute(sql`select pg_stat_clear_snapshot()`);
        const result = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%in_reach%for update%'`,
        );
        const [blocked] = (result as { rows: { n: number }[] }).rows;
        if (blocked!.n > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the statement never waited for the lock');
    });
    expect(((await waiting) as { rows: { r: string }[] }).rows[0]!.r).toBe('out');
  });
});

describe('idempotency_claim', () => {
  it('claims a key once within the window, and again once it is older', async () => {
    const key = `functions-test:${crypto.randomUUID()}`;
    const claim = async () => (await one<{ c: boolean }>(sql`select idempotency_claim(${key}, 24) as c`)).c;
    expect(await claim()).toBe(true);
    expect(await claim()).toBe(false);
    await t.database.db.execute(sql`update idempotent_requests set created_at = now() - interval '25 hours' where key = ${key}`);
    expect(await claim()).toBe(true);
    expect(await claim()).toBe(false);
  });
});

describe('credit_move', () => {
  it('debits, credits and writes the ledger and audit rows of one move', async () => {
    const from = await account({ points: 10 });
    const to = await account();
    const moved = await one<{ ledger_id: number; debitor_balance: number; creditor_balance: number }>(
      sql`select * from credit_move('Added Credit', 4, ${from}, ${to}, ${from}, 'add', 'rq-1', ${from}, '127.0.0.1', ${to})`,
    );
    expect([Number(moved.debitor_balance), Number(moved.creditor_balance)]).toEqual([6, 4]);
    expect([await balance(from), await balance(to)]).toEqual([6, 4]);
    const ledger = await one(sql`select tr_type, credit_point::int as points, debitor_balance_after::int as d, creditor_balance_after::int as c, request_id from credit_ledger where id = ${moved.ledger_id}`);
    expect(ledger).toEqual({ tr_type: 'Added Credit', points: 4, d: 6, c: 4, request_id: 'rq-1' });
    const audit = await one<{ action: string; target_id: string; details: { ledgerId: number } }>(
      sql`select action, target_id, details from audit_log where details ->> 'ledgerId' = ${String(moved.ledger_id)}`,
    );
    expect(audit).toMatchObject({ action: 'credit.add', target_id: String(to), details: { amount: 4, debitorId: from, creditorId: to } });
  });

  it('refuses a debit beyond the balance (CR001) and moves nothing', async () => {
    const from = await account({ points: 3 });
    const to = await account();
    expect(await failure(sql`select * from credit_move('Added Credit', 4, ${from}, ${to}, ${from}, 'add', null, ${from}, '127.0.0.1', ${to})`)).toBe('CR001');
    expect([await balance(from), await balance(to)]).toEqual([3, 0]);
  });
});

describe('credit_share', () => {
  const share = (o: { key?: string | null; print?: string; caller: number; admin?: boolean; target: number; amount?: number }) =>
    sql`select credit_share(${o.key ?? null}::text, ${o.print ?? 'print'}, 24, ${o.caller}, ${o.admin ?? false}, ${o.target}, 'Added Credit',
                            ${o.amount ?? 2}::bigint, ${o.caller}, ${o.target}, 'add', null, '127.0.0.1') as answer`;
  const answer = async (query: SQL) => {
    const raw = (await one<{ answer: unknown }>(query)).answer;
    return (typeof raw === 'string' ? JSON.parse(raw) : raw) as { result: { ledger_id: number }; fingerprint?: string };
  };

  it("moves to the caller's sub-reseller and answers the first move again for a repeated key", async () => {
    const parent = await account({ points: 10 });
    const child = await account({ parent });
    const key = `${parent}:${crypto.randomUUID()}`;
    const first = await answer(share({ key, caller: parent, target: child }));
    expect(first.fingerprint).toBeUndefined();
    const again = await answer(share({ key, caller: parent, target: child }));
    expect(again).toMatchObject({ fingerprint: 'print', result: { ledger_id: first.result.ledger_id } });
    expect([await balance(parent), await balance(child)]).toEqual([8, 2]);
    expect(await failure(share({ key, print: 'another', caller: parent, target: child }))).toBe('CR005');
  });

  it('refuses a removed account (CR002), an admin account (CR003) and an account outside the reach (CR004)', async () => {
    const caller = await account({ points: 10 });
    expect(await failure(share({ caller, target: await account({ parent: caller, deleted: true }) }))).toBe('CR002');
    expect(await failure(share({ caller, admin: true, target: adminId }))).toBe('CR003');
    expect(await failure(share({ caller, target: await account() }))).toBe('CR004');
    expect(await balance(caller)).toBe(10);
    // An admin caller reaches any account that is not an admin's.
    const other = await account();
    await answer(share({ caller, admin: true, target: other }));
    expect(await balance(other)).toBe(2);
  });
});

describe('the insights roll-up', () => {
  it('insight_shards: four on PostgreSQL, one on PGlite', async () => {
    expect(Number((await one<{ n: number }>(sql`select insight_shards() as n`)).n)).toBe(onPostgres ? 4 : 1);
  });

  it("insight_scopes: an account's own key, its tree's up to the root, and the panel's shard", async () => {
    const top = await account();
    const middle = await account({ parent: top });
    const leaf = await account({ parent: middle });
    const scopes = await rows<{ account_id: number; scope: string }>(t, sql`select account_id, scope from insight_scopes(${leaf})`);
    expect(scopes.map((s) => `${s.scope} ${s.account_id}`).sort()).toEqual(
      [`all ${leaf % 4}`, `own ${leaf}`, `tree ${leaf}`, `tree ${middle}`, `tree ${top}`].sort(),
    );
  });

  it('insight_add: adds to the day, week and month of every key; a day before yesterday moves the memo generation on', async () => {
    const parent = await account();
    const child = await account({ parent });
    const before = await generation();
    await t.database.db.execute(sql`select insight_add(${child}, ${dayFromToday(0)}::date, ${app}, '1-Year', 2, 5, 0)`);
    expect(await generation()).toBe(before);
    for (const grain of ['day', 'week', 'month']) expect(await daily(child, 'own', '1-Year', grain)).toEqual({ activations: 2, credits: 5, refunds: 0 });
    expect(await daily(parent, 'tree')).toEqual({ activations: 2, credits: 5, refunds: 0 });
    expect(await daily(parent, 'own')).toEqual({ activations: 0, credits: 0, refunds: 0 });
    await t.database.db.execute(sql`select insight_add(${child}, ${dayFromToday(-5)}::date, ${app}, '1-Year', -1, -2, 1)`);
    expect(await generation()).toBe(before + 1);
  });

  it('insight_spend_add: keeps the weighted spend, decayed by 27/29 a day', async () => {
    const a = await account();
    await t.database.db.execute(sql`select insight_spend_add(${a}, ${dayFromToday(-1)}::date, 29)`);
    await t.database.db.execute(sql`select insight_spend_add(${a}, ${dayFromToday(0)}::date, 0)`);
    const runway = await one<{ as_of: string; weighted: number; last_spend: string }>(sql`select as_of::text, weighted, last_spend::text from insight_runway where reseller_id = ${a}`);
    expect(runway.as_of).toBe(dayFromToday(0));
    expect(Number(runway.weighted)).toBeCloseTo(27, 9);
    expect(runway.last_spend).toBe(dayFromToday(-1));
  });

  it('insight_expiry_add: counts terms ending and renewed on a day, own and tree', async () => {
    const parent = await account();
    const child = await account({ parent });
    await t.database.db.execute(sql`select insight_expiry_add(${child}, ${dayFromToday(30)}::date, 2, 1)`);
    expect(await expiry(child, 'own', dayFromToday(30))).toEqual({ ending: 2, renewed: 1 });
    expect(await expiry(parent, 'tree', dayFromToday(30))).toEqual({ ending: 2, renewed: 1 });
  });

  it("refusal_add: counts a refusal today under the account's own key and its tree's", async () => {
    const parent = await account();
    const child = await account({ parent });
    await t.database.db.execute(sql`select refusal_add(${child}, 'insufficient-credit')`);
    await t.database.db.execute(sql`select refusal_add(${child}, 'insufficient-credit')`);
    const count = async (id: number, scope: string) =>
      Number((await one<{ n: number }>(sql`select coalesce(sum(count), 0)::int as n from refusal_daily where user_id = ${id} and scope = ${scope} and reason = 'insufficient-credit'`)).n);
    expect([await count(child, 'own'), await count(parent, 'tree'), await count(parent, 'own')]).toEqual([2, 2, 0]);
  });

  it('insight_apply_activations: adds rows as sales (+1) or takes them back as refunds (-1)', async () => {
    const a = await account();
    const row = { id: 0, device_id: 0, reseller_id: a, application_id: app, package: '1-Year', credit_point: 3, box_expiry_date: `${dayFromToday(365)}T00:00:00Z`, created_at: new Date().toISOString() };
    await t.database.db.execute(sql`select insight_apply_activations(${JSON.stringify([row])}::jsonb, 1)`);
    expect(await daily(a, 'own')).toEqual({ activations: 1, credits: 3, refunds: 0 });
    expect(await expiry(a, 'own', dayFromToday(365))).toEqual({ ending: 1, renewed: 0 });
    await t.database.db.execute(sql`select insight_apply_activations(${JSON.stringify([row])}::jsonb, -1)`);
    expect(await daily(a, 'own')).toEqual({ activations: 0, credits: 0, refunds: 1 });
    expect(await expiry(a, 'own', dayFromToday(365))).toEqual({ ending: 0, renewed: 0 });
  });

  it('insight_activations_inserted: an inserted activation counts as a sale, and a renewal within 30 days of the previous term as renewed', async () => {
    const parent = await account();
    const child = await account({ parent });
    const first = await activation(child, { credits: 2, daysAgo: 0, expiresIn: 10 });
    expect(await daily(child, 'own')).toEqual({ activations: 1, credits: 2, refunds: 0 });
    expect(await daily(parent, 'tree')).toEqual({ activations: 1, credits: 2, refunds: 0 });
    await activation(child, { mac: first.mac, credits: 1 });
    expect(await expiry(child, 'own', first.expires)).toEqual({ ending: 1, renewed: 1 });
  });

  it('insight_activations_updated: an undone activation is a refund, and undoing the undo a sale again', async () => {
    const a = await account();
    const { id } = await activation(a, { credits: 4 });
    await t.database.db.execute(sql`update activations set refunded_at = now() where id = ${id}`);
    expect(await daily(a, 'own')).toEqual({ activations: 0, credits: 0, refunds: 1 });
    await t.database.db.execute(sql`update activations set refunded_at = null where id = ${id}`);
    expect(await daily(a, 'own')).toEqual({ activations: 1, credits: 4, refunds: 1 });
  });

  it('insight_codes_inserted and insight_ledger_inserted: a code sold counts once, its credits from its ledger row', async () => {
    const a = await account();
    const sold = await code(a, 3);
    expect(await daily(a, 'own', 'code')).toEqual({ activations: 1, credits: 3, refunds: 0 });
    expect(await one(sql`select account_id, day::text from insight_code_sales where code_id = ${sold.id}`)).toEqual({ account_id: a, day: dayFromToday(0) });
    const runway = await one<{ weighted: number }>(sql`select weighted from insight_runway where reseller_id = ${a}`);
    expect(Number(runway.weighted)).toBe(3);
  });

  it("insight_code_refund and insight_code_refunded: a refunded code is taken back on its sale's day, once", async () => {
    const a = await account();
    const sold = await code(a, 3);
    const refund = await one<{ id: number }>(
      sql`insert into credit_ledger (tr_type, credit_point, creditor_id, creator_id, reason) values ('Refund', 3, ${a}, ${a}, 'code-refund') returning id`,
    );
    await t.database.db.execute(sql`select insight_code_refund(${sold.id}, ${refund.id})`);
    await t.database.db.execute(sql`select insight_code_refund(${sold.id}, ${refund.id})`);
    expect(await daily(a, 'own', 'code')).toEqual({ activations: 0, credits: 0, refunds: 1 });
  });

  it("insight_parent_changed and insight_generation_bump: a parent change moves the subtree's figures to the new ancestors", async () => {
    const oldParent = await account();
    const newParent = await account();
    const child = await account({ parent: oldParent });
    const grandchild = await account({ parent: child });
    await activation(child, { credits: 2 });
    await activation(grandchild, { credits: 3 });
    expect(await daily(oldParent, 'tree')).toEqual({ activations: 2, credits: 5, refunds: 0 });
    const before = await generation();
    await t.database.db.execute(sql`update users set parent_reseller_id = ${newParent} where id = ${child}`);
    expect(await daily(oldParent, 'tree')).toEqual({ activations: 0, credits: 0, refunds: 0 });
    expect(await daily(newParent, 'tree')).toEqual({ activations: 2, credits: 5, refunds: 0 });
    expect(await daily(child, 'tree')).toEqual({ activations: 2, credits: 5, refunds: 0 });
    expect(await generation()).toBe(before + 1);
  });

  it('insight_fold: folds pending sales oldest first in batches, each once, as the triggers once wrote them; a rebuild drops what is pending and counts it from the raw rows', async () => {
    await t.database.db.execute(sql`select insight_rebuild()`);
    const a = await account();
    const b = await account({ parent: a });
    const before = await daily(a, 'tree');
    await activation(b, { credits: 2 });
    await activation(b, { credits: 3 });
    await code(a, 4);
    // Written by the triggers, not yet in the roll-up.
    const pending = Number((await one<{ n: number }>(sql`select count(*)::int as n from insight_pending`)).n);
    expect(pending).toBeGreaterThanOrEqual(3);
    expect(Number((await one<{ n: number }>(sql`select insight_fold(1) as n`)).n)).toBe(1);
    expect(Number((await one<{ n: number }>(sql`select count(*)::int as n from insight_pending`)).n)).toBe(pending - 1);
    expect(await daily(a, 'tree')).toEqual({ activations: before.activations + 2, credits: before.credits + 5, refunds: 0 });
    expect(await daily(b, 'own')).toEqual({ activations: 2, credits: 5, refunds: 0 });
    expect(await fold()).toBe(0);
    // Pending sales at a rebuild are counted once, from their raw rows.
    await activation(b, { credits: 1 });
    const folded = await rollUp();
    await activation(b, { credits: 1 });
    await t.database.db.execute(sql`select insight_rebuild()`);
    expect(Number((await one<{ n: number }>(sql`select count(*)::int as n from insight_pending`)).n)).toBe(0);
    expect(await daily(b, 'own')).toEqual({ activations: 4, credits: 7, refunds: 0 });
    expect((await rollUp()).daily).not.toEqual(folded.daily);
  });

  it('insight_rebuild and insight_rebuild_figures: recompute from the raw rows what the triggers kept, and drop the memo', async () => {
    // The figures written above by hand (insight_add, insight_expiry_add, ...) have no raw rows: start from a rebuild.
    await t.database.db.execute(sql`select insight_rebuild()`);
    const a = await account();
    const b = await account({ parent: a });
    await activation(b, { credits: 2, daysAgo: 3, expiresIn: 5 });
    await code(a, 1);
    const kept = await rollUp();
    await t.database.db.execute(sql`insert into insight_memo (key, generation, made_on, packed) values ('functions-test', 0, now(), '')`);
    const before = await generation();
    await t.database.db.execute(sql`select insight_rebuild()`);
    expect(await rollUp()).toEqual(kept);
    expect(await generation()).toBe(before + 1);
    expect(await rows(t, sql`select key from insight_memo`)).toEqual([]);
    await t.database.db.execute(sql`select insight_rebuild_figures()`);
    expect(await rollUp()).toEqual(kept);
  });
});
