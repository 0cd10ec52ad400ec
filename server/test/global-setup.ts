import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';
import { seed } from '../src/db/seed.js';
import { useCheapHashingForTests } from '../src/lib/secrets.js';
import { ADMIN_EMAIL, ADMIN_LOGIN_PREFIX, ADMIN_PASSWORD, databaseUrl, onPostgres, templateName } from './test-db.js';

const seedOptions = { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, adminLoginPrefix: ADMIN_LOGIN_PREFIX };

/**
 * Migrates and seeds once per run: a PGlite snapshot (new folders take 5 s, loading a snapshot
 * under 1 s) or a PostgreSQL template database that each test file copies.
 */
export default async function setup(project: TestProject) {
  // The seeded admin's password too (test/setup.ts).
  useCheapHashingForTests();
  process.env.VITEST_RUN_ID = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  if (onPostgres) {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName()} with (force)`);
    await admin.query(`create database ${templateName()}`);
    const database = await openPostgres(databaseUrl(templateName()), 2);
    await database.migrate();
    await seed(database.db, seedOptions);
    await database.close();
    project.provide('runId', process.env.VITEST_RUN_ID);
    return async () => {
      await admin.query(`drop database if exists ${templateName()} with (force)`);
      await admin.end();
    };
  }
  const database = (await openPglite(undefined)) as Awaited<ReturnType<typeof openPglite>> & {
    pglite: { dumpDataDir(c: 'none'): Promise<Blob> };
  };
  await database.migrate();
  await seed(database.db, seedOptions);
  const snapshot = path.join(os.tmpdir(), `panel-snapshot-${process.env.VITEST_RUN_ID}.tar`);
  fs.writeFileSync(snapshot, Buffer.from(await (await database.pglite.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('runId', process.env.VITEST_RUN_ID);
  project.provide('snapshot', snapshot);
  return () => fs.rmSync(snapshot, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    runId: string;
    snapshot: string;
  }
}
