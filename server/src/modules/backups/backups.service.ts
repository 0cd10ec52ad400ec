import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { backupFindingOf, backupFindingText, backupRecord, type BackupFinding, type BackupRecord } from '@panel/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { uploadsDir } from '../../http/uploads.js';
import { panelVersion } from '../../lib/panel-version.js';
import { FORMAT, FORMAT_VERSION, hashTree, MANIFEST, packArchive, PGLITE_DIR, POSTGRES_DUMP, SERVER_KEY_FILE, UPLOADS, type Manifest } from './backups.archive.js';
import { dumpPglite, dumpPostgres, postgresUnavailableFinding } from './backups.database.js';
import { drillArchive } from './backups.drill.js';

/** What a backup needs of the app's Deps (server/src/http/context.ts): `Deps` itself fits. */
export type BackupDeps = {
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'serverKey' | 'backups'>;
  database: Pick<Database, 'kind' | 'url'>;
  log?: FastifyBaseLogger;
};

/** How a backup ended: its record (whose `drill` says whether it restores), or why there is no file. */
export type BackupFinished =
  | { started_at: string; record: BackupRecord; error: null; finding?: undefined }
  | { started_at: string; record: null; error: string; finding: BackupFinding };

/** `error` in English (no password: see redactProblem); `finding` the same as a code, `failed` when it has none of its own. */
export type BackupFailure = { started_at: string; failed_at: string; error: string; finding: BackupFinding };

const RECORD_SUFFIX = '.json';
const NAME = /^panel-\d{8}T\d{6}Z(-\d+)?-v[^/]+\.tar\.gz$/;
/** The last backup that made no file, so the admin sees it; removed by the next good one. */
const LAST_FAILURE = '.last-failure.json';

/** Backups running in this process, by backup folder. */
const running = new Map<string, { started_at: string; done?: Promise<unknown> }>();
const listeners = new Set<(finished: BackupFinished) => void>();

/**
 * Called after every backup (scheduled, on demand, from the command line), once its drill has
 * run or it failed: metrics and the failure mail hang here. Answers the function that removes it.
 */
