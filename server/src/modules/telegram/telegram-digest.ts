import { and, asc, count, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { translate } from '@panel/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { activations, insightRunway, storeOrders, storefrontDigests, storefronts, telegramUpdates, users } from '../../db/schema.js';
import { HEARTBEAT_MS } from '../health/readiness.js';
import { serverDay, startDailyScheduler, type DailyPass, type DailyScheduler, type DailySchedulerOptions } from '../../lib/daily-scheduler.js';
import { RUNWAY_ALPHA } from '../insights/insights.service.js';
import { botOf, dayText, localeOf, moneyText, send } from './telegram.service.js';

/**
 * The reseller's daily Telegram digest (issue 44): from REMINDER_HOUR, once a day, each store whose
 * bot has a linked owner chat gets its balance, its runway in days (the Insights figure: balance over
 * the decayed average daily spend), and yesterday's activations, store orders and revenue per
 * currency. Sent once across all nodes: a node claims the store's row of the day before sending, and
 * a claim left unsent for CLAIM_TIMEOUT_MS (its node stopped) is taken over.
 */

export type DigestDeps = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  beat?: () => void;
};

export const DIGEST_CLAIM_TIMEOUT_MS = 15 * 60_000;
/** Updates are recorded only to be acted on once: Telegram stops redelivering long before a week. */
const UPDATES_KEPT_MS = 7 * 86_400_000;

/** Local midnight of `day` (`YYYY-MM-DD`, server time, as REMINDER_HOUR). */
const midnight = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** The figures of one store's digest for the day before `day`. */
export async function digestFigures(db: Db, store: typeof storefronts.$inferSelect, day: string) {
  const to = midnight(day);
  const from = new Date(to.getFullYear(), to.getMonth(), to.getDate() - 1);
  const [account] = await db.select({ balance: users.creditPoint, locale: users.locale }).from(users).where(eq(users.id, store.userId));
  // As GET /api/insights/runway: α × the weighted spend decayed to today; no spend, no end.
  const [runway] = await db
    .select({
      daily: sql<number>`greatest(${RUNWAY_ALPHA}::float8 * ${insightRunway.weighted} * power(${1 - RUNWAY_ALPHA}::float8, ${day}::date - ${insightRunway.asOf}), 0)`.mapWith(Number),
    })
    .from(insightRunway)
    .where(eq(insightRunway.resellerId, store.userId));
  const daily = Math.round((runway?.daily ?? 0) * 100) / 100;
  const balance = account?.balance ?? 0;
  const [activated] = await db
    .select({ n: count() })
    .from(activations)
    .where(and(eq(activations.resellerId, store.userId), gte(activations.createdAt, from), lt(activations.createdAt, to), isNull(activations.refundedAt)));
  const [placed] = await db
    .select({ n: count() })
    .from(storeOrders)
    .where(and(eq(storeOrders.storefrontId, store.id), gte(storeOrders.createdAt, from), lt(storeOrders.createdAt, to)));
  const revenue = await db
    .select({ currency: storeOrders.currency, total: sql<number>`sum(${storeOrders.price})::bigint`.mapWith(Number) })
    .from(storeOrders)
    .where(and(eq(storeOrders.storefrontId, store.id), eq(storeOrders.status, 'activated'), gte(storeOrders.activatedAt, from), lt(storeOrders.activatedAt, to)))
    .groupBy(storeOrders.currency)
    .orderBy(asc(storeOrders.currency));
  return {
    locale: localeOf(account?.locale),
    yesterday: from,
    balance,
    runwayDays: daily > 0 ? Math.floor(balance / daily) : null,
    activations: activated?.n ?? 0,
    orders: placed?.n ?? 0,
    revenue,
  };
}

