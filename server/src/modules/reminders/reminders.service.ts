import { and, asc, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { EXPIRY_REMINDER_DAYS, EXPIRY_REMINDER_MAX_ROWS, RENEWALS_DUE_PATH } from '@panel/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { applications, devices, expiryReminders, users } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { accountLocale, expiryReminderMail } from '../../mail/templates.js';
import { expiringBetween } from '../devices/devices.service.js';
import { emit } from '../webhooks/webhooks.service.js';
import type { PanelMetrics } from '../metrics/panel-metrics.js';
import { HEARTBEAT_MS } from '../health/readiness.js';
import { serverDay, startDailyScheduler, type DailyPass, type DailyScheduler, type DailySchedulerOptions } from '../../lib/daily-scheduler.js';

/** What the daily reminder needs: the live database (never the sandbox's), the mailer and two settings. */
export type ReminderDeps = {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'reminderHour'>;
  log: FastifyBaseLogger;
  /** Counts the mails sent; without it (some tests) nothing is counted. */
  metrics?: PanelMetrics;
  /** The scheduler's heartbeat (readiness): a long pass beats at each account, so progress counts as alive. */
  beat?: () => void;
};

/**
 * A claim not marked sent after this long belongs to a node that stopped (or whose mail failed):
 * another node may take it over. Longer than any one mail takes, short enough to send the same day.
 */
export const CLAIM_TIMEOUT_MS = 15 * 60_000;

/** How long the per-day rows are kept: they only serve to send once. */
const KEEP_DAYS = 30;


/**
 * Sends `now`'s day's expiry reminders, when `now` is at or past REMINDER_HOUR: one mail to each
 * live account that wants them and activated devices (not lifetime, not disabled) expiring within
 * the next EXPIRY_REMINDER_DAYS, listing them with a link to Renewals due; and one `device.expiring`
 * webhook event with the same devices to each such account an endpoint listens for (mail or not).
 *
 * Safe to call as often as wanted and from any number of API nodes at once: before sending, a node
 * claims the account's row of the day (insert … on conflict), and only the node whose claim
 * succeeded sends. A claim unsent after CLAIM_TIMEOUT_MS (its node stopped midway, or the mail
 * failed) is taken over by the next call, so a stopped node blocks nobody for long; the price is
 * that a node dying between the mail leaving and the row being marked sent makes a second mail.
 */
export async function sendDueReminders(deps: ReminderDeps, now: Date): Promise<DailyPass> {
  const day = serverDay(now);
  if (now.getHours() < deps.config.reminderHour) return { day, due: false, sent: 0, pending: 0 };
  const { db } = deps;
  const until = new Date(now.getTime() + EXPIRY_REMINDER_DAYS * 86_400_000);
  const staleBefore = new Date(now.getTime() - CLAIM_TIMEOUT_MS);
  const expiring = expiringBetween(now, until);

  // Accounts with something expiring and no mail of the day sent or being sent. One pass over the
  // window's devices a day per node (the scheduler stops calling once the day is done).
  const due = db
    .selectDistinct({ userId: devices.activatedBy })
    .from(devices)
    .where(and(isNotNull(devices.activatedBy), expiring))
    .as('due');
  // The mail goes to accounts that want it (switch on, address verified); the `device.expiring`
  // event to any live account an endpoint listens for (its own, or its parent's that includes
  // sub-resellers), whatever the mail switch says. Both share the day's claim.
  const wantsMail = and(eq(users.expiryReminders, true), isNotNull(users.emailVerifiedAt))!;
  const listened = sql`exists (select 1 from webhook_endpoints e where e.enabled and 'device.expiring' = any(e.events)
    and (e.user_id = ${users.id} or (e.include_sub_resellers and e.user_id = ${users.parentResellerId})))`;
  const candidates = await db
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale, wantsMail: sql<boolean>`${wantsMail}`.mapWith(Boolean) })
    .from(due)
    .innerJoin(users, eq(users.id, due.userId))
    .where(
      and(
        or(wantsMail, listened),
        isNull(users.deletedAt),
        eq(users.status, 1),
        eq(users.isDisableByAdmin, 0),
        sql`not exists (select 1 from ${expiryReminders} r where r.user_id = ${users.id} and r.day = ${day}
          and (r.sent_at is not null or r.claimed_at >= ${staleBefore}))`,
      ),
    )
    .orderBy(asc(users.id));

  let sent = 0;
  for (const account of candidates) {
    deps.beat?.();
    // The claim: a new row, or a stale unsent one taken over. Two nodes racing for one account both
    // reach this statement; PostgreSQL lets one insert (or update) and the other finds the row fresh.
    const claimed = await db
      .insert(expiryReminders)
      .values({ userId: account.id, day, claimedAt: now })
      .onConflictDoUpdate({
        target: [expiryReminders.userId, expiryReminders.day],
        set: { claimedAt: now },
        setWhere: and(isNull(expiryReminders.sentAt), lt(expiryReminders.claimedAt, staleBefore)),
      })
      .returning({ userId: expiryReminders.userId });
    if (claimed.length === 0) continue;

    const rows = await db
      .select({
        id: devices.id,
        applicationId: applications.id,
        macAddress: devices.macAddress,
        application: applications.appName,
        expireDate: devices.expireDate,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(devices)
      .innerJoin(applications, eq(applications.id, devices.applicationId))
      .where(and(eq(devices.activatedBy, account.id), expiring))
      .orderBy(asc(devices.expireDate), asc(devices.macAddress), asc(applications.appName))
      .limit(EXPIRY_REMINDER_MAX_ROWS);
    const total = rows[0]?.total ?? 0;
    try {
      // Renewed or disabled since the first look: nothing to say today.
      if (total > 0 && account.wantsMail) {
        const locale = accountLocale(account.locale);
        await deps.mailer.send(
          expiryReminderMail(locale, account, { devices: rows, total, days: EXPIRY_REMINDER_DAYS, link: `${deps.config.publicUrl}${RENEWALS_DUE_PATH}` }),
        );
        sent += 1;
        deps.metrics?.reminderSent();
      }
      // The event commits with the claim's "sent": once a day, even when a node dies after the mail.
      await db.transaction(async (tx) => {
        if (total > 0) {
          await emit(null, tx, account.id, 'device.expiring', {
            day,
            within_days: EXPIRY_REMINDER_DAYS,
            devices: rows.map((r) => ({ id: r.id, mac_address: r.macAddress, app: { id: r.applicationId, name: r.application }, expires_at: r.expireDate.toISOString() })),
            total,
          });
        }
        await tx
          .update(expiryReminders)
          .set({ sentAt: now, deviceCount: total })
          .where(and(eq(expiryReminders.userId, account.id), eq(expiryReminders.day, day)));
      });
    } catch (error) {
      // The claim stays unsent: the first call after CLAIM_TIMEOUT_MS tries again.
      deps.log.error({ err: error, userId: account.id, day }, 'expiry reminder not sent');
    }
  }

  await db.delete(expiryReminders).where(lt(expiryReminders.day, sql`${day}::date - ${KEEP_DAYS}::int`));
  const [left] = await db
    .select({ n: count() })
    .from(expiryReminders)
    .where(and(eq(expiryReminders.day, day), isNull(expiryReminders.sentAt)));
  return { day, due: true, sent, pending: left?.n ?? 0 };
}

/** The expiry reminders' pass every minute from REMINDER_HOUR until the day is done (lib/daily-scheduler.ts). */
export function startReminderScheduler(deps: ReminderDeps, options: DailySchedulerOptions = {}): DailyScheduler {
  return startDailyScheduler(
    { name: 'expiry reminders', log: deps.log, pass: (now, beat) => sendDueReminders({ ...deps, beat }, now) },
    { ...options, heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS },
  );
}
