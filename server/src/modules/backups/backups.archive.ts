import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { z } from 'zod';

/**
 * One backup is one `.tar.gz`: `manifest.json` first, then the database's dump
 * (`database/pglite.tar`, PGlite's data folder, or `database/postgres.dump`, pg_dump's custom
 * format), the uploads folder and, when the key lives in DATA_DIR, `server.key`. The manifest holds
 * the sha256 of every other member, so a restore can tell a complete, untouched file from a
 * truncated, corrupt or foreign one before anything is replaced.
 */
export const MANIFEST = 'manifest.json';
export const FORMAT = 'reseller-panel-backup';
export const FORMAT_VERSION = 1;
export const PGLITE_DUMP = 'database/pglite.tar';
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
export async function hashTree(root: string): Promise<Manifest['files']> {
  const files: Manifest['files'] = {};
  const walk = async (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) files[path.relative(root, full).split(path.sep).join('/')] = await hashFile(full);
    }
  };
  await walk(root);
  return files;
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 16 * 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Packs `staging` (which holds manifest.json and the members it lists) into `out`, mode 0600: a
 * backup is as secret as the database (password hashes, encrypted API keys, and the key itself).
 * The file is synced before it is given its final name by the caller.
 */
export async function packArchive(staging: string, members: string[], out: string): Promise<void> {
  // Large reads and a large write buffer (written with writev): few event-loop turns, so a busy
  // server that gives the backup one turn in many still finishes it.
  const pack = tar.c({ gzip: { level: 6 }, cwd: staging, portable: true, maxReadSize: 16 * 1024 * 1024 }, [MANIFEST, ...members]);
  await pipeline(pack, fs.createWriteStream(out, { mode: 0o600, highWaterMark: 16 * 1024 * 1024 }));
  fs.chmodSync(out, 0o600);
  const handle = await fs.promises.open(out, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export type ReadArchive = { manifest: Manifest | null; members: Map<string, Buffer>; problems: string[] };

/**
 * Reads `file` into memory and checks it against its manifest: every member listed, of its size
 * and sha256, nothing else, only plain files. Problems are plain sentences; an archive that cannot
 * be read at all gives a null manifest. Large reads and in-memory inflating keep the number of
 * event-loop turns small, so a busy server still gets through it.
 */
export async function readArchive(file: string): Promise<ReadArchive> {
  const members = new Map<string, Buffer>();
  const problems: string[] = [];
  try {
    await tar.t({
      file,
      strict: true,
      maxReadSize: 16 * 1024 * 1024,
      onReadEntry: (entry) => {
        if (entry.type === 'Directory') return entry.resume();
        if (entry.type !== 'File' && entry.type !== 'OldFile') {
          problems.push(`The archive holds ${entry.path}, which is not a plain file.`);
          return entry.resume();
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => members.set(entry.path.replace(/^\.\//, ''), Buffer.concat(chunks)));
      },
    });
  } catch (error) {
    return { manifest: null, members, problems: [`The file cannot be read as a backup archive (${describe(error)}): it is truncated, corrupt or not a panel backup.`] };
  }
  const raw = members.get(MANIFEST);
  if (!raw) return { manifest: null, members, problems: [...problems, `The archive has no ${MANIFEST}: it is not a panel backup.`] };
  let manifest: Manifest;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(raw.toString('utf8')));
    if (!parsed.success) return { manifest: null, members, problems: [...problems, `The archive's ${MANIFEST} is not a panel backup's manifest.`] };
    manifest = parsed.data;
  } catch {
    return { manifest: null, members, problems: [...problems, `The archive's ${MANIFEST} is not valid JSON.`] };
  }
  if (manifest.format_version > FORMAT_VERSION) {
    problems.push(`The backup's format version ${manifest.format_version} is newer than this panel reads (${FORMAT_VERSION}): restore it with a newer panel.`);
  }
  for (const [name, expected] of Object.entries(manifest.files)) {
    const actual = members.get(name);
    if (!actual) problems.push(`The archive lacks ${name}, which its manifest lists.`);
    else if (actual.length !== expected.size) problems.push(`${name} has ${actual.length} bytes, its manifest says ${expected.size}.`);
    else if (crypto.createHash('sha256').update(actual).digest('hex') !== expected.sha256) problems.push(`${name} does not match its checksum: the file was changed or damaged.`);
  }
  for (const name of members.keys()) {
    if (name !== MANIFEST && !manifest.files[name]) problems.push(`The archive holds ${name}, which its manifest does not list.`);
  }
  const dump = manifest.engine === 'pglite' ? PGLITE_DUMP : POSTGRES_DUMP;
  if (!manifest.files[dump]) problems.push(`The archive has no database dump (${dump}).`);
  return { manifest, members, problems };
}

/** Writes the members of a read archive under `dir` (mode 0600 files); names are checked to stay inside. */
export function writeMembers(members: Map<string, Buffer>, dir: string) {
  for (const [name, data] of members) {
    const target = path.resolve(dir, name);
    if (!target.startsWith(path.resolve(dir) + path.sep)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    fs.writeFileSync(target, data, { mode: 0o600 });
  }
}

/** Unpacks and checks `file` into `into` (made empty first): `readArchive`, then the members written out. */
export async function unpackArchive(file: string, into: string): Promise<{ manifest: Manifest | null; problems: string[] }> {
  const read = await readArchive(file);
  fs.rmSync(into, { recursive: true, force: true });
  fs.mkdirSync(into, { recursive: true, mode: 0o700 });
  writeMembers(read.members, into);
  return { manifest: read.manifest, problems: read.problems };
}

export function describe(error: unknown): string {
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ? `${(error as NodeJS.ErrnoException).code}: ${error.message}` : error.message;
  return String(error);
}
