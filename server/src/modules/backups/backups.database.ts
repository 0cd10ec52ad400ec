import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { backupFindingOf, backupFindingText, type BackupFinding } from '@panel/contract';
import { MIGRATIONS_FOLDER, openPglite, type Database } from '../../db/client.js';
import type { Manifest, SourceCounts } from './backups.archive.js';
import { inWorker } from './backups.files.js';

const run = promisify(execFile);

/** A plain-text query on whichever database: rows as objects. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** The running PGlite behind a Database (client.ts keeps it there). */
export function pgliteOf(database: Database): PGlite {
  const client = (database as Database & { pglite?: PGlite }).pglite;
  if (!client) throw new Error('not a PGlite database');
  return client;
}

/**
 * The counts and the balances' digest that the drill compares with its restored copy. Only the
 * live tables (`public`): the sandbox's copies are a separate ledger.
 */
export async function readCounts(query: Query): Promise<SourceCounts> {
  const [row] = await query(`select
    (select count(*) from public.users)::text as accounts,
    (select count(*) from public.devices)::text as devices,
    (select count(*) from public.activations)::text as activations,
    (select count(*) from public.credit_ledger)::text as ledger_rows,
    (select coalesce(sum(credit_point), 0) from public.users)::text as balance_total,
    (select md5(coalesce(string_agg(id::text || ':' || credit_point::text, ',' order by id), '')) from public.users) as balances_digest`);
  return {
    accounts: Number(row!.accounts),
    devices: Number(row!.devices),
    activations: Number(row!.activations),
    ledger_rows: Number(row!.ledger_rows),
    balance_total: String(row!.balance_total),
    balances_digest: String(row!.balances_digest),
  };
}

/** drizzle's record of the applied migrations: how many, and the journal time (`when`) of the last. */
export async function readMigrations(query: Query): Promise<Manifest['migrations']> {
  const [exists] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists?.present) return { applied: 0, last: null };
  const [row] = await query(`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`);
  return { applied: Number(row!.applied), last: row!.last === null ? null : Number(row!.last) };
}

