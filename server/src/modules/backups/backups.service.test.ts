import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupFindingText } from '@panel/contract';
import { loadConfig } from '../../config.js';
import { startPanel } from '../../start.js';
import { serverKey } from '../../lib/server-key.js';
import { ADMIN_EMAIL, createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { rows, type TestUser } from '../../../test/fixtures.js';
import { expectLedgerInvariant, fundedAdmin, recharge, reseller, subReseller, validatePasscode } from '../../../test/credit.js';
import { MANIFEST, unpackArchive, type Manifest } from './backups.archive.js';
import { loadPostgresScratch, postgresUnavailable, postgresUnavailableFinding, readCounts, type Query } from './backups.database.js';
import { drillArchive } from './backups.drill.js';
import { restoreBackup, RestoreRefused } from './backups.restore.js';
import { claimSlot, startBackupScheduler } from './backups.scheduler.js';
import { backupState, onBackupFinished, requestBackup, takeBackup, type BackupFinished } from './backups.service.js';

const temporary = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `panel-backup-${label}-`));

async function manifestOf(file: string): Promise<Manifest> {
  const dir = temporary('manifest');
  try {
    const { manifest, problems } = await unpackArchive(file, dir);
    expect(problems).toEqual([]);
    return manifest!;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const folderConfig = (dataDir: string) =>
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL, ADMIN_PASSWORD: 'Admin@12345', ADMIN_LOGIN_PREFIX: 'test-admin', BACKUP_SCHEDULE: 'off' });

type Panel = Awaited<ReturnType<typeof startPanel>>;