export function onBackupFinished(listener: (finished: BackupFinished) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Starts a backup in the background and answers at once (the admin's button); the record appears in
 * `backupState` when it is done. Throws BACKUP_RUNNING while one is running in this process.
 */
export function requestBackup(deps: BackupDeps): { started_at: string } {
  const started = claim(deps);
  void runBackup(deps, started).catch(() => undefined);
  return { started_at: started.toISOString() };
}

/** Takes a backup and its drill, and resolves to its record when both are done (scheduler, CLI, tests). */
export async function takeBackup(deps: BackupDeps, options: { now?: Date } = {}): Promise<BackupRecord> {
  return runBackup(deps, claim(deps, options.now));
}

/** Resolves when no backup is running in this process into `dir` (before the database closes). */
export async function backupsSettled(dir: string): Promise<void> {
  await running.get(dir)?.done?.catch(() => undefined);
}

/** The backup running in this process, why backups cannot run here, and the kept ones, newest first. */
export async function backupState(deps: BackupDeps): Promise<{
  running: { started_at: string } | null;
  unavailable: string | null;
  unavailable_finding: BackupFinding | null;
  last_failure: BackupFailure | null;
  backups: BackupRecord[];
}> {
  const dir = deps.config.backups.dir;
  const now = running.get(dir);
  const why = await unavailableFinding(deps);
  return {
    running: now ? { started_at: now.started_at } : null,
    unavailable: why && backupFindingText(why),
    unavailable_finding: why,
    last_failure: readLastFailure(dir),
    backups: readRecords(dir),
  };
}

/** Why backups cannot be taken here (PostgreSQL without pg_dump), or null. */
export async function unavailableFinding(deps: BackupDeps): Promise<BackupFinding | null> {
  if (deps.database.kind !== 'postgres') return null;
  return postgresUnavailableFinding(postgresUrl(deps));
}

/** The same, as its English sentence (the command line). */
export async function unavailable(deps: BackupDeps): Promise<string | null> {
  const why = await unavailableFinding(deps);
  return why && backupFindingText(why);
}

/**
 * A problem as the admin sees it (screen, mail): the drill and pg_dump word them, and a client's
 * error may quote its connection string. Whatever password one holds (`postgres://user:secret@host`,
 * or `password=secret`) is blanked; the rest is what the admin needs to act.
 */
export function redactProblem(problem: string): string {
  return problem.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, '$1***@').replace(/\b(password\s*=\s*)('[^']*'|\S+)/gi, '$1***');
}

/** Why a backup made no file, in English and as a finding: pg_dump missing, a full disk, or `failed` (the English tells the detail). */
function failureOf(error: unknown, unavailable: BackupFinding | null): { error: string; finding: BackupFinding } {
  if (unavailable) return { error: backupFindingText(unavailable), finding: unavailable };
  const message = redactProblem(error instanceof Error ? error.message : String(error));
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return { error: message, finding: backupFindingOf(code === 'ENOSPC' || /\bENOSPC\b/.test(message) ? 'disk_full' : 'failed') };
}

function postgresUrl(deps: BackupDeps): string {
  const url = deps.database.url ?? deps.config.databaseUrl;
  if (!url) throw new Error('PostgreSQL without a connection string');
  return url;
}

function claim(deps: BackupDeps, now = new Date()): Date {
  const dir = deps.config.backups.dir;
  if (running.has(dir)) throw new AppError('BACKUP_RUNNING');
  running.set(dir, { started_at: now.toISOString() });
  return now;
}

function runBackup(deps: BackupDeps, started: Date): Promise<BackupRecord> {
  const done = backupNow(deps, started);
  const entry = running.get(deps.config.backups.dir);
  if (entry) entry.done = done;
  return done;
}

async function backupNow(deps: BackupDeps, started: Date): Promise<BackupRecord> {
  const dir = deps.config.backups.dir;
  const started_at = started.toISOString();
  let why: BackupFinding | null = null;
  try {
    why = await unavailableFinding(deps);
    if (why) throw new AppError('UNAVAILABLE', { params: { reason: backupFindingText(why) } });
    const record = await backupAndDrill(deps as BackupDeps & { database: Database }, started);
    fs.rmSync(path.join(dir, LAST_FAILURE), { force: true });
    deps.log?.info({ file: record.file, size: record.size, drill: record.drill?.status, problems: record.drill?.problems }, 'backup taken');
    if (record.drill?.status === 'failed') deps.log?.error({ file: record.file, problems: record.drill.problems }, 'backup drill failed');
    notify({ started_at, record, error: null });
    return record;
  } catch (error) {
    const failure = failureOf(error, why);
    deps.log?.error({ err: error }, 'backup failed');
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeJson(path.join(dir, LAST_FAILURE), { started_at, failed_at: new Date().toISOString(), ...failure } satisfies BackupFailure);
    } catch {
      // The disk is full or the folder is gone: the log line and the listeners still tell.
    }
    notify({ started_at, record: null, ...failure });
    throw error;
  } finally {
    running.delete(dir);
  }
}

function notify(finished: BackupFinished) {
  for (const listener of listeners) {
    try {
      listener(finished);
    } catch {
      // A listener's failure is its own.
    }
  }
}

async function backupAndDrill(deps: BackupDeps & { database: Database }, started: Date): Promise<BackupRecord> {
  const { config, database } = deps;
  const dir = config.backups.dir;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  sweepLeftovers(dir);
  const id = crypto.randomBytes(4).toString('hex');
  const staging = path.join(dir, `.staging-${id}`);
  let partial: string | undefined;
  let file: string;
  let manifest: Manifest;
  try {
    fs.mkdirSync(path.join(staging, 'database'), { recursive: true, mode: 0o700 });
    const dumped =
      database.kind === 'pglite' ? await dumpPglite(database, path.join(staging, PGLITE_DIR)) : await dumpPostgres(postgresUrl(deps), path.join(staging, POSTGRES_DUMP));
    const members = ['database'];
    const uploads = uploadsDir(config as Config);
    if (fs.existsSync(uploads)) {
      fs.cpSync(uploads, path.join(staging, UPLOADS), { recursive: true });
      members.push(UPLOADS);
    }
    // Without the key that encrypted them, the API keys and webhook secrets in the dump are lost.
    const keyFile = path.join(config.dataDir, SERVER_KEY_FILE);
    if (!config.serverKey && fs.existsSync(keyFile)) {
      fs.copyFileSync(keyFile, path.join(staging, SERVER_KEY_FILE));
      members.push(SERVER_KEY_FILE);
    }
    manifest = {
      format: FORMAT,
      format_version: FORMAT_VERSION,
      panel_version: panelVersion(),
      engine: database.kind,
      database_version: dumped.databaseVersion,
      created_at: started.toISOString(),
      migrations: dumped.migrations,
      counts: dumped.counts,
      files: await hashTree(staging),
    };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    file = freeName(dir, started, manifest);
    partial = path.join(dir, `${file}.partial`);
    await packArchive(staging, members, partial);
    fs.renameSync(partial, path.join(dir, file));
    partial = undefined;
  } catch (error) {
    // A full disk or any other failure leaves no half file behind to be mistaken for a backup.
    if (partial) fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  const record: BackupRecord = {
    file,
    size: fs.statSync(path.join(dir, file)).size,
    created_at: manifest.created_at,
    duration_ms: Date.now() - started.getTime(),
    engine: manifest.engine,
    panel_version: manifest.panel_version,
    database_version: manifest.database_version,
    drill: null,
  };
  writeJson(path.join(dir, file + RECORD_SUFFIX), record);
  const { drill } = await drillArchive(path.join(dir, file), { databaseUrl: database.kind === 'postgres' ? postgresUrl(deps) : undefined, workDir: path.join(dir, `.drill-${id}`) });
  record.drill = drill;
  writeJson(path.join(dir, file + RECORD_SUFFIX), record);
  applyRetention(dir, config.backups.keep);
  return record;
}

/** Work folders and half files older than this are a crashed backup's, not a running one's (another node may share the folder). */
const LEFTOVER_AGE_MS = 6 * 60 * 60 * 1000;

/** Removes what a backup that died (a crash, a kill) left behind: `.partial` files, staging and drill folders. */
function sweepLeftovers(dir: string, now = Date.now()): string[] {
  const swept: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.partial') && !name.startsWith('.staging-') && !name.startsWith('.drill-')) continue;
    const full = path.join(dir, name);
    if (now - fs.lstatSync(full).mtimeMs < LEFTOVER_AGE_MS) continue;
    fs.rmSync(full, { recursive: true, force: true });
    swept.push(name);
  }
  return swept;
}

/** `panel-20261126T030000Z-v1.0.0-pglite18.6.tar.gz`, with `-2`, `-3` … after the time if taken. */
function freeName(dir: string, at: Date, manifest: Manifest): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  for (let n = 1; ; n++) {
    const name = `panel-${stamp}${n === 1 ? '' : `-${n}`}-v${manifest.panel_version}-${manifest.engine}${manifest.database_version}.tar.gz`;
    if (!fs.existsSync(path.join(dir, name))) return name;
  }
}

