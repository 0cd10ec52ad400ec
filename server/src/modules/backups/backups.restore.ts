import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { lockDataDir } from '../../db/data-dir-lock.js';
import { uploadsDir } from '../../http/uploads.js';
import { PGLITE_DIR, SERVER_KEY_FILE, UPLOADS } from './backups.archive.js';
import { drillArchive, type BackupDrill } from './backups.drill.js';

/** A restore that was refused: nothing in DATA_DIR was changed. */
export class RestoreRefused extends Error {}

export type Restored = {
  drill: BackupDrill;
  /** What was in DATA_DIR before, renamed (never deleted): `pglite.before-restore-<time>` and so on. */
  keptAside: string[];
};

/**
 * Restores a backup file into DATA_DIR (the embedded database): refused while a panel runs on the
 * folder (its lock), and refused, with the reason, unless the file passes the drill completely
 * (checksums, loads, ledger balances). Only then is the current database renamed aside and the
 * backup's database, uploads and server key put in its place; the folder stays locked throughout,
 * so no server can start on a half-restored folder.
 */
export async function restoreBackup(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'serverKey'>, file: string, say: (line: string) => void = () => undefined): Promise<Restored> {
  if (config.databaseUrl) {
    throw new RestoreRefused('DATABASE_URL is set: a PostgreSQL backup is restored with pg_restore (see "Backups and restore" in the README), not by this command.');
  }
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new RestoreRefused(`${file} is not a file.`);
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (error) {
    throw new RestoreRefused(`${(error as Error).message} A restore needs the panel stopped.`);
  }
  const work = path.join(config.dataDir, `.restore-${crypto.randomBytes(4).toString('hex')}`);
  try {
    say(`Checking ${path.basename(file)}: checksums, loading it into a separate database, ledger…`);
    const { drill, manifest } = await drillArchive(file, { workDir: work, keep: true, allowOlderMigrations: true });
    if (drill.status !== 'passed' || !manifest) {
      throw new RestoreRefused(`The backup did not pass its check, so nothing was restored:\n${drill.problems.map((p) => `  - ${p}`).join('\n')}`);
    }
    if (manifest.engine !== 'pglite') throw new RestoreRefused('This is a PostgreSQL backup: restore it with pg_restore (see the README).');
    say(`Check passed: ${drill.counts.accounts} accounts, ${drill.counts.devices} devices, ${drill.counts.activations} activations, ${drill.counts.ledger_rows} ledger rows; every balance equals its ledger.`);

    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const moves: [from: string, to: string][] = [];
    const aside = (name: string) => {
      const from = path.join(config.dataDir, name);
      if (!fs.existsSync(from)) return;
      const to = path.join(config.dataDir, `${name}.before-restore-${stamp}`);
      fs.renameSync(from, to);
      moves.push([from, to]);
    };
    const hasKey = fs.existsSync(path.join(work, SERVER_KEY_FILE));
    const uploads = uploadsDir(config as Config);
    try {
      aside('pglite');
      aside(path.relative(config.dataDir, uploads));
      if (hasKey) aside(SERVER_KEY_FILE);
      // The drilled folder itself: the work folder is inside DATA_DIR, so this is a rename.
      fs.renameSync(path.join(work, PGLITE_DIR), path.join(config.dataDir, 'pglite'));
      fs.mkdirSync(uploads, { recursive: true });
      if (fs.existsSync(path.join(work, UPLOADS))) fs.cpSync(path.join(work, UPLOADS), uploads, { recursive: true });
      if (hasKey) fs.copyFileSync(path.join(work, SERVER_KEY_FILE), path.join(config.dataDir, SERVER_KEY_FILE));
      if (hasKey) fs.chmodSync(path.join(config.dataDir, SERVER_KEY_FILE), 0o600);
    } catch (error) {
      // Put everything back as it was: a failed restore leaves the panel as it found it.
      // After the moves aside nothing was at these places: whatever is there now is the restore's.
      fs.rmSync(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
      fs.rmSync(uploads, { recursive: true, force: true });
      if (hasKey) fs.rmSync(path.join(config.dataDir, SERVER_KEY_FILE), { force: true });
      for (const [from, to] of moves.reverse()) fs.renameSync(to, from);
      throw error;
    }
    for (const [, to] of moves) say(`Kept aside: ${to}`);
    return { drill, keptAside: moves.map(([, to]) => to) };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    unlock();
  }
}
