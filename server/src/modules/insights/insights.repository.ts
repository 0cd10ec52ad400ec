import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Reads of the insights roll-up (migration 0029: `insight_daily`, `insight_runway`,
 * `insight_expiry_daily`, `refusal_daily`). A scope is one key of the roll-up: an account's own
 * rows, its tree's rows, or the four shards of the whole panel (the admin's).
 */
export type Scope = { scope: 'own' | 'tree' | 'all'; ids: number[] };

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const inScope = (scope: Scope, column: SQL) => sql`${column} = any(${`{${scope.ids.join(',')}}`}::int[]) and scope = ${scope.scope}`;

/** Whether `ancestorId` is `accountId` itself or one of its ancestors (the tree walked upwards, a handful of rows). */
export async function isInTree(db: DbOrTx, ancestorId: number, accountId: number): Promise<boolean> {
  const rows = await rowsOf(db, sql`select 1 as hit from insight_scopes(${accountId}) where scope = 'tree' and account_id = ${ancestorId}`);
  return rows.length > 0;
}

export async function accountExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await rowsOf(db, sql`select 1 as hit from users where id = ${id} and deleted_at is null`)).length > 0;
}

export async function applicationExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await rowsOf(db, sql`select 1 as hit from applications where id = ${id}`)).length > 0;
}

export type SalesRow = { start: string; application_id: number; package: string; activations: number; credits: number; refunds: number };

/** The first day of each row's period inside the range, in date arithmetic (no time zone involved). */
const PERIOD_START = {
  day: sql`day`,
  // 2000-01-03 was a Monday.
  week: sql`day - ((day - date '2000-01-03') % 7)`,
  month: sql`day - (date_part('day', day)::int - 1)`,
} as const;

/** Days of the range read from the rows of one grain: 'day' rows, or whole weeks' or months' rows (keyed by their first day). */
export type Segment = { grain: 'day' | 'week' | 'month'; from: string; to: string };

type SalesFilters = { applicationId?: number; pkg?: string };

/**
 * The rows of `segments` summed per period (starting no earlier than `from`), application and
 * package over the scope's keys (and their shards), packed in one text value
 * (`start,application,package,activations,credits,refunds;...`): passing hundreds of rows one by
 * one through the driver (PGlite's above all) cost more than summing them. Null without rows.
 */
function packedSums(scope: Scope, from: string, interval: keyof typeof PERIOD_START, segments: Segment[], filters: SalesFilters): SQL {
  const where = sql`${filters.applicationId !== undefined ? sql`and application_id = ${filters.applicationId}` : sql``}
              ${filters.pkg !== undefined ? sql`and package = ${filters.pkg}` : sql``}`;
  // The grain is written into the statement, so that the one-application index (on days) serves it.
  const parts = segments.map(
    (segment) => sql`select day, application_id, package, activations, credits, refunds from insight_daily
            where ${inScope(scope, sql`reseller_id`)} and grain = ${sql.raw(`'${segment.grain}'`)}
              and day between ${segment.from}::date and ${segment.to}::date ${where}`,
  );
  return sql`(select string_agg(concat_ws(',', start, application_id, package, activations, credits, refunds), ';') from (
            select greatest(${PERIOD_START[interval]}, ${from}::date) as start, application_id, package,
                   sum(activations) as activations, sum(credits) as credits, sum(refunds) as refunds
            from (${sql.join(parts, sql` union all `)}) r
            group by 1, 2, 3
          ) periods)`;
}

const unpack = (packed: string | null): SalesRow[] =>
  (packed ? packed.split(';') : []).map((line) => {
    const [start, app, pkg, activations, credits, refunds] = line.split(',');
    return { start: start!, application_id: Number(app), package: pkg!, activations: Number(activations), credits: Number(credits), refunds: Number(refunds) };
  });

