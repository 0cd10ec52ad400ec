import path from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';
import { tracingRequested } from './lib/tracing-env.js';

/** Every environment variable of DESIGN.md §6, parsed and checked once. */
const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * What DATABASE_URL reaches: PostgreSQL itself or a pooler in session mode (`session`, the default),
   * or a pooler in transaction mode (`transaction`: PgBouncer's pool_mode=transaction, the "pooled"
   * URLs of managed PostgreSQL), where nothing may outlive a transaction on its connection.
   */
  DATABASE_POOLER: z.enum(['session', 'transaction']).default('session'),
  /**
   * A connection that keeps its session (PostgreSQL itself, or a pooler in session mode): what needs
   * one (migrations and the start-up lock, the webhook worker's LISTEN, backups' pg_dump) goes
   * there. Required with DATABASE_POOLER=transaction; default DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Reseller Panel <no-reply@localhost>'),
  ADMIN_LOGIN_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, 'ADMIN_LOGIN_PREFIX: 4 to 64 letters, digits, - or _')
    .optional(),
  SANDBOX_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe API answers: unset means Stripe itself; tests point it at a local stand-in. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** Where the Telegram Bot API answers the stores' bots (issue 44); tests point it at a local stand-in. */
  TELEGRAM_API_BASE: z.string().url().default('https://api.telegram.org'),
  /** Passkeys: the relying party's domain (a domain, never an IP address) and the page origin; default from PUBLIC_URL. */
  WEBAUTHN_RP_ID: z.string().regex(/^[a-z0-9.-]+$/i, 'WEBAUTHN_RP_ID: a domain such as panel.example.com or localhost').optional(),
  WEBAUTHN_ORIGIN: z.string().url().optional(),
  PLAYER_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /** The hour (0–23, server time) from which each day's expiry reminders are sent. */
  REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  /** How often, in seconds, the stores' customer reminders look for due milestones once REMINDER_HOUR has come. */
  CUSTOMER_REMINDER_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  REDIS_URL: z.string().optional(),
  /**
   * Whether to believe X-Forwarded-For: off by default, because a client could otherwise pick
   * its own address and slip past the per-IP limits. Behind a proxy set the number of hops
   * (`1`) or the proxy's addresses (`10.0.0.1,10.0.0.2`).
   */
  TRUST_PROXY: z.string().default('false'),
  /**
   * After SIGTERM the node answers 503 on /api/readyz but keeps serving for this many seconds, so a
   * balancer sees "not ready" and sends traffic elsewhere before connections close. SIGINT (Ctrl-C)
   * and a second SIGTERM close at once.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Webhooks to private, loopback or reserved addresses (a panel on a private network, tests); http:// allowed too. */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Host names (comma-separated) webhooks may reach whatever they resolve to, over http:// too. */
  WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
  /** Seconds between a failed webhook attempt and the next, comma-separated; after the last, the delivery has failed. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'WEBHOOK_RETRY_SCHEDULE: seconds, comma-separated, such as 5,300,1800')
    .default('5,300,1800,7200,18000,36000,36000'),
  /** Serves GET /metrics (Prometheus) to `Authorization: Bearer <METRICS_TOKEN>`; unset: no /metrics at all. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN: at least 16 characters (a random string, such as `openssl rand -hex 32`)').optional(),
  /** When backups are taken (cron expression, server time; `off`: never on schedule, still on demand). */
  BACKUP_SCHEDULE: z
    .string()
    .default('0 3 * * *')
    .refine((v) => v.trim().toLowerCase() === 'off' || isCron(v), 'BACKUP_SCHEDULE: a cron expression such as "0 3 * * *", or off'),
  /** Where backup files and their records go; default DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /** How many backups are kept: the oldest beyond this number are deleted after each backup. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** 32 bytes as 64 hex digits or base64: encrypts reseller API keys. Unset: generated once into DATA_DIR/server.key. */
  SERVER_KEY: z
    .string()
    .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, 'SERVER_KEY: 32 bytes as 64 hex digits or base64')
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections per API node. */
  databasePoolSize: number;
  /** `transaction`: DATABASE_URL is a pooler in transaction mode (db/client.ts: no named statements, sessions over the direct URL). */
  databasePooler: 'session' | 'transaction';
  /** Where the session features connect (DATABASE_DIRECT_URL); undefined: DATABASE_URL itself. */
  databaseDirectUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  /** Passkeys are bound to this domain and accepted only from this origin (see lib/webauthn config in the README). */
  webauthn: { rpId: string; origin: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  adminLoginPrefix: string | undefined;
  sandboxEnabled: boolean;
  payments: PaymentsConfig;
  /**
   * Where the Stripe API answers for the resellers' own stores (STRIPE_API_BASE), whatever
   * PAYMENT_PROVIDER says: unset means Stripe itself; tests point it at a local stand-in.
   */
  stripeApiBase: URL | undefined;
  /** The Telegram Bot API's root (TELEGRAM_API_BASE), without a trailing slash: the stores' bots call it through grammY. */
  telegramApiBase: string;
  playerRateLimit: number;
  /** Expiry reminders go out once a day from this hour (server time) on. */
  reminderHour: number;
  customerReminderCheckMs: number;
  redisUrl: string | undefined;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  logLevel: string;
  /** Seconds between SIGTERM (readyz turns 503) and closing the server. */
  shutdownGraceSeconds: number;
  /**
   * OpenTelemetry tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT set, see lib/tracing-env.ts): main.ts
   * loaded the SDK (tracing.ts) and log lines carry the trace id. The SDK reads its own OTEL_*
   * variables (protocol, headers, service name, sampler).
   */
  tracing: boolean;
  /** The built web app to serve; unset or missing means API only. */
  webDist: string | undefined;
  /** Webhooks (modules/webhooks): where they may go, and when a failed attempt is tried again. */
  webhooks: WebhooksConfig;
  /** GET /metrics answers this bearer token; undefined: the route does not exist. */
  metricsToken: string | undefined;
  /** Backups (modules/backups): the schedule (null: off), the folder and how many are kept. */
  backups: BackupsConfig;
  /** The server key from SERVER_KEY; unset means the one kept in DATA_DIR/server.key (see lib/server-key.ts). */
  serverKey: Buffer | undefined;
};

