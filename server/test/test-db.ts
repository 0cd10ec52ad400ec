import crypto from 'node:crypto';
import pg from 'pg';
import type { PostgresConnection } from '../src/db/client.js';

/** Which database the suite runs on: PGlite unless `TEST_DB=postgres` (set by the test command when `TEST_DATABASE_URL` is). */
export const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * The pooled pass (scripts/test.sh): `TEST_POOLER_URL` is PgBouncer in transaction mode in front of
 * TEST_DATABASE_URL's server. The apps then reach their databases through it, as with
 * DATABASE_POOLER=transaction, and TEST_DATABASE_URL's server directly for what needs a session
 * (DATABASE_DIRECT_URL); the test databases are made and dropped directly too.
 */
export const throughPooler = onPostgres && Boolean(process.env.TEST_POOLER_URL);

export const ADMIN_EMAIL = 'admin@panel.test';
export const ADMIN_PASSWORD = 'Admin@12345';
export const ADMIN_LOGIN_PREFIX = 'test-admin';

/** Named after the run so that two runs on one server never share a template. */
export function templateName(runId = process.env.VITEST_RUN_ID): string {
  return `panel_template_${runId ?? 'x'}`;
}

export function databaseUrl(name: string, server = process.env.TEST_DATABASE_URL!): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

export type TestPostgresDatabase = {
  /** What the app's DATABASE_URL is: through the pooler in the pooled pass, else `directUrl`. */
  url: string;
  directUrl: string;
  /** The configuration of an app on it: DATABASE_URL, and in the pooled pass DATABASE_POOLER and DATABASE_DIRECT_URL. */
  env: Record<string, string>;
  /** openPostgres's third argument for it. */
  connection: PostgresConnection;
  drop: () => Promise<void>;
};

/** A throwaway PostgreSQL database copied from the migrated and seeded template: about 100 ms. */
export async function createPostgresDatabase(runId: string): Promise<TestPostgresDatabase> {
  const name = `panel_test_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateName(runId)}`);
  await admin.end();
  const directUrl = databaseUrl(name);
  const url = throughPooler ? databaseUrl(name, process.env.TEST_POOLER_URL) : directUrl;
  return {
    url,
    directUrl,
    env: throughPooler ? { DATABASE_URL: url, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: directUrl } : { DATABASE_URL: url },
    connection: throughPooler ? { pooler: 'transaction', directUrl } : {},
    async drop() {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