/**
 * The range's rows summed per period, application and package, with every application's name, in
 * one statement. `segments` cover the range: whole weeks or months are read from their own rows (a
 * year by week reads 53 rows per application and package, not 365). The `closed` days (up to three
 * days before today: they change only through rare writes, which move `insight_generation` on) are
 * read from their memo row when its generation is current, and summed and kept there otherwise;
 * the `live` days after them are always summed. Both parts can hold a row of the same period.
 */
export async function sales(
  db: DbOrTx,
  scope: Scope,
  range: { from: string; interval: keyof typeof PERIOD_START; closed?: { key: string; today: string; segments: Segment[] }; live: Segment[] } & SalesFilters,
): Promise<{ rows: SalesRow[]; applications: Map<number, string> }> {
  const { closed } = range;
  const live = range.live.length > 0 ? packedSums(scope, range.from, range.interval, range.live, range) : sql`null::text`;
  const apps = sql`(select json_agg(json_build_array(id, app_name)) from applications) as apps`;
  // One snapshot for the generation, the memo and the days: a memo made from days that a
  // concurrent late write changed carries the generation before that write, and is never used.
  const query = closed
    ? sql`with gen as (select generation from insight_generation),
          memo as (select m.packed from insight_memo m join gen on m.generation = gen.generation where m.key = ${closed.key}),
          made as (
            insert into insight_memo as m (key, generation, made_on, packed)
            select ${closed.key}, gen.generation, ${closed.today}::date,
                   coalesce(${packedSums(scope, range.from, range.interval, closed.segments, range)}, '')
            from gen where not exists (select 1 from memo)
            on conflict (key) do update set generation = excluded.generation, made_on = excluded.made_on, packed = excluded.packed
            returning m.packed
          ),
          -- On a miss, the memo rows made three days ago or earlier (those another miss holds are left to it).
          pruned as (
            delete from insight_memo where key in (
              select key from insight_memo where made_on < ${closed.today}::date - 2 and key <> ${closed.key} and exists (select 1 from made)
              for update skip locked))
          select coalesce((select packed from memo), (select packed from made)) as closed, ${live} as live, ${apps}`
    : sql`select null::text as closed, ${live} as live, ${apps}`;
  const [result] = await rowsOf<{ closed: string | null; live: string | null; apps: [number, string][] | string | null }>(db, query);
  const rows = [...unpack(result?.closed ?? null), ...unpack(result?.live ?? null)];
  const names = typeof result?.apps === 'string' ? (JSON.parse(result.apps) as [number, string][]) : (result?.apps ?? []);
  return { rows, applications: new Map(names) };
}

export type TermFigures = { expired: number; renewed: number; expiring: number[] };

/**
 * The renewals figures in one row: terms that ended in the `lookback` days before today and how
 * many of them were renewed, and the terms still to renew ending within each horizon (today included).
 */
export async function terms(db: DbOrTx, scope: Scope, today: string, lookback: number, horizons: readonly number[]): Promise<TermFigures> {
  const max = Math.max(...horizons);
  const [row] = await rowsOf<Record<string, string | number | null>>(
    db,
    sql`select coalesce(sum(ending) filter (where day < ${today}::date), 0) as expired,
               coalesce(sum(renewed) filter (where day < ${today}::date), 0) as renewed,
               ${sql.join(
                 horizons.map((h, i) => sql`coalesce(sum(ending - renewed) filter (where day >= ${today}::date and day < ${today}::date + ${h}::int), 0) as ${sql.raw(`expiring_${i}`)}`),
                 sql`, `,
               )}
        from insight_expiry_daily
        where ${inScope(scope, sql`reseller_id`)} and day >= ${today}::date - ${lookback}::int and day < ${today}::date + ${max}::int`,
  );
  return { expired: Number(row?.expired ?? 0), renewed: Number(row?.renewed ?? 0), expiring: horizons.map((_, i) => Number(row?.[`expiring_${i}`] ?? 0)) };
}

