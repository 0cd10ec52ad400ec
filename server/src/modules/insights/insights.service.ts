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

/**
 * Insights (issue 27): the figures of the caller's tree (the admin: the whole panel), or of one
 * account of that tree (`reseller_id`), read from the daily roll-up. Days are UTC days.
 */

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dayOf = (s: string) => new Date(`${s}T00:00:00.000Z`);
const addDays = (s: string, days: number) => isoDay(new Date(dayOf(s).getTime() + days * DAY_MS));

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
  if ((dayOf(to).getTime() - dayOf(from).getTime()) / DAY_MS + 1 > INSIGHTS_MAX_RANGE_DAYS) throw fieldError('to', 'validation.insightsRangeTooLong');
  return { from, to };
}

/** The first day of the period holding `day`: itself, its week's Monday, or its month's 1st; never before `from`. */
export function periodStart(day: string, interval: InsightInterval, from: string): string {
  let start = day;
  if (interval === 'week') start = addDays(day, -((dayOf(day).getUTCDay() + 6) % 7));
  if (interval === 'month') start = `${day.slice(0, 7)}-01`;
  return start < from ? from : start;
}

/** Every period start of the range, in order (the SQL's PERIOD_START gives each row's). */
export function periodStarts(from: string, to: string, interval: InsightInterval): string[] {
  const starts = [from];
  for (let start = nextPeriod(from, interval); start <= to; start = nextPeriod(start, interval)) starts.push(start);
  return starts;
}

function nextPeriod(day: string, interval: InsightInterval): string {
  if (interval === 'day') return addDays(day, 1);
  if (interval === 'week') return addDays(periodStart(day, 'week', '0000-01-01'), 7);
  const d = dayOf(`${day.slice(0, 7)}-01`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return isoDay(d);
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

const emptyPackages = (): InsightsByPackage => ({ '1-Year': 0, Lifetime: 0, code: 0 });

/** GET /api/insights/activations. */
export async function activations({ ctx, query, now = new Date() }: { ctx: Ctx; query: InsightsActivationsQuery; now?: Date }): Promise<InsightsActivations> {
  const { from, to } = rangeOf(query, now);
  if (query.application_id !== undefined && !(await repo.applicationExists(ctx.db, query.application_id))) {
    throw fieldError('application_id', 'validation.unknownApplication');
  }
  const scope = await scopeOf(ctx, query.reseller_id);
  const { rows, applications } = await repo.sales(ctx.db, scope, {
    from,
    interval: query.interval,
    segments: segmentsOf(from, to, query.interval),
    applicationId: query.application_id,
    pkg: query.package,
  });

  const periods = new Map<string, InsightsPeriod & { apps: Map<number, { activations: number; credits: number }> }>();
  for (const start of periodStarts(from, to, query.interval)) {
    periods.set(start, { start, activations: 0, credits: 0, refunds: 0, by_application: [], by_package: emptyPackages(), apps: new Map() });
  }
  const appIds = new Set<number>();
  for (const row of rows) {
    const period = periods.get(row.start)!;
    period.activations += row.activations;
    period.credits += row.credits;
    period.refunds += row.refunds;
    if (row.package in period.by_package) period.by_package[row.package as keyof InsightsByPackage] += row.activations;
    if (row.application_id !== 0) {
      appIds.add(row.application_id);
      const app = period.apps.get(row.application_id) ?? { activations: 0, credits: 0 };
      app.activations += row.activations;
      app.credits += row.credits;
      period.apps.set(row.application_id, app);
    }
  }
  const totals = { activations: 0, credits: 0, refunds: 0 };
  const list = [...periods.values()].map(({ apps, ...period }) => {
    totals.activations += period.activations;
    totals.credits += period.credits;
    totals.refunds += period.refunds;
    const byApplication = [...apps].sort(([a], [b]) => a - b).map(([id, v]) => ({ application_id: id, ...v }));
    return { ...period, by_application: byApplication };
  });
  const named = [...appIds].sort((a, b) => a - b).map((id) => ({ id, name: applications.get(id) ?? '' }));
  return { from, to, interval: query.interval, applications: named, periods: list, totals };
}

/** GET /api/insights/renewals. */
export async function renewals({ ctx, query, now = new Date() }: { ctx: Ctx; query: InsightsRenewalsQuery; now?: Date }): Promise<InsightsRenewals> {
  const scope = await scopeOf(ctx, query.reseller_id);
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
