import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config.js';
import { openPglite, openPostgres, type Database } from './db/client.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { seed, type SeedResult } from './db/seed.js';
import { createMailer } from './mail/mailer.js';
import { databaseRateLimiter, redisRateLimiter } from './lib/rate-limiter.js';
import { buildApp } from './app.js';
import { loggerOptions } from './lib/log-options.js';
import { traceIdMixin } from './lib/trace-ids.js';
import { startReminderScheduler } from './modules/reminders/reminders.service.js';
import { startWebhookWorker } from './modules/webhooks/worker.js';
import { startOrderSweep } from './modules/storefront/order-sweep.js';
import { startCustomerReminderScheduler } from './modules/customer-reminders/customer-reminders.scheduler.js';
import { startTelegramDigestScheduler } from './modules/telegram/telegram-digest.js';
import { updatesSettled } from './modules/telegram/telegram-updates.js';
import { createPanelMetrics } from './modules/metrics/panel-metrics.js';
import { createReadiness } from './modules/health/readiness.js';
import { mailAdminsOnBackupFailure } from './modules/backups/failure-mail.js';
import { startBackupScheduler } from './modules/backups/backups.scheduler.js';
import { reportBackupsTo } from './modules/backups/backup-metrics.js';

/**
 * Opens the database, migrates, seeds and builds the app: what `main.ts` runs, and what the
 * end-to-end and benchmark harnesses run too.
 */
export async function startPanel(config: Config, options: { logger?: boolean } = {}) {
  // Every line of the process on one stream, in the order written: the requests', the background
  // work's and, after them, the start banner (serve.ts).
  const output = pino.destination({ dest: 1, sync: false });
  // Background work (mail, workers) logs with the same redaction and trace ids as the requests.
  const log: FastifyBaseLogger =
    options.logger === false ? pino({ level: 'silent' }) : pino(loggerOptions(config.logLevel, config.tracing ? await traceIdMixin() : undefined), output);
  let unlock: (() => void) | undefined;
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl, config.databasePoolSize, { pooler: config.databasePooler, directUrl: config.databaseDirectUrl });
  } else {
    unlock = lockDataDir(config.dataDir);
    database = await openPglite(path.join(config.dataDir, 'pglite'));
  }
  let seeded: SeedResult;
  try {
    seeded = await database.withStartupLock(async () => {
      await database.migrate();
      return seed(database.db, {
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
        adminLoginPrefix: config.adminLoginPrefix,
      });
    });
  } catch (error) {
    await database.close();
    unlock?.();
    throw error;
  }
  const limiter = config.redisUrl ? redisRateLimiter(config.redisUrl) : databaseRateLimiter(database.db);
  // One registry for this app: its HTTP hook, its services and both background workers record into it.
  const metrics = createPanelMetrics({ database, process: config.metricsToken !== undefined });
  // Not ready until the app listens (main.ts, or whoever calls listen), and again from SIGTERM on.
  const readiness = createReadiness();
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox: path.join(config.dataDir, 'outbox'), log });
  const app = await buildApp(
    {
      config,
      database,
      db: database.db,
      sandboxDb: config.sandboxEnabled ? await database.openSandbox() : undefined,
      mailer,
      limiter,
      adminLoginPrefix: seeded.adminLoginPrefix,
      metrics,
      readiness,
    },
    // The folder (modules/derived) also looks every second for what another node, or a stopped one, left to derive.
    { ...options, logStream: output, foldPollMs: 1000 },
  );
  // The daily expiry reminders, on the live data only; stopped (a pass in flight finished) before the database closes.
  // Each beats readiness's heartbeat from its loop: a stuck worker takes the node out of the balancer.
  const reminders = startReminderScheduler({ db: database.db, mailer, config, log, metrics }, { heartbeat: readiness.worker('reminders') });
  // The webhook deliveries (live data only); stopped after the deliveries in flight are recorded.
  const webhooks = startWebhookWorker({ db: database.db, database, mailer, config, log, metrics }, { heartbeat: readiness.worker('webhooks') });
  // Store orders waiting for credit whose account's balance now covers them (live data only).
  const orderSweep = startOrderSweep({ ...app.deps, db: database.db, locale: 'en', ip: '127.0.0.1', log, auth: undefined });
  // The stores' customer reminders and their owners' Telegram digest, from REMINDER_HOUR, once a day across nodes.
  const customerReminders = startCustomerReminderScheduler(
    { db: database.db, mailer, config, log },
    { intervalMs: config.customerReminderCheckMs, heartbeat: readiness.worker('customer-reminders') },
  );
  const digests = startTelegramDigestScheduler({ db: database.db, config, log }, { heartbeat: readiness.worker('telegram-digest') });
  app.addHook('onListen', () => readiness.markReady());
  // Backups on BACKUP_SCHEDULE (one node per scheduled time); stopped after a backup in flight is done.
  const backups = startBackupScheduler({ config, database, db: database.db, log });
  // The time of the last backup and of the last verified one, on GET /metrics.
  const stopBackupMetrics = reportBackupsTo(metrics, config);
  // A backup of this process that made no file, or whose restore drill failed, is mailed to the admins.
  const stopBackupMail = mailAdminsOnBackupFailure({ db: database.db, mailer, config, log });
  app.addHook('onClose', async () => {
    // Telegram updates already acknowledged finish their work (Telegram will not send them again).
    await Promise.all([reminders.stop(), webhooks.stop(), backups.stop(), orderSweep.stop(), customerReminders.stop(), digests.stop(), updatesSettled()]);
    // After the scheduler has let its backup in flight finish, whose outcome is then still heard.
    stopBackupMetrics();
    stopBackupMail();
    await limiter.close();
    await database.close();
    unlock?.();
  });
  return { app, seeded, mailer, database, metrics, readiness, backups, output };
}
