import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { ActivationPackage, CreditTrType } from '@panel/contract';
import { afterCommit } from '../../db/after-commit.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { inSandbox } from '../../db/sandbox.js';

/** Where an activation was made: the activation rows' `activated_from`. */
export type ActivationSource = 'multi-app' | 'bulk-file' | 'activation-code' | 'storefront';
/** What one webhook attempt came to (webhooks/worker.ts): `retry` is a failed attempt that will be tried again. */
export type WebhookOutcome = 'succeeded' | 'retry' | 'failed' | 'gone';
export type SignInStep = 'password' | 'second_factor';

/**
 * The panel's Prometheus metrics: one registry per app (tests build many apps in one process;
 * prom-client's global registry refuses a second metric of the same name). Made once by
 * src/start.ts, held in the Deps, and served by GET /metrics (metrics.routes.ts) when
 * METRICS_TOKEN is set. The recording functions are the only way in, so names and labels stay
 * the ones the README lists.
 */
export type PanelMetrics = {
  registry: Registry;
  /** One answered request: `route` is the route's pattern (never the URL), `statusCode` its status. */
  request(method: string, route: string, statusCode: number, seconds: number): void;
  /** One app of a device activated (a multi-app request of three apps counts three). */
  activation(application: string, pkg: ActivationPackage, source: ActivationSource): void;
  /** One ledger row: `points` moved by a move of `kind` (the ledger's tr_type). */
  creditMoved(kind: CreditTrType, points: number): void;
  signInFailure(step: SignInStep): void;
  webhookAttempt(outcome: WebhookOutcome): void;
  reminderSent(): void;
  /** The end of the last backup that was written whole (set by the backup job). */
  setBackupLastSuccess(at: Date): void;
  /** The end of the last restore drill that passed (set by the backup job). */
  setBackupLastVerified(at: Date): void;
};

/** Seconds; from a cached read (a few ms) to a large export or a slow bulk file. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/**
 * `database` gives the pool figures and the webhook backlog, read when scraped; `process` adds
 * prom-client's process, heap, GC and event-loop figures (only when the metrics are served: the
 * event-loop monitor costs a little even when nobody reads it).
 */