/** A PGlite data folder made by a real panel (startPanel; `whileOpen` runs on it before it closes); or a copy of `from`'s. */
async function panelFolder(
  from?: string,
  whileOpen?: (app: Panel['app'], database: Panel['database']) => Promise<void>,
): Promise<{ dataDir: string; config: ReturnType<typeof loadConfig> }> {
  const dataDir = temporary('data');
  if (from) {
    fs.cpSync(path.join(from, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    return { dataDir, config: folderConfig(dataDir) };
  }
  const config = folderConfig(dataDir);
  const { app, database } = await startPanel(config, { logger: false });
  try {
    await whileOpen?.(app, database);
  } finally {
    await app.close();
  }
  return { dataDir, config };
}

describe('backups', () => {
  let t: TestApp;
  const finished: BackupFinished[] = [];
  let unlisten: () => void;

  beforeAll(async () => {
    // Two kept: the third backup of this block (the retention test's) deletes the first.
    t = await createTestApp({ env: { BACKUP_KEEP: '2' } });
    unlisten = onBackupFinished((f) => finished.push(f));
  });
  afterAll(async () => {
    unlisten();
    await t.close();
  });

  it('takes a backup while 20 clients move credit; restored and started, every balance equals its ledger and the source at the dump', { timeout: 180_000 }, async () => {
    serverKey(t.app.deps.config);
    const admin = await fundedAdmin(t, 10_000_000);
    const families: { parent: TestUser; child: TestUser }[] = [];
    for (let i = 0; i < 5; i++) {
      const parent = await reseller(t);
      expect((await recharge(t, admin, { email: parent.email, points: 100_000 })).statusCode).toBe(200);
      const child = await subReseller(t, parent);
      await validatePasscode(t, parent.token);
      families.push({ parent, child });
    }
    fs.mkdirSync(path.join(t.dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'uploads', 'logo-abc.png'), crypto.randomBytes(2048));

    // 20 clients: each moves points from a reseller to its sub-reseller and takes them back, again and again.
    let stop = false;
    let moves = 0;
    const move = async (token: string, url: string, creditPoint: number) => {
      const res = await t.call({ method: 'POST', url, token, payload: { creditPoint } });
      expect(res.statusCode, res.body).toBe(200);
      moves++;
      // A client's next request comes a moment later, through the event loop, as over a network
      // (back-to-back injects would leave the process no turn for the backup's file writes).
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const clients = Array.from({ length: 20 }, async (_, i) => {
      const { parent, child } = families[i % families.length]!;
      while (!stop) {
        const points = 1 + (i % 7);
        await move(parent.token, `/api/resellers/${child.id}/add-credit-point`, points);
        await move(parent.token, `/api/resellers/${child.id}/deduct-credit-point`, points);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = moves;
    const record = await takeBackup(t.app.deps);
    const during = moves - before;
    stop = true;
    await Promise.all(clients);
    // The clients kept moving credit around the backup: they were not blocked for its whole length.
    expect(during).toBeGreaterThan(0);
    await expectLedgerInvariant(t);

    expect(record.drill).toMatchObject({ status: 'passed', problems: [] });
    expect(record.engine).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(record.file).toMatch(new RegExp(`^panel-\\d{8}T\\d{6}Z-v\\d+\\.\\d+\\.\\d+-${record.engine}\\d+\\.\\d+\\.tar\\.gz$`));
    const file = path.join(t.app.deps.config.backups.dir, record.file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(finished.at(-1)).toMatchObject({ record: { file: record.file }, error: null });
    const state = await backupState(t.app.deps);
    expect(state).toMatchObject({ running: null, unavailable: null, last_failure: null });
    expect(state.backups[0]).toEqual(record);

    const manifest = await manifestOf(file);
    expect(record.drill!.counts).toEqual({
      accounts: manifest.counts.accounts,
      devices: manifest.counts.devices,
      activations: manifest.counts.activations,
      ledger_rows: manifest.counts.ledger_rows,
    });
    // The manifest's counts are of the dump's point: the source moved on afterwards.
    const [now] = await rows<{ n: number }>(t, sql`select count(*)::int as n from credit_ledger`);
    expect(now!.n).toBeGreaterThanOrEqual(manifest.counts.ledger_rows);

    if (onPostgres) {
      // PostgreSQL is restored with pg_restore (README): into a fresh database, then a panel started on it.
      const dumpDir = temporary('pgdump');
      await unpackArchive(file, dumpDir);
      const scratch = await loadPostgresScratch(process.env.TEST_DATABASE_URL!, path.join(dumpDir, 'database/postgres.dump'));
      try {
        await expectRestoredPanel(loadConfig({ DATA_DIR: temporary('pgdata'), DATABASE_URL: scratch.url, LOG_LEVEL: 'silent', BACKUP_SCHEDULE: 'off' }), manifest);
      } finally {
        await scratch.close();
        fs.rmSync(dumpDir, { recursive: true, force: true });
      }
    } else {
      const dataDir = temporary('restored');
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BACKUP_SCHEDULE: 'off' });
      const restored = await restoreBackup(config, file);
      expect(restored.drill.status).toBe('passed');
      expect(fs.readFileSync(path.join(dataDir, 'uploads', 'logo-abc.png'))).toEqual(fs.readFileSync(path.join(t.dataDir, 'uploads', 'logo-abc.png')));
      expect(fs.readFileSync(path.join(dataDir, 'server.key'), 'utf8')).toBe(fs.readFileSync(path.join(t.dataDir, 'server.key'), 'utf8'));
      expect(fs.statSync(path.join(dataDir, 'server.key')).mode & 0o777).toBe(0o600);
      await expectRestoredPanel(config, manifest);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('fails the drill of a corrupted backup and says why', async () => {
    // A damaged copy of the backup the first test took: a backup costs seconds, a copy nothing.
    const record = (await backupState(t.app.deps)).backups[0]!;
    const file = path.join(t.app.deps.config.backups.dir, record.file);
    const damaged = path.join(temporary('damaged'), record.file);
    const bytes = fs.readFileSync(file);
    for (let i = Math.floor(bytes.length / 2); i < Math.floor(bytes.length / 2) + 64; i++) bytes[i] = bytes[i]! ^ 0xff;
    fs.writeFileSync(damaged, bytes);
    const { drill } = await drillArchive(damaged, { databaseUrl: t.database.url, workDir: temporary('drill') });
    expect(drill.status).toBe('failed');
    expect(drill.problems.join(' ')).toMatch(/truncated, corrupt|checksum|does not load/);
    // The same, as codes the panel words in the reader's language.
    expect(drill.findings!.map((f) => f.code)).toEqual(expect.arrayContaining([expect.stringMatching(/^(archive_unreadable|member_checksum|member_size|dump_not_loading)$/)]));
    expect(drill.findings!.map(backupFindingText)).toEqual(drill.problems);

    // A tar.gz of something else entirely: refused as foreign.
    const foreign = path.join(path.dirname(damaged), 'foreign.tar.gz');
    const tar = await import('tar');
    fs.writeFileSync(path.join(path.dirname(damaged), 'notes.txt'), 'hello');
    await tar.c({ gzip: true, file: foreign, cwd: path.dirname(damaged) }, ['notes.txt']);
    const other = await drillArchive(foreign, { workDir: temporary('drill') });
    expect(other.drill).toMatchObject({ status: 'failed', problems: [`The archive has no ${MANIFEST}: it is not a panel backup.`] });
  });

  it('refuses a second backup while one runs in this process', async () => {
    const { started_at } = requestBackup(t.app.deps);
    let refused: unknown;
    try {
      requestBackup(t.app.deps);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ code: 'BACKUP_RUNNING', status: 409 });
    await expect(takeBackup(t.app.deps)).rejects.toMatchObject({ code: 'BACKUP_RUNNING' });
    expect((await backupState(t.app.deps)).running).toEqual({ started_at });
    await vi_waitFor(async () => (await backupState(t.app.deps)).running === null);
  });

  it('removes the partial file and reports the failure when the disk is full, and the server carries on', { timeout: 120_000 }, async () => {
    const dir = t.app.deps.config.backups.dir;
    const [last] = (await backupState(t.app.deps)).backups;
    const at = new Date('2031-01-02T03:04:05.000Z');
    const name = last!.file.replace(/^panel-\d{8}T\d{6}Z(-\d+)?/, 'panel-20310102T030405Z');
    // Writing the archive goes to /dev/full: every write fails with ENOSPC, as on a full disk.
    fs.symlinkSync('/dev/full', path.join(dir, `${name}.partial`));
    await expect(takeBackup(t.app.deps, { now: at })).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(fs.readdirSync(dir).filter((f) => f.includes('20310102') || f.startsWith('.staging') || f.startsWith('.drill'))).toEqual([]);
    const state = await backupState(t.app.deps);
    expect(state.last_failure).toMatchObject({ started_at: at.toISOString(), error: expect.stringContaining('ENOSPC'), finding: { code: 'disk_full', values: {} } });
    expect(finished.at(-1)).toMatchObject({ record: null, error: expect.stringContaining('ENOSPC') });
    expect((await t.call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  // One backup serves three checks: what a failure and a crash left behind, and the retention.
  it("after a failure the next backup passes and clears it, sweeps what a crashed backup left behind (hours old) but not a running one's work, and keeps BACKUP_KEEP backups, deleting the oldest files and records", { timeout: 120_000 }, async () => {
    const dir = t.app.deps.config.backups.dir;
    const before = await backupState(t.app.deps);
    expect(before.last_failure).not.toBeNull();
    // The first test's and the refused-second test's backups: as many as BACKUP_KEEP.
    expect(before.backups).toHaveLength(2);
    const oldest = before.backups.at(-1)!.file;
    const old = new Date(Date.now() - 7 * 60 * 60 * 1000);
    const leftovers = ['.staging-dead0001', '.drill-dead0001', 'panel-20200101T000000Z-v1.0.0-pglite18.6.tar.gz.partial'];
    for (const name of leftovers) {
      if (name.endsWith('.partial')) fs.writeFileSync(path.join(dir, name), 'half');
      else fs.mkdirSync(path.join(dir, name, 'database'), { recursive: true });
      fs.utimesSync(path.join(dir, name), old, old);
    }
    fs.mkdirSync(path.join(dir, '.staging-live0001'));

    const next = await takeBackup(t.app.deps);
    expect(next.drill?.status).toBe('passed');
    const state = await backupState(t.app.deps);
    expect(state.last_failure).toBeNull();

    const names = fs.readdirSync(dir);
    for (const name of leftovers) expect(names).not.toContain(name);
    expect(names).toContain('.staging-live0001');
    fs.rmSync(path.join(dir, '.staging-live0001'), { recursive: true });

    expect(state.backups.map((b) => b.file)).toEqual([next.file, before.backups[0]!.file]);
    const files = fs.readdirSync(dir).filter((f) => !f.startsWith('.'));
    expect(files.sort()).toEqual(state.backups.flatMap((b) => [b.file, `${b.file}.json`]).sort());
    expect(files).not.toContain(oldest);
  });
});

describe('PostgreSQL without the pg_dump client', () => {
  it('says so, and how to install it, instead of failing at the first backup', async () => {
    const why = await postgresUnavailable(process.env.TEST_DATABASE_URL ?? 'postgres://nobody@127.0.0.1:1/none', '/nonexistent/pg_dump');
    expect(why).toMatch(/^PostgreSQL backups need the pg_dump client, which is not installed on this server\. Install it with: apt-get install postgresql-client-(\d+|<major>) /);
    if (onPostgres) expect(why).toMatch(/postgresql-client-\d+ /);
    expect(await postgresUnavailable('postgres://nobody@127.0.0.1:1/none', 'node')).toBeNull();
    const finding = await postgresUnavailableFinding('postgres://nobody@127.0.0.1:1/none', '/nonexistent/pg_dump');
    expect(finding).toEqual({ code: 'pg_dump_missing', values: { major: '<major>' } });
  });
});

describe.skipIf(onPostgres)('npm run restore (restoreBackup)', () => {
  let source: { dataDir: string; config: ReturnType<typeof loadConfig> };
  let backupFile: string;

  beforeAll(async () => {
    // One start of a real panel makes the source folder and its backup.
    let backedUp: string | undefined;
    source = await panelFolder(undefined, async (app, database) => {
      backedUp = (await takeBackup({ ...app.deps, database })).file;
    });
    backupFile = path.join(source.config.backups.dir, backedUp!);
  }, 120_000);
  afterAll(() => fs.rmSync(source.dataDir, { recursive: true, force: true }));

  it('refuses a data folder a server is running on', async () => {
    const target = await panelFolder(source.dataDir);
    // The lock holds a live process's pid, as a running server's does.
    const server: ChildProcess = spawn('sleep', ['60']);
    try {
      fs.writeFileSync(path.join(target.dataDir, 'panel.lock'), String(server.pid));
      await expect(restoreBackup(target.config, backupFile)).rejects.toThrow(RestoreRefused);
      await expect(restoreBackup(target.config, backupFile)).rejects.toThrow(/in use by another panel process .* A restore needs the panel stopped/);
      expect(fs.readdirSync(target.dataDir).filter((f) => f.includes('before-restore'))).toEqual([]);
    } finally {
      server.kill();
      fs.rmSync(target.dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a truncated file, leaving the current database untouched', async () => {
    const target = await panelFolder(source.dataDir);
    const truncated = path.join(temporary('truncated'), 'truncated.tar.gz');
    const bytes = fs.readFileSync(backupFile);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const before = treeDigest(path.join(target.dataDir, 'pglite'));
    await expect(restoreBackup(target.config, truncated)).rejects.toThrow(/truncated, corrupt or not a panel backup/);
    expect(treeDigest(path.join(target.dataDir, 'pglite'))).toBe(before);
    expect(fs.readdirSync(target.dataDir).filter((f) => f.includes('before-restore') || f.startsWith('.restore'))).toEqual([]);
    // And the folder still starts.
    const { app } = await startPanel(target.config, { logger: false });
    await app.close();
    fs.rmSync(target.dataDir, { recursive: true, force: true });
  });

  it('keeps the current database aside rather than deleting it', async () => {
    const target = await panelFolder(source.dataDir);
    const before = treeDigest(path.join(target.dataDir, 'pglite'));
    const restored = await restoreBackup(target.config, backupFile);
    expect(restored.keptAside.map((p) => path.basename(p))).toEqual(expect.arrayContaining([expect.stringMatching(/^pglite\.before-restore-\d{8}T\d{6}Z$/)]));
    const aside = restored.keptAside.find((p) => path.basename(p).startsWith('pglite'))!;
    expect(treeDigest(aside)).toBe(before);
    fs.rmSync(target.dataDir, { recursive: true, force: true });
  });
});

/** Starts a panel on the restored database and checks it against the manifest: counts, every balance, the ledger. */
async function expectRestoredPanel(config: ReturnType<typeof loadConfig>, manifest: Manifest) {
  const { app, database } = await startPanel(config, { logger: false });
  try {
    const query: Query = async (text) => ((await database.db.execute(sql.raw(text))) as { rows: Record<string, unknown>[] }).rows;
    const counts = await readCounts(query);
    expect(counts).toEqual(manifest.counts);
    const mismatches = await query(`select u.id from users u
      left join (select creditor_id as id, sum(credit_point) as total from credit_ledger group by creditor_id) i on i.id = u.id
      left join (select debitor_id as id, sum(credit_point) as total from credit_ledger group by debitor_id) o on o.id = u.id
      where u.credit_point <> coalesce(i.total, 0) - coalesce(o.total, 0)`);
    expect(mismatches).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  } finally {
    await app.close();
  }
}

function treeDigest(dir: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      hash.update(path.relative(dir, full));
      if (entry.isDirectory()) walk(full);
      else hash.update(fs.readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

async function vi_waitFor(check: () => Promise<boolean>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the backup schedule', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every second: the first tick takes a backup.
    t = await createTestApp({ env: { BACKUP_SCHEDULE: '* * * * * *', BACKUP_KEEP: '1' } });
  });
  afterAll(() => t.close());

  it('gives each scheduled minute to one node only', async () => {
    const slot = `2031-05-05T03:00:00.000Z`;
    const claims = await Promise.all([claimSlot(t.database.db, slot), claimSlot(t.database.db, slot)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimSlot(t.database.db, '2031-05-06T03:00:00.000Z')).toBe(true);
  });

  it('takes a backup at the scheduled time and reports it to the listener', async () => {
    await t.database.db.execute(sql`delete from settings where key = 'backups.last_scheduled_slot'`);
    const seen: BackupFinished[] = [];
    const log = (await import('pino')).pino({ level: 'silent' });
    const scheduler = startBackupScheduler({ ...t.app.deps, log }, { onFinished: (f) => seen.push(f) });
    expect(scheduler.nextRun()).toBeInstanceOf(Date);
    await vi_waitFor(async () => seen.length > 0);
    await scheduler.stop();
    expect(seen[0]).toMatchObject({ error: null, record: { drill: { status: 'passed' } } });
    expect((await backupState(t.app.deps)).backups).toHaveLength(1);
  });
});
