import {
  activationCost,
  INSIGHT_EXPIRY_HORIZONS,
  INSIGHT_REFUSAL_REASONS,
  INSIGHTS_DEFAULT_RANGE_DAYS,
  INSIGHTS_MAX_RANGE_DAYS,
  RENEWAL_RATE_LOOKBACK_DAYS,
  RUNWAY_DORMANT_DAYS,
  RUNWAY_EWMA_DAYS,
  type InsightInterval,
  type InsightsActivations,
  type InsightsActivationsQuery,
  type InsightsByPackage,
  type InsightsPeriod,
  type InsightsRefusals,
  type InsightsRefusalsQuery,
  type InsightsRenewals,
  type InsightsRenewalsQuery,
  type InsightsRunwayQuery,
} from '@panel/contract';
import { adminRoleId } from '../../db/roles.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import * as repo from './insights.repository.js';

// What the activating areas record: refusals (after the rollback) and refunded codes (in the refund's transaction).
export { recordRefusal } from './refusals.js';
export { codeRefunded, foldPending } from './insights.repository.js';

/**
 * Insights (issue 27): the figures of the caller's tree (the admin: the whole panel), or of one
 * account of that tree (`reseller_id`), read from the daily roll-up. Days are UTC days.
 *
 * The figures are exact: sales reach the roll-up through a fold after their commit (issue 45), and
 * a read folds what is still pending first (`exact`), so it counts every sale committed before it.
 */

