import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { inject } from 'vitest';
import type { DestinationStream } from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { createMailer } from '../src/mail/mailer.js';
import { databaseRateLimiter, redisRateLimiter } from '../src/lib/rate-limiter.js';
import { afterAnswerSettled } from '../src/lib/after-answer.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
import { startWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from '../src/modules/webhooks/worker.js';
import { createPanelMetrics } from '../src/modules/metrics/panel-metrics.js';
import { createReadiness, type Readiness } from '../src/modules/health/readiness.js';
import { ADMIN_EMAIL, ADMIN_LOGIN_PREFIX, ADMIN_PASSWORD, createPostgresDatabase, onPostgres, type TestPostgresDatabase } from './test-db.js';

export { ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_LOGIN_PREFIX, onPostgres };

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  /** Sends a request; `token` becomes the bearer header, `lang` the Accept-Language. */
  call(options: InjectOptions & { token?: string; lang?: string }): Promise<LightMyRequestResponse>;
  /** Signs in (admin sign-in page for the admin) and answers the token. */
  login(email: string, password: string, options?: { admin?: boolean; remember?: boolean }): Promise<string>;
  loginAdmin(): Promise<string>;
  /**
   * Another API node on the same database, as a second server process would be: on PostgreSQL
   * with its own connection pool (and so its own per-database statements and caches); PGlite has
   * a single connection, which the two then share.
   */
  anotherNode(): Promise<{ app: FastifyInstance; webhooks: WebhookWorker | undefined; close(): Promise<void> }>;
  /** The node's webhook delivery worker, when `webhooks` asked for one (start.ts starts it in production). */
  webhooks: WebhookWorker | undefined;
  /** The mails written to the outbox so far, oldest first, as raw text. */
  mails(): { to: string; raw: string; link: string | undefined }[];
  close(): Promise<void>;
};

/** A node that has started: tests go through inject(), so nothing listens to mark it ready. */
function readyNode(): Readiness {
  const readiness = createReadiness();
  readiness.markReady();
  return readiness;
}

/**
 * A whole app on its own fresh database (a copy of the migrated, seeded snapshot), real mail
 * files in a temporary outbox, and the same rate limiter as production.
 */
export async function createTestApp(
  options: {
    webDist?: string;
    env?: Record<string, string>;
    /** Receives the app's log lines (at LOG_LEVEL, `silent` unless env says). */
    logStream?: DestinationStream;
    /** Starts a webhook delivery worker in each node (with these options), stopped when the node closes. */
    webhooks?: WebhookWorkerOptions | true;
    /** Where the brute-force counters live: the database (default), or Redis at 127.0.0.1:6379 as with `REDIS_URL`. */
    limiter?: 'database' | 'redis';
    /** Told of every route as the app registers it. */
    onRoute?: (route: RouteOptions) => void;
    /** This node's lifecycle and heartbeats (GET /api/readyz); default: ready, with no worker. */
    readiness?: Readiness;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-test-'));
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  let created: TestPostgresDatabase | undefined;
  if (onPostgres) {
    created = await createPostgresDatabase(inject('runId'));
    database = await openPostgres(created.url, 20, created.connection);
    dropDatabase = created.drop;
  } else {
    database = await openPglite(undefined, { loadDataDir: new Blob([fs.readFileSync(inject('snapshot'))]) });
  }
  // On PostgreSQL the config names the test's database, as DATABASE_URL does in production (backups
  // dump it), and in the pooled pass the pooler's mode and the direct URL.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://panel.test',
    WEB_DIST: options.webDist ?? path.join(dataDir, 'no-web'),
    ...created?.env,
    ...options.env,
  });
  const log = (await import('pino')).pino({ level: 'silent' });
  const outbox = path.join(dataDir, 'outbox');
  const node = async (on: Database) => {
    const limiter = options.limiter === 'redis' ? redisRateLimiter(REDIS_URL, `panel-test:${path.basename(dataDir)}:`) : databaseRateLimiter(on.db);
    const built = await buildApp(
      {
        config,
        database: on,
        db: on.db,
        sandboxDb: config.sandboxEnabled ? await on.openSandbox() : undefined,
        mailer: createMailer({ from: 'panel@test', outbox, log }),
        limiter,
        adminLoginPrefix: ADMIN_LOGIN_PREFIX,
        // Each node its own registry, as each server process has.
        metrics: createPanelMetrics({ database: on, process: config.metricsToken !== undefined }),
        readiness: options.readiness ?? readyNode(),
      },
      { ...(options.logStream ? { logStream: options.logStream } : { logger: false }), onRoute: options.onRoute, checkAnswers: true },
    );
    built.addHook('onClose', () => limiter.close());
    let webhooks: WebhookWorker | undefined;
    if (options.webhooks) {
      const workerOptions = options.webhooks === true ? {} : options.webhooks;
      const worker = startWebhookWorker(
        { db: on.db, database: on, mailer: built.deps.mailer, config, log, metrics: built.deps.metrics },
        { heartbeat: built.deps.readiness.worker('webhooks'), ...workerOptions },
      );
      built.addHook('onClose', () => worker.stop());
      webhooks = worker;
    }
    await built.ready();
    return Object.assign(built, { webhooks });
  };
  const app = await node(database);

  // Each request comes from its own address unless a test names one: per-IP limits (sign-ups,
  // failed sign-ins, mails) then only bite where a test means them to.
  let clientCounter = 0;
  const call: TestApp['call'] = async ({ token, lang, headers, ...options }) => {
    const res = await app.inject({
      remoteAddress: `10.200.${Math.floor(++clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`,
      ...options,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(lang ? { 'accept-language': lang } : {}),
        ...headers,
      },
    });
    // What the call started after its answer (a reset mail) is done before the test reads on.
    await afterAnswerSettled();
    return res;
  };

  const login: TestApp['login'] = async (email, password, options = {}) => {
    const res = await call({
      method: 'POST',
      url: options.admin ? `/api/${ADMIN_LOGIN_PREFIX}/admin-login` : '/api/login',
      payload: { email, password, remember: options.remember },
    });
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
    return res.json<{ token: string }>().token;
  };

  return {
    app,
    webhooks: app.webhooks,
    database,
    dataDir,
    call,
    login,
    loginAdmin: () => login(ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true }),
    async anotherNode() {
      const own = created ? await openPostgres(created.url, 2, created.connection) : undefined;
      const other = await node(own ?? database);
      return {
        app: other,
        webhooks: other.webhooks,
        async close() {
          await other.close();
          await own?.close();
        },
      };
    },
    mails() {
      if (!fs.existsSync(outbox)) return [];
      return fs
        .readdirSync(outbox)
        .sort()
        .map((file) => {
          const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
          const to = /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          // Quoted-printable soft line breaks would cut links; undo them before looking.
          const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          const link = /https?:\/\/panel\.test\/[^\s"<]+/.exec(text)?.[0];
          return { to, raw, link };
        });
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
