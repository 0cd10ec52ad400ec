import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { MIGRATIONS_FOLDER, ProbeTimeout, type Database } from '../../db/client.js';
import type { Lifecycle, Readiness } from './readiness.js';

/** The database must answer the probe within this; past it the node is not ready (a balancer's probe times out at about 3 s). */
export const READINESS_DB_TIMEOUT_MS = 2000;

export type ReadinessChecks = {
  lifecycle: Lifecycle;
  database: 'ok' | 'timeout' | 'unreachable';
  /** `behind`: the code ships migrations the database has not applied. A database ahead (a newer node migrated it) is fine. */
  migrations: 'ok' | 'behind' | 'unknown';
  workers: Record<string, 'ok' | 'stale'>;
};

export type ReadinessReport = { ready: boolean; failed: (keyof ReadinessChecks)[]; checks: ReadinessChecks };

/** The newest migration the code ships: the last `when` of drizzle's journal beside the migrations. */
export function shippedMigrationAt(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

let shipped: number | undefined;

/**
 * Whether this node should get traffic: it has started and is not draining, its database answers
 * one statement within READINESS_DB_TIMEOUT_MS and is migrated at least as far as the code, and
 * each of its background workers beat within the last minute. Cheap by design (one statement),
 * since a balancer asks every few seconds.
 */
export async function checkReadiness(deps: { database: Database; readiness: Readiness; log: FastifyBaseLogger }): Promise<ReadinessReport> {
  shipped ??= shippedMigrationAt();
  const checks: ReadinessChecks = { lifecycle: deps.readiness.lifecycle, database: 'ok', migrations: 'unknown', workers: deps.readiness.workers() };
  try {
    const applied = await deps.database.newestMigrationAt(READINESS_DB_TIMEOUT_MS);
    checks.migrations = applied !== null && applied >= shipped ? 'ok' : 'behind';
  } catch (error) {
    checks.database = error instanceof ProbeTimeout ? 'timeout' : 'unreachable';
    deps.log.warn({ err: error }, 'readiness: database check failed');
  }
  const failed: (keyof ReadinessChecks)[] = [];
  if (checks.lifecycle !== 'ready') failed.push('lifecycle');
  if (checks.database !== 'ok') failed.push('database');
  if (checks.migrations === 'behind') failed.push('migrations');
  if (Object.values(checks.workers).includes('stale')) failed.push('workers');
  return { ready: failed.length === 0, failed, checks };
}
