import crypto from 'node:crypto';
import pg from 'pg';

/** Which database the suite runs on: PGlite unless `TEST_DB=postgres` (set by the test command when `TEST_DATABASE_URL` is). */
export const onPostgres = process.env.TEST_DB === 'postgres';

export const ADMIN_EMAIL = 'admin@panel.test';
export const ADMIN_PASSWORD = 'Admin@12345';
export const ADMIN_LOGIN_PREFIX = 'test-admin';

/** Named after the run so that two runs on one server never share a template. */
export function templateName(runId = process.env.VITEST_RUN_ID): string {
  return `panel_template_${runId ?? 'x'}`;
}

export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A throwaway PostgreSQL database copied from the migrated and seeded template: about 100 ms. */
export async function createPostgresDatabase(runId: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `panel_test_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateName(runId)}`);
  await admin.end();
  return {
    url: databaseUrl(name),
    async drop() {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
