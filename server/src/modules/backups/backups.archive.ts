import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { backupFindingOf as found, backupFindingText, type BackupFinding } from '@panel/contract';
import { inWorker } from './backups.files.js';

/**
 * One backup is one `.tar.gz`: `manifest.json` first, then the database's dump
 * (`database/pglite/…`, PGlite's data folder, or `database/postgres.dump`, pg_dump's custom
 * format), the uploads folder and, when the key lives in DATA_DIR, `server.key`. The manifest holds
 * the sha256 of every other member, so a restore can tell a complete, untouched file from a
 * truncated, corrupt or foreign one before anything is replaced.
 */
export const MANIFEST = 'manifest.json';
export const FORMAT = 'reseller-panel-backup';
export const FORMAT_VERSION = 2;
/** PGlite's data folder, file by file (format 1, the first days' builds, held PGlite's own tar of it). */
export const PGLITE_DIR = 'database/pglite';
export const POSTGRES_DUMP = 'database/postgres.dump';
export const SERVER_KEY_FILE = 'server.key';
export const UPLOADS = 'uploads';

/** What the source held at the dump's point, read in the same snapshot as the dump. */
export const sourceCounts = z.object({
  accounts: z.number(),
  devices: z.number(),
  activations: z.number(),
  ledger_rows: z.number(),
  /** The sum of every balance, as a decimal string (bigint). */
  balance_total: z.string(),
  /** md5 of every account's `id:balance`, in id order: the restored copy must give the same. */
  balances_digest: z.string(),
});
export type SourceCounts = z.infer<typeof sourceCounts>;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  format_version: z.number(),
  panel_version: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  database_version: z.string(),
  created_at: z.string(),
  /** The migrations applied in the source when it was dumped (drizzle's journal `when` of the last one). */
  migrations: z.object({ applied: z.number(), last: z.number().nullable() }),
  counts: sourceCounts,
  files: z.record(z.string(), z.object({ size: z.number(), sha256: z.string() })),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** sha256 and size of every regular file under `root`, by path relative to it with `/` separators. */
export const hashTree = (root: string) => inWorker<Manifest['files']>('hash', { root });

/**
 * Packs `staging` (which holds manifest.json and the members it lists) into `out`, mode 0600: a
 * backup is as secret as the database (password hashes, encrypted API keys, and the key itself).
 * The file is synced before it is given its final name by the caller.
 */
export const packArchive = (staging: string, members: string[], out: string) => inWorker<void>('pack', { staging, members: [MANIFEST, ...members], out });

export type CheckedArchive = { manifest: Manifest | null; findings: BackupFinding[]; problems: string[] };

/** The English sentences of findings (the API's `problems`, the log, the command line). */
export const problemsOf = (findings: readonly BackupFinding[]) => findings.map(backupFindingText);

/**
 * Unpacks `file` into `into` (made empty first) and checks what came out against the manifest:
 * every member listed, of its size and sha256, nothing else, only plain files. Each problem is a
 * finding (a code and its values) and its English sentence; an archive that cannot be read at all
 * gives a null manifest. Members are streamed to disk, never held in memory: a large database's
 * dump is gigabytes.
 */
export async function unpackArchive(file: string, into: string): Promise<CheckedArchive> {
  const unpacked = await inWorker<{ unreadable: string | null; findings: BackupFinding[]; files: Manifest['files'] }>('unpack', { file, into });
  const findings = unpacked.findings;
  const checked = (manifest: Manifest | null, list: BackupFinding[]): CheckedArchive => ({ manifest, findings: list, problems: problemsOf(list) });
  if (unpacked.unreadable) return checked(null, [found('archive_unreadable', { reason: unpacked.unreadable })]);
  const manifestFile = path.join(into, MANIFEST);
  if (!fs.existsSync(manifestFile)) return checked(null, [...findings, found('manifest_missing')]);
  let manifest: Manifest;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
    if (!parsed.success) return checked(null, [...findings, found('manifest_invalid')]);
    manifest = parsed.data;
  } catch {
    return checked(null, [...findings, found('manifest_not_json')]);
  }
  if (manifest.format_version > FORMAT_VERSION) findings.push(found('format_newer', { version: manifest.format_version, supported: FORMAT_VERSION }));
  const present = unpacked.files;
  for (const [name, expected] of Object.entries(manifest.files)) {
    const actual = present[name];
    if (!actual) findings.push(found('member_missing', { name }));
    else if (actual.size !== expected.size) findings.push(found('member_size', { name, size: actual.size, expected: expected.size }));
    else if (actual.sha256 !== expected.sha256) findings.push(found('member_checksum', { name }));
  }
  for (const name of Object.keys(present)) {
    if (name !== MANIFEST && !manifest.files[name]) findings.push(found('member_unlisted', { name }));
  }
  if (!holdsDatabase(manifest)) findings.push(found('dump_missing', { name: manifest.engine === 'postgres' ? POSTGRES_DUMP : PGLITE_DIR }));
  return checked(manifest, findings);
}

/** Whether the manifest lists the database: the dump file, or files of the PGlite folder. */
function holdsDatabase(manifest: Manifest): boolean {
  if (manifest.engine === 'postgres') return Boolean(manifest.files[POSTGRES_DUMP]);
  return Object.keys(manifest.files).some((name) => name.startsWith(`${PGLITE_DIR}/`));
}

export function describe(error: unknown): string {
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ? `${(error as NodeJS.ErrnoException).code}: ${error.message}` : error.message;
  return String(error);
}