/** Keeps the newest `keep` backups (file and record), deleting the older ones. */
export function applyRetention(dir: string, keep: number): string[] {
  const records = readRecords(dir);
  const removed: string[] = [];
  for (const record of records.slice(keep)) {
    fs.rmSync(path.join(dir, record.file), { force: true });
    fs.rmSync(path.join(dir, record.file + RECORD_SUFFIX), { force: true });
    removed.push(record.file);
  }
  return removed;
}

/** The records in `dir`, newest first; unreadable ones and records without their file are left out. */
export function readRecords(dir: string): BackupRecord[] {
  if (!fs.existsSync(dir)) return [];
  const records: BackupRecord[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith(RECORD_SUFFIX) || !NAME.test(name.slice(0, -RECORD_SUFFIX.length))) continue;
    try {
      const parsed = backupRecord.safeParse(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
      if (parsed.success && fs.existsSync(path.join(dir, parsed.data.file))) records.push(parsed.data);
    } catch {
      // A record being written or damaged: not listed.
    }
  }
  return records.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.file.localeCompare(a.file)));
}

function readLastFailure(dir: string): BackupFailure | null {
  try {
    const failure = JSON.parse(fs.readFileSync(path.join(dir, LAST_FAILURE), 'utf8')) as Omit<BackupFailure, 'finding'> & { finding?: BackupFinding };
    // Written by an older panel: no code, and its error was not redacted yet.
    return failure.finding ? (failure as BackupFailure) : { ...failure, error: redactProblem(failure.error), finding: backupFindingOf('failed') };
  } catch {
    return null;
  }
}

/** Written whole or not at all: a reader never sees half a record. */
function writeJson(file: string, value: unknown) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(value, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(temporary, file);
}