/** Folds every pending sale into the roll-up (on the live data, where the roll-up is), after any fold in flight. */
async function exact(ctx: Pick<Ctx, 'database'>): Promise<void> {
  await repo.foldPending(ctx.database.db, null);
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
// Day arithmetic on day numbers (days since 1970-01-01, a Thursday): a year's periods are hundreds
// of steps, and parsing a date string for each of them was a fifth of a year-long request.
const dayNumber = (s: string) => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10))) / DAY_MS;
const isoOf = (n: number) => isoDay(new Date(n * DAY_MS));
const addDays = (s: string, days: number) => isoOf(dayNumber(s) + days);
const mondayOf = (n: number) => n - ((((n + 3) % 7) + 7) % 7);
function nextMonth(day: string): string {
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${Number(day.slice(0, 4)) + 1}-01-01` : `${day.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The roll-up key the call reads: one account's own rows, the caller's tree, or the whole panel. */
async function scopeOf(ctx: Ctx, resellerId: number | undefined): Promise<repo.Scope> {
  const me = callerOf(ctx);
  if (resellerId !== undefined) {
    const reachable = me.isAdmin ? await repo.accountExists(ctx.db, resellerId) : await repo.isInTree(ctx.db, me.userId, resellerId);
    // Outside the tree and unknown answer alike, so that ids of other accounts are not told.
    if (!reachable) throw new AppError('NOT_FOUND');
    return { scope: 'own', ids: [resellerId] };
  }
  return me.isAdmin ? { scope: 'all', ids: [0, 1, 2, 3] } : { scope: 'tree', ids: [me.userId] };
}

/** The range's ends, defaults filled: no `to` is today, no `from` is 29 days before `to`. */
function rangeOf(query: { from?: string; to?: string }, now: Date) {
  const to = query.to?.slice(0, 10) ?? isoDay(now);
  const from = query.from?.slice(0, 10) ?? addDays(to, -(INSIGHTS_DEFAULT_RANGE_DAYS - 1));
  if (from > to) throw fieldError('to', 'validation.endBeforeStart');
  if (dayNumber(to) - dayNumber(from) + 1 > INSIGHTS_MAX_RANGE_DAYS) throw fieldError('to', 'validation.insightsRangeTooLong');
  return { from, to };
}

/** The first day of the period holding `day`: itself, its week's Monday, or its month's 1st; never before `from`. */
export function periodStart(day: string, interval: InsightInterval, from: string): string {
  let start = day;
  if (interval === 'week') start = isoOf(mondayOf(dayNumber(day)));
  if (interval === 'month') start = `${day.slice(0, 7)}-01`;
  return start < from ? from : start;
}

/** Every period start of the range, in order (the SQL's PERIOD_START gives each row's). */
export function periodStarts(from: string, to: string, interval: InsightInterval): string[] {
  const starts = [from];
  if (interval === 'month') {
    for (let start = nextMonth(from); start <= to; start = nextMonth(start)) starts.push(start);
    return starts;
  }
  const last = dayNumber(to);
  const step = interval === 'day' ? 1 : 7;
  for (let n = interval === 'day' ? dayNumber(from) + 1 : mondayOf(dayNumber(from)) + 7; n <= last; n += step) starts.push(isoOf(n));
  return starts;
}

function nextPeriod(day: string, interval: InsightInterval): string {
  if (interval === 'day') return addDays(day, 1);
  if (interval === 'week') return isoOf(mondayOf(dayNumber(day)) + 7);
  return nextMonth(day);
}

/**
 * Where the range's figures are read: the whole weeks or months inside it from their own rows,
 * the days before and after them (a first or last period cut by the range) from the days' rows.
 */
export function segmentsOf(from: string, to: string, interval: InsightInterval): repo.Segment[] {
  if (interval === 'day') return [{ grain: 'day', from, to }];
  const natural = (day: string) => periodStart(day, interval, '0000-01-01');
  const first = natural(from) === from ? from : nextPeriod(from, interval);
  const last = nextPeriod(natural(to), interval) === addDays(to, 1) ? to : addDays(natural(to), -1);
  if (first > last) return [{ grain: 'day', from, to }];
  const segments: repo.Segment[] = [{ grain: interval, from: first, to: last }];
  if (from < first) segments.push({ grain: 'day', from, to: addDays(first, -1) });
  if (last < to) segments.push({ grain: 'day', from: addDays(last, 1), to });
  return segments;
}

/**
 * Days before today that only rare writes change (migration 0031 moves the memo's generation on
 * for any write to a day before yesterday; one day more, for a transaction running over midnight).
 */
const MEMO_LAG_DAYS = 3;

const emptyPackages = (): InsightsByPackage => ({ '1-Year': 0, Lifetime: 0, code: 0 });

/** GET /api/insights/activations. */
export async function activations({ ctx, query, now = new Date() }: { ctx: Ctx; query: InsightsActivationsQuery; now?: Date }): Promise<InsightsActivations> {
  const { from, to } = rangeOf(query, now);
  if (query.application_id !== undefined && !(await repo.applicationExists(ctx.db, query.application_id))) {
    throw fieldError('application_id', 'validation.unknownApplication');
  }
  const scope = await scopeOf(ctx, query.reseller_id);
  await exact(ctx);
  const today = isoDay(now);
  // The days up to MEMO_LAG_DAYS before today are closed (the roll-up's memo); the rest are live.
  const closedTo = [to, addDays(today, -MEMO_LAG_DAYS)].sort()[0]!;
  const filters = { applicationId: query.application_id, pkg: query.package };
  const closed =
    closedTo >= from
      ? {
          key: [`${scope.scope}:${scope.ids.join(',')}`, query.interval, from, closedTo, filters.applicationId ?? '', filters.pkg ?? ''].join('|'),
          today,
          segments: segmentsOf(from, closedTo, query.interval),
        }
      : undefined;
  const liveFrom = closed ? addDays(closedTo, 1) : from;
  const { rows, applications } = await repo.sales(ctx.db, scope, {
    from,
    interval: query.interval,
    closed,
    live: liveFrom <= to ? segmentsOf(liveFrom, to, query.interval) : [],
    ...filters,
  });

  const starts = periodStarts(from, to, query.interval);
  const index = new Map(starts.map((start, i) => [start, i]));
  const periods: InsightsPeriod[] = starts.map((start) => ({ start, activations: 0, credits: 0, refunds: 0, by_application: [], by_package: emptyPackages() }));
  const appIds = new Set<number>();
  for (const row of rows) {
    const period = periods[index.get(row.start)!]!;
    period.activations += row.activations;
    period.credits += row.credits;
    period.refunds += row.refunds;
    if (row.package in period.by_package) period.by_package[row.package as keyof InsightsByPackage] += row.activations;
    if (row.application_id !== 0) {
      appIds.add(row.application_id);
      // A handful of applications per period: a scan beats a map per period.
      let app = period.by_application.find((a) => a.application_id === row.application_id);
      if (!app) period.by_application.push((app = { application_id: row.application_id, activations: 0, credits: 0 }));
      app.activations += row.activations;
      app.credits += row.credits;
    }
  }
  const totals = { activations: 0, credits: 0, refunds: 0 };
  for (const period of periods) {
    totals.activations += period.activations;
    totals.credits += period.credits;
    totals.refunds += period.refunds;
    period.by_application.sort((a, b) => a.application_id - b.application_id);
  }
  const named = [...appIds].sort((a, b) => a - b).map((id) => ({ id, name: applications.get(id) ?? '' }));
  return { from, to, interval: query.interval, applications: named, periods, totals };
}

/** GET /api/insights/renewals. */
export async function renewals({ ctx, query, now = new Date() }: { ctx: Ctx; query: InsightsRenewalsQuery; now?: Date }): Promise<InsightsRenewals> {
  const scope = await scopeOf(ctx, query.reseller_id);
  await exact(ctx);
  const { expired, renewed, expiring } = await repo.terms(ctx.db, scope, isoDay(now), RENEWAL_RATE_LOOKBACK_DAYS, INSIGHT_EXPIRY_HORIZONS);
  const price = activationCost('1-Year', 1);
  // Whole credits, rounded up: expiring × renewed / expired × price, in integers.
  const needed = (count: number) => (expired === 0 ? 0 : Math.ceil((count * renewed * price) / expired));
  const [e7, e30, e90] = expiring as [number, number, number];
  return {
    expiring: { days_7: e7, days_30: e30, days_90: e90 },
    renewal_rate: { renewed, expired, rate: expired === 0 ? null : Math.round((renewed / expired) * 10_000) / 10_000 },
    credits_needed: { days_7: needed(e7), days_30: needed(e30), days_90: needed(e90) },
  };
}

/** The EWMA's smoothing factor: the usual 2 / (N + 1) of an N-day average. */
export const RUNWAY_ALPHA = 2 / (RUNWAY_EWMA_DAYS + 1);

/** GET /api/insights/runway. */
export async function runway({ ctx, query, now = new Date() }: { ctx: Ctx; query: InsightsRunwayQuery; now?: Date }) {
  const me = callerOf(ctx);
  await exact(ctx);
  let accounts;
  if (query.reseller_id !== undefined) {
    await scopeOf(ctx, query.reseller_id);
    accounts = repo.oneAccount(query.reseller_id);
  } else {
    accounts = me.isAdmin ? repo.everyResellerBut(await adminRoleId(ctx.db)) : repo.descendantsOf(me.userId);
  }
  const { rows, total } = await repo.runwayPage(ctx.db, accounts, {
    today: isoDay(now),
    alpha: RUNWAY_ALPHA,
    dormantDays: RUNWAY_DORMANT_DAYS,
    sort: query.sort,
    order: query.order,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows,
    meta: { total, last_page: Math.max(1, Math.ceil(total / query.per_page)), current_page: query.page, per_page: query.per_page, total_capped: false },
  };
}

/** GET /api/insights/refusals. */
export async function refusals({ ctx, query, now = new Date() }: { ctx: Ctx; query: InsightsRefusalsQuery; now?: Date }): Promise<InsightsRefusals> {
  const { from, to } = rangeOf(query, now);
  const scope = await scopeOf(ctx, query.reseller_id);
  const counts = new Map<string, number>(INSIGHT_REFUSAL_REASONS.map((r) => [r, 0]));
  for (const row of await repo.refusals(ctx.db, scope, { from, to })) {
    const reason = counts.has(row.reason) ? row.reason : 'other';
    counts.set(reason, counts.get(reason)! + row.count);
  }
  const reasons = INSIGHT_REFUSAL_REASONS.map((reason) => ({ reason, count: counts.get(reason)! })).sort(
    (a, b) => b.count - a.count || INSIGHT_REFUSAL_REASONS.indexOf(a.reason) - INSIGHT_REFUSAL_REASONS.indexOf(b.reason),
  );
  return { from, to, reasons };
}
