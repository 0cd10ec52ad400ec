import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ApiKeyScope, Locale, Permission, TwoFactorRequirer } from '@panel/contract';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { PanelMetrics } from '../modules/metrics/panel-metrics.js';
import type { Folder } from '../modules/derived/folder.js';
import type { Readiness } from '../modules/health/readiness.js';
import { AppError } from './app-error.js';

/** What the process holds for its whole life. */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  /** The sandbox's database, when SANDBOX_ENABLED (db/sandbox.ts). */
  sandboxDb?: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  adminLoginPrefix: string;
  /** The process's metrics (served by GET /metrics when METRICS_TOKEN is set; recorded either way). */
  metrics: PanelMetrics;
  /** This node's lifecycle and its workers' heartbeats, for GET /api/readyz. */
  readiness: Readiness;
};

/** The signed-in caller, read from the session (or API key) on each request. */
export type Auth = {
  userId: number;
  sessionId: number;
  name: string;
  email: string;
  roleId: number;
  isAdmin: boolean;
  /** The panel's owner (the first admin): it alone suspends and reinstates admins. Read with the session; absent for API keys. */
  owner?: boolean;
  permissions: ReadonlySet<string>;
  hasPasscode: boolean;
  /** Whether the account receives the daily expiry reminder (the profile switch); read with every session and API key. */
  expiryReminders: boolean;
  /** The balance when the request arrived (read with the session: for answers, never for a credit rule). */
  creditPoint: number;
  passcodeValidatedAt: Date | null;
  /** The account has a second factor on (a confirmed TOTP). */
  hasSecondFactor: boolean;
  /** When this session last confirmed a second factor (sign-in or step-up); null for API keys. */
  twoFactorAt: Date | null;
  /** Who requires the account to have a second factor (admin's or parent's switch); null: nobody. */
  twoFactorRequiredBy: TwoFactorRequirer | null;
  /** Signed in with a reseller API key rather than a session (then `sessionId` is 0). */
  viaApiKey?: boolean;
  /**
   * A scoped API key (issue 25): its id (its daily spend is counted against it) and its scopes.
   * Both are absent for sessions and for the legacy single key of the account, which has every scope.
   */
  apiKeyId?: number;
  scopes?: ReadonlySet<ApiKeyScope>;
};

/** What a service function receives: dependencies plus the facts of this request. */
export type Ctx = Deps & { locale: Locale; ip: string; log: FastifyBaseLogger; auth: Auth | undefined };

/** A request under /api/sandbox works on the sandbox's data; everything else on the live data. */
export function ctxOf(request: FastifyRequest): Ctx {
  const { config, database, db, sandboxDb, mailer, limiter, adminLoginPrefix, metrics, readiness } = request.server.deps;
  return {
    config,
    database,
    db: request.sandbox ? sandboxDb! : db,
    sandboxDb,
    mailer,
    limiter,
    adminLoginPrefix,
    metrics,
    readiness,
    locale: request.locale,
    ip: request.ip,
    log: request.log,
    auth: request.auth,
  };
}

/** The caller of an authenticated route; routes without auth never reach services that call this. */
export function callerOf(ctx: Ctx): Auth {
  if (!ctx.auth) throw new AppError('C10002');
  return ctx.auth;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** The fold of what moves, sales and events leave to derive (modules/derived). */
    derived: Folder;
  }
  interface FastifyRequest {
    locale: Locale;
    auth: Auth | undefined;
    /** Arrived under /api/sandbox. */
    sandbox: boolean;
  }
  interface FastifyContextConfig {
    /** Reachable without a session. Every other route needs one. */
    public?: boolean;
    /**
     * The route checks the bearer token itself (GET /metrics): the auth hook does not look it up
     * as a session or an API key, so the route answers without the database.
     */
    ownToken?: boolean;
    /** The caller needs one of these permissions. */
    permission?: Permission | readonly Permission[];
  }
}
