import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * The sandbox (docs/decisions/0007-sandbox.md): the schema `sandbox` beside the live `public`
 * one. A sandbox connection searches `sandbox` first, so the same queries of the same services
 * read and write the sandbox's own copies of these tables, and the live tables for everything
 * else (accounts, roles, applications, the hierarchy, sessions, tickets, notifications).
 */
export const SANDBOX_SCHEMA = 'sandbox';
export const SANDBOX_SEARCH_PATH = `${SANDBOX_SCHEMA}, public`;

/**
 * What every sandbox transaction runs first (db/client.ts, on PGlite and PostgreSQL alike): the
 * sandbox's search path for this transaction only (`set local`: nothing is left on the session,
 * which a pooler may hand to anyone next), then the schema unqualified writes now go to, which
 * `checkSandboxSchema` checks before any statement of the transaction runs.
 */
export const SANDBOX_BEGIN = `set local search_path to ${SANDBOX_SEARCH_PATH}; select current_schema() as schema`;

/** A sandbox transaction that would write the live tables: it stops before its first statement. */
export class SandboxSchemaError extends Error {
  constructor(schema: unknown) {
    super(`a sandbox transaction found itself on the schema ${JSON.stringify(schema)}, not "${SANDBOX_SCHEMA}": refused before writing (is the sandbox schema missing?)`);
  }
}

/**
 * The guard of SANDBOX_BEGIN's answer. `current_schema()` is the first schema of the search path
 * that exists: `public` when the `set local` did not take or the sandbox schema is gone, and then
 * the transaction's writes would land in the live tables.
 */
export function checkSandboxSchema(schema: unknown): void {
  if (schema !== SANDBOX_SCHEMA) throw new SandboxSchemaError(schema);
}
/** Whether a call runs on the sandbox's data (its `db` is the sandbox's): its moves and sales are tests, not the business. */
export const inSandbox = (ctx: { db: unknown; sandboxDb?: unknown }) => ctx.sandboxDb !== undefined && ctx.db === ctx.sandboxDb;

export const SANDBOX_TABLES = [
  'credit_ledger',
  'idempotent_requests',
  'devices',
  'activations',
  'playlists',
  'activation_codes',
  'payment_orders',
  'audit_log',
  // A scoped API key's spend of the day (issue 25): sandbox activations count against the key's
  // cap in the sandbox only, never against its live spend.
  'api_key_spend',
] as const;

/**
 * Builds (or brings up to date after a migration) the sandbox schema from the live one, so every
 * migration needs nothing of its own:
 * - each table of SANDBOX_TABLES is a copy of the live table (`LIKE ... INCLUDING ALL`: columns,
 *   defaults, identities, checks, indexes; no foreign keys), and gains the columns a later
 *   migration added to the live table;
 * - `sandbox.balances` holds each account's sandbox credit (a row per account, made by a trigger
 *   on the live accounts table);
 * - `sandbox.users` is a view of the live accounts with the sandbox balance in `credit_point`.
 *   Its INSTEAD OF triggers write every other column to the live account, and move the balance
 *   by the difference the statement asked for, on the condition that it stays at or above zero:
 *   the conditional debit keeps its guarantee, checked on the locked balance row.
 * Idempotent; run under the start-up lock.
 */