/** The code's migrations, from drizzle-kit's journal. */
export function codeMigrations(): { count: number; last: number | null } {
  const journal = JSON.parse(fs.readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
  const last = journal.entries.at(-1);
  return { count: journal.entries.length, last: last ? last.when : null };
}

/** `17.5` from `17.5 (Debian ...)`: what the file name carries. */
export async function databaseVersion(query: Query): Promise<string> {
  const [row] = await query(`select current_setting('server_version') as v`);
  return String(row!.v).split(' ')[0]!;
}

export type Dumped = { counts: SourceCounts; migrations: Manifest['migrations']; databaseVersion: string };

/**
 * A copy of the running PGlite's data folder in `outDir`. PGlite runs one statement at a time and a
 * transaction holds it for itself: inside our read-only transaction the counts are read, a
 * checkpoint writes every change into the data files, and the folder is copied file by file (an
 * in-kernel copy; an in-memory database is dumped by PGlite and unpacked instead). The counts and
 * the copy are of the same point and no reseller's write lands in between; resellers wait for as
 * long as the copy takes, and no longer. The copy is never held in memory: a large database's
 * folder is gigabytes, past what one buffer or PGlite's own dump can hold.
 */
export async function dumpPglite(database: Database, outDir: string): Promise<Dumped> {
  const client = pgliteOf(database);
  const folder = hostFolder(client);
  const dumped = await client.transaction(async (tx) => {
    const query: Query = async (text) => (await tx.query<Record<string, unknown>>(text)).rows;
    const counts = await readCounts(query);
    const migrations = await readMigrations(query);
    const version = await databaseVersion(query);
    if (!folder) return { counts, migrations, databaseVersion: version, blob: await client.dumpDataDir('none') };
    await tx.exec('checkpoint');
    await inWorker('copy', { from: folder, to: outDir });
    return { counts, migrations, databaseVersion: version, blob: undefined };
  });
  if (dumped.blob) {
    // In memory, the database is small: its tar is written whole, then unpacked in the worker.
    const tarFile = `${outDir}.tar`;
    await fs.promises.writeFile(tarFile, Buffer.from(await dumped.blob.arrayBuffer()), { mode: 0o600 });
    await inWorker('extract', { file: tarFile, into: outDir });
    fs.rmSync(tarFile);
  }
  return { counts: dumped.counts, migrations: dumped.migrations, databaseVersion: dumped.databaseVersion };
}

/** The folder on this machine that a file-backed PGlite keeps its data in; undefined in memory. */
function hostFolder(client: PGlite): string | undefined {
  const dataDir = client.dataDir;
  if (!dataDir || dataDir.startsWith('memory://') || dataDir.startsWith('idb://') || dataDir.startsWith('opfs')) return undefined;
  return dataDir.replace(/^file:\/\//, '');
}

/**
 * Opens a restored data folder (the drill's, then the restore's): PGlite starts on it as after a
 * crash at the dump's point. The folder is the database: the drill removes it after, the restore
 * moves it into place.
 */
export async function loadPglite(folder: string): Promise<{ query: Query; close(): Promise<void> }> {
  // Without it PGlite would start a new, empty database there.
  if (!fs.existsSync(`${folder}/PG_VERSION`)) throw new Error('the dump has no PG_VERSION: it is not a database folder');
  const database = await openPglite(folder);
  const client = pgliteOf(database);
  return { query: async (text) => (await client.query<Record<string, unknown>>(text)).rows, close: () => database.close() };
}

/** pg_dump's version line, or null when the client is not installed (asked once per command). */
const pgDumpChecked = new Map<string, Promise<string | null>>();
function pgDumpVersion(command = 'pg_dump'): Promise<string | null> {
  let checked = pgDumpChecked.get(command);
  if (!checked) {
    checked = run(command, ['--version']).then(
      (r) => r.stdout.trim(),
      () => null,
    );
    pgDumpChecked.set(command, checked);
  }
  return checked;
}

/** Why PostgreSQL backups cannot run on this machine (`pg_dump_missing`), or null. `command`: another pg_dump to look for (tests). */
export async function postgresUnavailableFinding(url: string, command = 'pg_dump'): Promise<BackupFinding | null> {
  if (await pgDumpVersion(command)) return null;
  const major = await serverMajor(url).catch(() => null);
  // A string: it names a package (postgresql-client-18), not a quantity to write in the reader's digits.
  return backupFindingOf('pg_dump_missing', { major: major === null ? '<major>' : String(major) });
}

/** The same, as its English sentence. */
export async function postgresUnavailable(url: string, command = 'pg_dump'): Promise<string | null> {
  const finding = await postgresUnavailableFinding(url, command);
  return finding && backupFindingText(finding);
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`);
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } finally {
    await client.end();
  }
}

/** A connection string without its password, and the password for PGPASSWORD: never on a command line. */
export function splitPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/**
 * `pg_dump -Fc` of the database at one point: a REPEATABLE READ transaction exports its snapshot,
 * the counts are read in it, and pg_dump dumps that same snapshot (`--snapshot`). Writers are never
 * blocked (MVCC); the transaction only stays open until pg_dump has started on the snapshot.
 */
export async function dumpPostgres(url: string, out: string): Promise<Dumped> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const query: Query = async (text) => (await client.query(text)).rows as Record<string, unknown>[];
    const counts = await readCounts(query);
    const migrations = await readMigrations(query);
    const version = await databaseVersion(query);
    const target = splitPassword(url);
    await run('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${out}`, `--dbname=${target.url}`], { env: target.env, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stderr?: string; message: string }) => {
        throw new Error(`pg_dump failed: ${(error.stderr || error.message).trim()}`);
      },
    );
    fs.chmodSync(out, 0o600);
    await client.query('commit');
    return { counts, migrations, databaseVersion: version };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Restores a pg_dump file into a scratch database `<db>_drill_<random>` on the same server, for the
 * drill; `close` drops it.
 */
export async function loadPostgresScratch(url: string, dumpFile: string): Promise<{ url: string; query: Query; close(): Promise<void> }> {
  const base = new URL(url);
  const name = `${decodeURIComponent(base.pathname.slice(1)) || 'postgres'}_drill_${crypto.randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${encodeURIComponent(name)}`;
  const drop = async () => {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  };
  let client: pg.Client | undefined;
  try {
    const target = splitPassword(scratchUrl.toString());
    await run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${target.url}`, dumpFile], { env: target.env, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stderr?: string; message: string }) => {
        throw new Error(`pg_restore failed: ${(error.stderr || error.message).trim()}`);
      },
    );
    const c = new pg.Client({ connectionString: scratchUrl.toString() });
    await c.connect();
    client = c;
    return {
      url: scratchUrl.toString(),
      query: async (text) => (await c.query(text)).rows as Record<string, unknown>[],
      close: async () => {
        await c.end().catch(() => undefined);
        await drop();
      },
    };
  } catch (error) {
    await client?.end().catch(() => undefined);
    await drop();
    throw error;
  }
}