export async function refusals(db: DbOrTx, scope: Scope, range: { from: string; to: string }): Promise<{ reason: string; count: number }[]> {
  const rows = await rowsOf<{ reason: string; count: string | number }>(
    db,
    sql`select reason, sum(count) as count from refusal_daily
        where ${inScope(scope, sql`user_id`)} and day between ${range.from}::date and ${range.to}::date
        group by reason`,
  );
  return rows.map((r) => ({ reason: r.reason, count: Number(r.count) }));
}

/**
 * Folds up to `limit` sales not yet in the roll-up (all when null: an Insights read, which then
 * reads exact figures), after any fold in flight; answers how many (db/functions/insight_fold.sql).
 */
export async function foldPending(db: DbOrTx, limit: number | null): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select insight_fold(${limit}::int) as n`);
  return Number(row?.n ?? 0);
}

/** Links a deleted code's sale to the `Refund` ledger row that gave its price back: the roll-up takes it back on the sale's day. */
export async function codeRefunded(db: DbOrTx, codeId: number, refundLedgerId: number) {
  await db.execute(sql`select insight_code_refund(${codeId}, ${refundLedgerId})`);
}

/** Counts one refused activation of `accountId` today (its own, its tree's and the panel's rows). */
export async function addRefusal(db: DbOrTx, accountId: number, reason: string) {
  await db.execute(sql`select refusal_add(${accountId}, ${reason})`);
}

export type RunwayRow = { id: number; username: string; balance: number; daily_spend: number; days_left: number | null; dormant: boolean; empty: boolean };

const RUNWAY_ORDER = {
  days_left: sql`days_left`,
  balance: sql`balance`,
  daily_spend: sql`daily_spend`,
  username: sql`username`,
} as const;

/**
 * One page of accounts with their runway: `accounts` selects their ids (a subquery). The daily
 * spend is α × the account's weighted spend (`insight_runway`) decayed to today: one row per account.
 */
export async function runwayPage(
  db: DbOrTx,
  accounts: SQL,
  options: { today: string; alpha: number; dormantDays: number; sort: keyof typeof RUNWAY_ORDER; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: RunwayRow[]; total: number }> {
  const { today, alpha, dormantDays } = options;
  const direction = options.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with acc as (${accounts}),
        runway as (
          select u.id, u.email as username, u.credit_point as balance,
                 coalesce(round(greatest(${alpha}::float8 * r.weighted * power(${1 - alpha}::float8, ${today}::date - r.as_of), 0)::numeric, 2)::float8, 0) as daily_spend,
                 coalesce(r.last_spend <= ${today}::date - ${dormantDays}::int, true) as dormant,
                 u.credit_point = 0 as empty
          from acc join users u on u.id = acc.id left join insight_runway r on r.reseller_id = u.id
        )
        select runway.*, case when daily_spend > 0 then floor(balance / daily_spend)::bigint end as days_left, count(*) over () as total
        from runway
        order by ${RUNWAY_ORDER[options.sort]} ${direction} nulls last, id
        limit ${options.limit} offset ${options.offset}`,
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return {
    total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      username: String(r.username),
      balance: Number(r.balance),
      daily_spend: Number(r.daily_spend),
      days_left: r.days_left === null ? null : Number(r.days_left),
      dormant: Boolean(r.dormant),
      empty: Boolean(r.empty),
    })),
  };
}

/** The accounts below `parentId` (direct and deeper), removed ones left out. */
export const descendantsOf = (parentId: number) => sql`
  with recursive t(id, depth) as (
    select id, 0 from users where parent_reseller_id = ${parentId} and deleted_at is null
    union all
    select u.id, t.depth + 1 from users u join t on u.parent_reseller_id = t.id where t.depth < 100 and u.deleted_at is null
  ) select id from t`;

/** Every account but the admins (the admin's runway), removed ones left out. */
export const everyResellerBut = (adminRoleId: number) => sql`select id from users where role_id <> ${adminRoleId} and deleted_at is null`;

export const oneAccount = (id: number) => sql`select ${id}::int as id`;
