import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, type Config } from '../../config.js';
import { openPglite, openPostgres } from '../../db/client.js';
import { lockDataDir } from '../../db/data-dir-lock.js';
import { readRecords, takeBackup, unavailable } from './backups.service.js';
import { restoreBackup, RestoreRefused } from './backups.restore.js';

/**
 * `npm run backup` and `npm run restore -- <file>`, with the server's own environment (DATA_DIR,
 * DATABASE_URL, BACKUP_DIR …).
 *
 * A PGlite folder can be open in one process only. When a panel server holds it (its pid is in
 * DATA_DIR/panel.lock), `backup` sends that server SIGUSR2, which makes it take the backup exactly
 * as the admin's button does, and waits for the backup's record. `restore` refuses a folder a
 * server runs on.
 */
const [command, argument] = process.argv.slice(2);
const out = (line: string) => process.stdout.write(`${line}\n`);

try {
  const config = loadConfig();
  if (command === 'backup') process.exitCode = await backup(config);
  else if (command === 'restore' && argument) process.exitCode = await restore(config, argument);
  else {
    out('Usage: npm run backup\n       npm run restore -- <backup file>');
    process.exitCode = 2;
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}

async function backup(config: Config): Promise<number> {
  const log = pino({ level: 'silent' });
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, 2, { pooler: config.databasePooler, directUrl: config.databaseDirectUrl });
    try {
      const why = await unavailable({ config, database });
      if (why) {
        process.stderr.write(`${why}\n`);
        return 1;
      }
      return report(await takeBackup({ config, database, log }), config);
    } finally {
      await database.close();
    }
  }
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch {
    return askServer(config);
  }
  try {
    const database = await openPglite(path.join(config.dataDir, 'pglite'));
    try {
      return report(await takeBackup({ config, database, log }), config);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

/** The folder is a running server's: it takes the backup; we wait for its record (or its failure). */
async function askServer(config: Config): Promise<number> {
  const pid = Number(fs.readFileSync(path.join(config.dataDir, 'panel.lock'), 'utf8'));
  const asked = new Date().toISOString();
  out(`A panel server (pid ${pid}) is running on ${config.dataDir}: asking it to take the backup…`);
  process.kill(pid, 'SIGUSR2');
  const failureFile = path.join(config.backups.dir, '.last-failure.json');
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const record = readRecords(config.backups.dir).find((r) => r.drill && r.drill.checked_at >= asked);
    if (record) return report(record, config);
    if (fs.existsSync(failureFile)) {
      const failure = JSON.parse(fs.readFileSync(failureFile, 'utf8')) as { failed_at: string; error: string };
      if (failure.failed_at >= asked) {
        process.stderr.write(`The backup failed: ${failure.error}\n`);
        return 1;
      }
    }
    try {
      process.kill(pid, 0);
    } catch {
      process.stderr.write('The server stopped before the backup was done.\n');
      return 1;
    }
  }
}

function report(record: Awaited<ReturnType<typeof takeBackup>>, config: Config): number {
  out(`Backup: ${path.join(config.backups.dir, record.file)} (${(record.size / 1_048_576).toFixed(1)} MB, ${(record.duration_ms / 1000).toFixed(1)} s)`);
  if (record.drill?.status === 'passed') {
    const c = record.drill.counts;
    out(`Drill passed in ${(record.drill.duration_ms / 1000).toFixed(1)} s: ${c.accounts} accounts, ${c.devices} devices, ${c.activations} activations, ${c.ledger_rows} ledger rows; every balance equals its ledger.`);
    return 0;
  }
  process.stderr.write(`The drill FAILED: this backup may not restore.\n${(record.drill?.problems ?? []).map((p) => `  - ${p}`).join('\n')}\n`);
  return 1;
}

async function restore(config: Config, file: string): Promise<number> {
  // npm runs the script in server/: a relative path is the caller's.
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  try {
    await restoreBackup(config, resolved, out);
  } catch (error) {
    if (error instanceof RestoreRefused) {
      process.stderr.write(`Restore refused: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  out(`Restored into ${config.dataDir}. Start the panel as usual.`);
  return 0;
}