const PREPARE = `
do $prepare$
declare
  t text;
  c record;
  credit_type text;
  cols text;
  insert_cols text;
  insert_vals text;
  update_sets text;
  changed text;
  select_cols text;
begin
  create schema if not exists sandbox;

  foreach t in array string_to_array(:tables, ',') loop
    execute format('create table if not exists sandbox.%I (like public.%I including all)', t, t);
    for c in
      select a.attname, format_type(a.atttypid, a.atttypmod) as type, pg_get_expr(d.adbin, d.adrelid) as def
      from pg_attribute a
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = format('public.%I', t)::regclass and a.attnum > 0 and not a.attisdropped
        and not exists (
          select 1 from pg_attribute s
          where s.attrelid = format('sandbox.%I', t)::regclass and s.attname = a.attname and not s.attisdropped)
      order by a.attnum
    loop
      execute format('alter table sandbox.%I add column %I %s %s', t, c.attname, c.type, coalesce('default ' || c.def, ''));
    end loop;
  end loop;

  select format_type(atttypid, atttypmod) into credit_type
  from pg_attribute where attrelid = 'public.users'::regclass and attname = 'credit_point';
  execute format(
    'create table if not exists sandbox.balances (
       user_id integer primary key references public.users(id) on delete cascade,
       credit_point %s not null default 0 check (credit_point >= 0))', credit_type);
  insert into sandbox.balances (user_id) select id from public.users on conflict do nothing;

  create or replace function sandbox.open_balance() returns trigger language plpgsql as $f$
  begin
    insert into sandbox.balances (user_id) values (new.id) on conflict do nothing;
    return null;
  end $f$;
  drop trigger if exists sandbox_open_balance on public.users;
  create trigger sandbox_open_balance after insert on public.users
    for each row execute function sandbox.open_balance();

  -- The view follows the live table's columns as they are after the last migration.
  select
    string_agg(case when attname = 'credit_point' then 'b.credit_point' else format('u.%I', attname) end, ', ' order by attnum),
    string_agg(format('%I', attname), ', ' order by attnum) filter (where attname <> 'credit_point' and attidentity = '' and attgenerated = ''),
    string_agg(format('new.%I', attname), ', ' order by attnum) filter (where attname <> 'credit_point' and attidentity = '' and attgenerated = ''),
    string_agg(format('%1$I = case when new.%1$I is distinct from old.%1$I then new.%1$I else u.%1$I end', attname), ', ' order by attnum)
      filter (where attname <> 'credit_point' and attidentity = '' and attgenerated = ''),
    format('row(%s) is distinct from row(%s)',
      string_agg(format('new.%I', attname), ', ' order by attnum) filter (where attname <> 'credit_point'),
      string_agg(format('old.%I', attname), ', ' order by attnum) filter (where attname <> 'credit_point'))
  into select_cols, insert_cols, insert_vals, update_sets, changed
  from pg_attribute
  where attrelid = 'public.users'::regclass and attnum > 0 and not attisdropped;

  drop view if exists sandbox.users;
  execute format('create view sandbox.users as select %s from public.users u join sandbox.balances b on b.user_id = u.id', select_cols);
  for c in
    select a.attname, pg_get_expr(d.adbin, d.adrelid) as def
    from pg_attribute a join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = 'public.users'::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
  loop
    execute format('alter view sandbox.users alter column %I set default %s', c.attname, c.def);
  end loop;

  execute format($f$
    create or replace function sandbox.users_insert() returns trigger language plpgsql as $body$
    begin
      insert into public.users (%s) values (%s) returning id into new.id;
      update sandbox.balances set credit_point = coalesce(new.credit_point, 0) where user_id = new.id;
      return new;
    end $body$ $f$, insert_cols, insert_vals);

  execute format($f$
    create or replace function sandbox.users_update() returns trigger language plpgsql as $body$
    declare after_move %s;
    begin
      if new.credit_point is distinct from old.credit_point then
        update sandbox.balances set credit_point = credit_point + (new.credit_point - old.credit_point)
          where user_id = old.id and credit_point + (new.credit_point - old.credit_point) >= 0
          returning credit_point into after_move;
        -- Too few points on the locked row: the statement updates nothing, as the live debit.
        if not found then return null; end if;
        new.credit_point := after_move;
      end if;
      if %s then
        update public.users u set %s where u.id = old.id;
      end if;
      return new;
    end $body$ $f$, credit_type, changed, update_sets);

  create or replace function sandbox.users_delete() returns trigger language plpgsql as $f$
  begin
    delete from public.users where id = old.id;
    return old;
  end $f$;

  create trigger users_insert instead of insert on sandbox.users for each row execute function sandbox.users_insert();
  create trigger users_update instead of update on sandbox.users for each row execute function sandbox.users_update();
  create trigger users_delete instead of delete on sandbox.users for each row execute function sandbox.users_delete();
end
$prepare$`;

export async function prepareSandbox(db: Db) {
  // A DO block takes no parameters: the table list is a literal of our own constants.
  await db.execute(sql.raw(PREPARE.replace(':tables', `'${SANDBOX_TABLES.join(',')}'`)));
}

/** An account's sandbox balance, read with the live connection (the table is schema-qualified). */
export async function sandboxBalance(db: Db, userId: number): Promise<number> {
  const result = await db.execute(sql`select credit_point from sandbox.balances where user_id = ${userId}`);
  return Number((result as { rows: { credit_point: string | number }[] }).rows[0]?.credit_point ?? 0);
}