export type WebhooksConfig = {
  allowPrivate: boolean;
  /** Lower-case host names. */
  allowedHosts: string[];
  /** Seconds before each retry: the first attempt is at once, then one after each of these. */
  retrySchedule: number[];
};

export type BackupsConfig = {
  /** A cron expression (server time), or null when BACKUP_SCHEDULE=off. */
  schedule: string | null;
  dir: string;
  keep: number;
};

/** How orders are paid: the built-in checkout page, or Stripe Checkout. */
export type PaymentsConfig =
  | { provider: 'sandbox' }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiBase: URL | undefined };

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset, as shells and compose files commonly write it.
  const parsed = env.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  // Through a transaction-mode pooler a session lasts one transaction: the migrations' and start-up
  // locks, LISTEN and pg_dump need a connection of their own that keeps it.
  if (e.DATABASE_URL && e.DATABASE_POOLER === 'transaction' && !e.DATABASE_DIRECT_URL) {
    throw new Error('Invalid configuration:\n  DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL, a direct (session) connection to the same database');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePooler: e.DATABASE_POOLER,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webauthn: webauthnOf(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`, e.WEBAUTHN_RP_ID, e.WEBAUTHN_ORIGIN),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminLoginPrefix: e.ADMIN_LOGIN_PREFIX,
    sandboxEnabled: e.SANDBOX_ENABLED,
    payments:
      e.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            apiBase: e.STRIPE_API_BASE === undefined ? undefined : new URL(e.STRIPE_API_BASE),
          }
        : { provider: 'sandbox' },
    stripeApiBase: e.STRIPE_API_BASE === undefined ? undefined : new URL(e.STRIPE_API_BASE),
    telegramApiBase: e.TELEGRAM_API_BASE.replace(/\/$/, ''),
    playerRateLimit: e.PLAYER_RATE_LIMIT,
    reminderHour: e.REMINDER_HOUR,
    customerReminderCheckMs: e.CUSTOMER_REMINDER_CHECK_SECONDS * 1000,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    tracing: tracingRequested(source),
    webDist: e.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      allowedHosts: e.WEBHOOK_ALLOWED_HOSTS.split(',').map((h) => h.trim().toLowerCase().replace(/^\[|\]$/g, '')).filter(Boolean),
      retrySchedule: e.WEBHOOK_RETRY_SCHEDULE.split(',').map((v) => Number(v.trim())),
    },
    metricsToken: e.METRICS_TOKEN,
    backups: {
      schedule: e.BACKUP_SCHEDULE.trim().toLowerCase() === 'off' ? null : e.BACKUP_SCHEDULE.trim(),
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
      keep: e.BACKUP_KEEP,
    },
    serverKey: e.SERVER_KEY === undefined ? undefined : Buffer.from(e.SERVER_KEY, /^[0-9a-fA-F]{64}$/.test(e.SERVER_KEY) ? 'hex' : 'base64'),
  };
}

function isCron(expression: string): boolean {
  try {
    new Cron(expression, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

/**
 * The relying party of passkeys: by default the host and origin of PUBLIC_URL. Browsers refuse an
 * IP address as RP ID, so a panel reached by IP sets WEBAUTHN_RP_ID (and WEBAUTHN_ORIGIN) to a name.
 */
function webauthnOf(publicUrl: string, rpId: string | undefined, origin: string | undefined) {
  const url = new URL(publicUrl);
  return { rpId: (rpId ?? url.hostname).toLowerCase(), origin: (origin ?? url.origin).replace(/\/$/, '') };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}