export function digestText(store: { title: string }, figures: Awaited<ReturnType<typeof digestFigures>>): string {
  const { locale } = figures;
  const t = (key: string, params: Record<string, string | number> = {}) => translate(locale, `telegram.${key}`, params);
  const amounts = figures.revenue.map((r) => moneyText(locale, r.total, r.currency)).join(', ');
  return [
    t('digestTitle', { store: store.title, date: dayText(locale, new Date(Date.UTC(figures.yesterday.getFullYear(), figures.yesterday.getMonth(), figures.yesterday.getDate()))) }),
    t('digestBalance', { balance: figures.balance }),
    figures.runwayDays === null ? t('digestRunwayNone') : t('digestRunway', { days: figures.runwayDays }),
    t('digestActivations', { number: figures.activations }),
    t('digestOrders', { number: figures.orders }),
    amounts ? t('digestRevenue', { amounts }) : t('digestNoRevenue'),
  ].join('\n');
}

/** Sends `now`'s day's digests when `now` is at or past REMINDER_HOUR. Safe to call as often as wanted, from any number of nodes. */
export async function sendDueDigests(deps: DigestDeps, now: Date): Promise<DailyPass> {
  const day = serverDay(now);
  if (now.getHours() < deps.config.reminderHour) return { day, due: false, sent: 0, pending: 0 };
  const { db } = deps;
  const staleBefore = new Date(now.getTime() - DIGEST_CLAIM_TIMEOUT_MS);
  const stores = await db
    .select()
    .from(storefronts)
    .innerJoin(users, eq(users.id, storefronts.userId))
    .where(
      and(
        isNotNull(storefronts.telegramBotTokenEncrypted),
        isNotNull(storefronts.telegramOwnerChatId),
        isNull(users.deletedAt),
        eq(users.status, 1),
        sql`not exists (select 1 from ${storefrontDigests} d where d.storefront_id = ${storefronts.id} and d.day = ${day}
          and (d.sent_at is not null or d.claimed_at >= ${staleBefore}))`,
      ),
    )
    .orderBy(asc(storefronts.id));
  let sent = 0;
  for (const { storefronts: store } of stores) {
    deps.beat?.();
    const claimed = await db
      .insert(storefrontDigests)
      .values({ storefrontId: store.id, day, claimedAt: now })
      .onConflictDoUpdate({
        target: [storefrontDigests.storefrontId, storefrontDigests.day],
        set: { claimedAt: now },
        setWhere: and(isNull(storefrontDigests.sentAt), lt(storefrontDigests.claimedAt, staleBefore)),
      })
      .returning({ id: storefrontDigests.storefrontId });
    if (claimed.length === 0) continue;
    const bot = botOf(deps, store);
    if (!bot || store.telegramOwnerChatId === null) continue;
    const ok = await send(deps, bot, store.telegramOwnerChatId, digestText(store, await digestFigures(db, store, day)));
    if (!ok) continue; // Left claimed: taken over after the timeout, so a refusal is tried again that day.
    await db.update(storefrontDigests).set({ sentAt: new Date() }).where(and(eq(storefrontDigests.storefrontId, store.id), eq(storefrontDigests.day, day)));
    sent++;
  }
  await db.delete(telegramUpdates).where(lt(telegramUpdates.receivedAt, new Date(now.getTime() - UPDATES_KEPT_MS)));
  const [left] = await db
    .select({ n: count() })
    .from(storefrontDigests)
    .where(and(eq(storefrontDigests.day, day), isNull(storefrontDigests.sentAt)));
  return { day, due: true, sent, pending: left?.n ?? 0 };
}

/** The digests' pass every minute from REMINDER_HOUR until the day is done (lib/daily-scheduler.ts). */
export function startTelegramDigestScheduler(deps: DigestDeps, options: DailySchedulerOptions = {}): DailyScheduler {
  return startDailyScheduler(
    { name: 'telegram digests', log: deps.log, pass: (now, beat) => sendDueDigests({ ...deps, beat }, now) },
    { ...options, heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS },
  );
}
