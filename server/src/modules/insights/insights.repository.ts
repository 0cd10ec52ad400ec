import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Reads of the insights roll-up (migration 0028: `insight_daily`, `insight_spend_daily`,
 * `insight_expiry_daily`, `refusal_daily`). A scope is one key of the roll-up: an account's own
 * rows, its tree's rows, or the four shards of the whole panel (the admin's).
 */
export type Scope = { scope: 'own' | 'tree' | 'all'; ids: number[] };

const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

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

export async function applicationNames(db: DbOrTx, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return rowsOf(db, sql`select id, app_name as name from applications where id = any(${`{${ids.join(',')}}`}::int[]) order by id`);
}

export type SalesRow = { day: string; application_id: number; package: string; activations: number; credits: number; refunds: number };

/** The day rows of a range, summed over the scope's keys. */
export async function sales(db: DbOrTx, scope: Scope, range: { from: string; to: string; applicationId?: number; pkg?: string }): Promise<SalesRow[]> {
  const rows = await rowsOf<Record<keyof SalesRow, string | number>>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, application_id, package,
               sum(activations) as activations, sum(credits) as credits, sum(refunds) as refunds
        from insight_daily
        where ${inScope(scope, sql`reseller_id`)} and day between ${range.from}::date and ${range.to}::date
          ${range.applicationId !== undefined ? sql`and application_id = ${range.applicationId}` : sql``}
          ${range.pkg !== undefined ? sql`and package = ${range.pkg}` : sql``}
        group by day, application_id, package`,
  );
  return rows.map((r) => ({
    day: String(r.day),
    application_id: Number(r.application_id),
    package: String(r.package),
    activations: Number(r.activations),
    credits: Number(r.credits),
    refunds: Number(r.refunds),
  }));
}

export type TermRow = { offset: number; ending: number; renewed: number };

/** Terms ending from `from` to `to` (days from today: negative in the past), summed per day. */
export async function terms(db: DbOrTx, scope: Scope, today: string, from: number, to: number): Promise<TermRow[]> {
  const rows = await rowsOf<Record<keyof TermRow, string | number>>(
    db,
    sql`select day - ${today}::date as offset, sum(ending) as ending, sum(renewed) as renewed
        from insight_expiry_daily
        where ${inScope(scope, sql`reseller_id`)} and day between ${today}::date + ${from}::int and ${today}::date + ${to}::int
        group by day`,
  );
  return rows.map((r) => ({ offset: Number(r.offset), ending: Number(r.ending), renewed: Number(r.renewed) }));
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
 * One page of accounts with their runway: `accounts` selects their ids (a subquery); the spend is
 * an EWMA of the last `ewmaDays` days' spend with weights (1 - alpha)^age, normalised, today's age 0.
 */
export async function runwayPage(
  db: DbOrTx,
  accounts: SQL,
  options: { today: string; ewmaDays: number; alpha: number; dormantDays: number; sort: keyof typeof RUNWAY_ORDER; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: RunwayRow[]; total: number }> {
  const { today, ewmaDays, alpha, dormantDays } = options;
  const decay = 1 - alpha;
  const weights = (1 - decay ** ewmaDays) / (1 - decay);
  const direction = options.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with acc as (${accounts}),
        spend as (
          select s.reseller_id,
                 sum(case when s.day > ${today}::date - ${ewmaDays}::int then s.credits * power(${decay}::float8, ${today}::date - s.day) else 0 end) / ${weights}::float8 as ewma,
                 bool_or(s.credits > 0) as spent
          from insight_spend_daily s join acc on acc.id = s.reseller_id
          where s.day > ${today}::date - ${dormantDays}::int and s.day <= ${today}::date
          group by s.reseller_id
        ),
        runway as (
          select u.id, u.email as username, u.credit_point as balance,
                 round(greatest(coalesce(spend.ewma, 0), 0)::numeric, 2)::float8 as daily_spend,
                 not coalesce(spend.spent, false) as dormant, u.credit_point = 0 as empty
          from acc join users u on u.id = acc.id left join spend on spend.reseller_id = u.id
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