export function createPanelMetrics(options: { database?: Pick<Database, 'db' | 'poolStats'>; process?: boolean } = {}): PanelMetrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.process) collectDefaultMetrics({ register: registry });

  // The histogram's `_count` is the request count: a separate counter would be the same number twice.
  const requests = new Histogram({
    name: 'panel_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status class; _count is the number of requests',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const limited = new Counter({
    name: 'panel_http_rate_limited_total',
    help: 'Requests answered 429 (a rate or attempt limit), by route pattern',
    labelNames: ['route'] as const,
    registers,
  });
  const activations = new Counter({
    name: 'panel_activations_total',
    help: 'Apps activated on devices (live data, committed), by application, package and where the activation was made',
    labelNames: ['application', 'package', 'source'] as const,
    registers,
  });
  const creditPoints = new Counter({
    name: 'panel_credit_moved_points_total',
    help: 'Credit points moved (live ledger, committed), by kind (the ledger tr_type)',
    labelNames: ['kind'] as const,
    registers,
  });
  const creditMoves = new Counter({
    name: 'panel_credit_moves_total',
    help: 'Credit moves: ledger rows written (live, committed), by kind (the ledger tr_type)',
    labelNames: ['kind'] as const,
    registers,
  });
  const signInFailures = new Counter({
    name: 'panel_sign_in_failures_total',
    help: 'Failed sign-ins: a wrong e-mail or password, or a wrong or expired second-factor step',
    labelNames: ['step'] as const,
    registers,
  });
  const webhookAttempts = new Counter({
    name: 'panel_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome: succeeded, retry (failed, tried again later), failed (no retry left), gone (410: endpoint turned off)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const reminders = new Counter({
    name: 'panel_expiry_reminders_sent_total',
    help: 'Expiry reminder mails sent',
    registers,
  });
  const backupSuccess = new Gauge({
    name: 'panel_backup_last_success_timestamp_seconds',
    help: 'When the last complete backup was written (Unix time); 0 until one is',
    registers,
  });
  const backupVerified = new Gauge({
    name: 'panel_backup_last_verified_timestamp_seconds',
    help: 'When the last backup whose restore drill passed was verified (Unix time); 0 until one is',
    registers,
  });

  const database = options.database;
  if (database) {
    const stats = () => database.poolStats();
    new Gauge({
      name: 'panel_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle) and pool (live, sandbox); absent on PGlite, which has no pool',
      labelNames: ['pool', 'state'] as const,
      registers,
      collect() {
        this.reset();
        for (const s of stats()) {
          this.set({ pool: s.pool, state: 'in_use' }, s.total - s.idle);
          this.set({ pool: s.pool, state: 'idle' }, s.idle);
        }
      },
    });
    new Gauge({
      name: 'panel_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection, by pool',
      labelNames: ['pool'] as const,
      registers,
      collect() {
        this.reset();
        for (const s of stats()) this.set({ pool: s.pool }, s.waiting);
      },
    });
    new Gauge({
      name: 'panel_db_pool_max',
      help: 'The size of each PostgreSQL pool (DATABASE_POOL_SIZE for live)',
      labelNames: ['pool'] as const,
      registers,
      collect() {
        this.reset();
        for (const s of stats()) this.set({ pool: s.pool }, s.max);
      },
    });
    new Gauge({
      name: 'panel_webhook_oldest_due_seconds',
      help: 'How long the oldest webhook delivery that is due (pending, its time passed, endpoint on) has waited; 0 when none, NaN when the database did not answer',
      registers,
      async collect() {
        try {
          // The claim's own condition, on the partial index of pending deliveries: one row read.
          const result = await database.db.execute(sql`
            select extract(epoch from now() - d.next_attempt_at)::float8 as age
            from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
            where d.status = 'pending' and d.next_attempt_at <= now() and e.enabled
            order by d.next_attempt_at limit 1`);
          const [row] = (result as { rows: { age: number | string }[] }).rows;
          this.set(row ? Math.max(0, Number(row.age)) : 0);
        } catch {
          // The database does not answer: the figure is unknown (NaN: no alert on it fires, and 0
          // would claim an empty backlog); the rest is served.
          this.set(Number.NaN);
        }
      },
    });
  }

  return {
    registry,
    request(method, route, statusCode, seconds) {
      const labels = { method: METHODS.has(method) ? method : 'OTHER', route, status_class: statusClass(statusCode) };
      requests.observe(labels, seconds);
      if (statusCode === 429) limited.inc({ route });
    },
    activation(application, pkg, source) {
      activations.inc({ application, package: pkg, source });
    },
    creditMoved(kind, points) {
      creditMoves.inc({ kind });
      creditPoints.inc({ kind }, points);
    },
    signInFailure(step) {
      signInFailures.inc({ step });
    },
    webhookAttempt(outcome) {
      webhookAttempts.inc({ outcome });
    },
    reminderSent() {
      reminders.inc();
    },
    setBackupLastSuccess(at) {
      backupSuccess.set(at.getTime() / 1000);
    },
    setBackupLastVerified(at) {
      backupVerified.set(at.getTime() / 1000);
    },
  };
}

/**
 * Records a business event once `tx` has committed (a rolled-back activation counts nothing), and
 * only on the live side: the sandbox's activations and credit are tests, not the business.
 */
export function recordAfterCommit(ctx: { db: DbOrTx; sandboxDb?: DbOrTx; metrics: PanelMetrics }, tx: DbOrTx, record: (metrics: PanelMetrics) => void) {
  if (inSandbox(ctx)) return;
  afterCommit(tx, () => record(ctx.metrics));
}
