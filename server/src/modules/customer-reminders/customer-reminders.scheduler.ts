import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@panel/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../mail/mailer.js';
import { accountLocale, customerReminderMail } from '../../mail/templates.js';
import { HEARTBEAT_MS } from '../health/readiness.js';
import { serverDay, startDailyScheduler, type DailyPass, type DailyScheduler, type DailySchedulerOptions } from '../../lib/daily-scheduler.js';
import { sendToCustomerChat } from '../telegram/telegram.service.js';
import * as repo from './customer-reminders.repository.js';
import { renewalLink, unsubscribeUrl } from './renewal-link.js';

/** What the customer reminder pass needs: the live database (never the sandbox's), the mailer, the settings. */
export type CustomerReminderDeps = {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  /** The scheduler's heartbeat (readiness): a long pass beats at each page. */
  beat?: () => void;
  /** Links per slice (default PAGE_SIZE; tests make it small). */
  pageSize?: number;
};

/** A claim not marked sent after this long belongs to a node that stopped (or every channel failed): another pass may take it over. */
export const CLAIM_TIMEOUT_MS = 15 * 60_000;
/** Customer-device links looked at per query (their due ones claimed in one statement): memory and each query's work stay bounded. */
export const PAGE_SIZE = 1000;
/** Reminders of a page sent at once (SMTP round trips overlap, the mail server is not flooded). */
const SENDING_AT_ONCE = 8;


/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}

/** One reminder on each of the customer's channels; never throws (a channel that fails says so). */
async function deliver(deps: CustomerReminderDeps, reminder: repo.DueReminder, id: number, now: Date): Promise<repo.Outcome> {
  const locale: Locale = accountLocale(reminder.language);
  const link =
    reminder.productId === null
      ? `${deps.config.publicUrl}/store/${encodeURIComponent(reminder.slug)}`
      : renewalLink(deps.config, { slug: reminder.slug, customerId: reminder.customerId, deviceId: reminder.deviceId, productId: reminder.productId }, now);
  const message = customerReminderMail(
    locale,
    { name: reminder.customerName ?? reminder.email ?? '', email: reminder.email ?? '' },
    {
      store: reminder.title,
      contact: reminder.supportEmail ?? reminder.supportWhatsapp ?? reminder.supportTelegram,
      mac: reminder.macAddress,
      app: reminder.appName,
      expiresAt: reminder.expiresAt,
      expired: reminder.expiresAt.getTime() <= now.getTime(),
      link,
      unsubscribe: unsubscribeUrl(deps.config, reminder.customerId),
    },
  );
  let email: repo.Outcome['email'] = null;
  if (reminder.email) {
    try {
      const { chat: _chat, ...mail } = message;
      await deps.mailer.send(mail);
      email = 'sent';
    } catch (error) {
      deps.log.warn({ err: error, reminderId: id }, 'customer reminder mail not sent');
      email = 'failed';
    }
  }
  let telegram: repo.Outcome['telegram'] = null;
  if (reminder.telegramChatId !== null && reminder.hasBot) {
    telegram = (await sendToCustomerChat(deps, reminder.storefrontId, reminder.telegramChatId, message.chat)) ? 'sent' : 'failed';
  }
  return { id, email, telegram, sent: email === 'sent' || telegram === 'sent' };
}

const midnight = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate());

/**
 * Sends the customer reminders due at `now`, when `now` is at or past REMINDER_HOUR (server time,
 * as the reseller reminders): for each device its nearest due milestone (repository's
 * `dueReminders` holds the rule), by e-mail with List-Unsubscribe headers and by Telegram when the
 * customer linked its chat, each with a renewal link.
 *
 * Safe from any number of nodes at once: a page's milestones are claimed in one insert … on
 * conflict, and a node sends only those its insert returned. A claim unsent after CLAIM_TIMEOUT_MS
 * (its node stopped, or every channel failed) is taken over by a later pass; a node dying between
 * the mail leaving and the row being marked sent makes a second mail, the price of never losing one.
 * Slices of PAGE_SIZE links by keyset keep memory and each query's work flat, whatever the number of devices due.
 */
export async function sendDueCustomerReminders(deps: CustomerReminderDeps, now: Date): Promise<DailyPass> {
  const day = serverDay(now);
  if (now.getHours() < deps.config.reminderHour) return { day, due: false, sent: 0, pending: 0 };
  const staleBefore = new Date(now.getTime() - CLAIM_TIMEOUT_MS);
  let sent = 0;
  let after = 0;
  for (;;) {
    const { due: page, next } = await repo.dueReminders(deps.db, now, staleBefore, after, deps.pageSize ?? PAGE_SIZE);
    if (next === null) break;
    after = next;
    deps.beat?.();
    const claimed = await repo.claim(deps.db, page, now, staleBefore);
    const keyOf = (r: { customerId: number; deviceId: number; phase: string; days: number }) => `${r.customerId}:${r.deviceId}:${r.phase}:${r.days}`;
    const ids = new Map(claimed.map((c) => [keyOf(c), c.id]));
    const mine = page.flatMap((r) => {
      const id = ids.get(keyOf(r));
      return id === undefined ? [] : [{ reminder: r, id }];
    });
    const outcomes = await inParallel(mine, SENDING_AT_ONCE, ({ reminder, id }) => deliver(deps, reminder, id, now));
    await repo.record(deps.db, outcomes, now);
    sent += outcomes.filter((o) => o.sent).length;
  }
  return { day, due: true, sent, pending: await repo.pendingSince(deps.db, midnight(now), now) };
}

/**
 * The customer reminders' pass every CUSTOMER_REMINDER_CHECK_SECONDS from REMINDER_HOUR to midnight
 * (lib/daily-scheduler.ts): all day, because devices are linked and renewed during the day, and a
 * pass that finds nothing due costs a read of the stores' linked devices.
 */
export function startCustomerReminderScheduler(deps: CustomerReminderDeps, options: DailySchedulerOptions = {}): DailyScheduler {
  return startDailyScheduler(
    { name: 'customer reminders', log: deps.log, pass: (now, beat) => sendDueCustomerReminders({ ...deps, beat }, now), allDay: true },
    { ...options, heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS },
  );
}
