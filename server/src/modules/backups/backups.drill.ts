import fs from 'node:fs';
import path from 'node:path';
import type { BackupRecord } from '@panel/contract';
import { describe, PGLITE_DIR, POSTGRES_DUMP, unpackArchive, type Manifest } from './backups.archive.js';
import { codeMigrations, loadPglite, loadPostgresScratch, readCounts, readMigrations, type Query } from './backups.database.js';

export type BackupDrill = NonNullable<BackupRecord['drill']>;

export type DrillOptions = {
  /** The PostgreSQL server to restore a pg_dump file on, into a scratch database (dropped after). */
  databaseUrl?: string;
  /**
   * Where the archive is unpacked (emptied first, removed after unless `keep`). The restore keeps
   * it to take the files from: the PGlite folder there is the drilled database.
   */
  workDir: string;
  keep?: boolean;
  /** A backup of an older panel (fewer migrations) passes: the restored panel migrates it on start. */
  allowOlderMigrations?: boolean;
};

export type DrillResult = { drill: BackupDrill; manifest: Manifest | null };

const MAX_LISTED = 10;

/**
 * The proof that a backup restores: unpack it and check every member against the manifest, load
 * the dump into a fresh, separate database (PGlite on the unpacked folder, or a scratch PostgreSQL
 * database),
 * then check the migrations and the ledger there: every account's balance equals what its ledger
 * rows brought in minus what they took out, none is negative, and the counts and balances equal the
 * source's at the dump's point (the manifest's). Every difference is a plain sentence in `problems`.
 */
export async function drillArchive(file: string, options: DrillOptions): Promise<DrillResult> {
  const started = Date.now();
  const counts = { accounts: 0, devices: 0, activations: 0, ledger_rows: 0 };
  const done = (problems: string[], manifest: Manifest | null): DrillResult => ({
    drill: { status: problems.length ? 'failed' : 'passed', checked_at: new Date().toISOString(), duration_ms: Date.now() - started, problems, counts },
    manifest,
  });
  try {
    const { manifest, problems } = await unpackArchive(file, options.workDir);
    if (!manifest || problems.length) return done(problems, manifest);
    let restored: { query: Query; close(): Promise<void> };
    try {
      if (manifest.engine === 'pglite') {
        restored = await loadPglite(path.join(options.workDir, PGLITE_DIR));
      } else {
        if (!options.databaseUrl) return done(['This is a PostgreSQL backup: it is checked and restored with PostgreSQL (see the README), not into the embedded database.'], manifest);
        restored = await loadPostgresScratch(options.databaseUrl, path.join(options.workDir, POSTGRES_DUMP));
      }
    } catch (error) {
      return done([`The database dump does not load: ${describe(error)}`], manifest);
    }
    try {
      const found = await checkRestored(restored.query, manifest, options);
      Object.assign(counts, found.counts);
      return done(found.problems, manifest);
    } finally {
      await restored.close();
    }
  } catch (error) {
    return done([`The drill could not run: ${describe(error)}`], null);
  } finally {
    if (!options.keep) fs.rmSync(options.workDir, { recursive: true, force: true });
  }
}

async function checkRestored(query: Query, manifest: Manifest, options: DrillOptions) {
  const problems: string[] = [];

  const applied = await readMigrations(query);
  const code = codeMigrations();
  if (applied.applied === 0) {
    problems.push('The restored database has no migrations table: it is not a panel database.');
  } else if (applied.applied !== manifest.migrations.applied || applied.last !== manifest.migrations.last) {
    problems.push(`The restored database has ${applied.applied} migrations applied, the source had ${manifest.migrations.applied}.`);
  } else if (applied.applied > code.count || (applied.last ?? 0) > (code.last ?? 0)) {
    problems.push(`The backup has ${applied.applied} migrations applied, this panel's code knows ${code.count}: it comes from a newer panel version.`);
  } else if (applied.applied < code.count && !options.allowOlderMigrations) {
    problems.push(`The backup has ${applied.applied} migrations applied, this panel's code has ${code.count}.`);
  }

  const counts = await readCounts(query);
  const source = manifest.counts;
  for (const [key, label] of [
    ['accounts', 'accounts'],
    ['devices', 'devices'],
    ['activations', 'activations'],
    ['ledger_rows', 'ledger rows'],
  ] as const) {
    if (counts[key] !== source[key]) problems.push(`The restored copy has ${counts[key]} ${label}, the source had ${source[key]} when it was dumped.`);
  }
  if (counts.balance_total !== source.balance_total) {
    problems.push(`The restored balances add up to ${counts.balance_total} points, the source's added up to ${source.balance_total} when it was dumped.`);
  } else if (counts.balances_digest !== source.balances_digest) {
    problems.push('Some restored balances differ from the source\'s at the dump, though their total is the same.');
  }

  const mismatches = await query(`select u.id, u.credit_point::text as balance, (coalesce(i.total, 0) - coalesce(o.total, 0))::text as ledger
    from public.users u
    left join (select creditor_id as id, sum(credit_point) as total from public.credit_ledger where creditor_id is not null group by creditor_id) i on i.id = u.id
    left join (select debitor_id as id, sum(credit_point) as total from public.credit_ledger where debitor_id is not null group by debitor_id) o on o.id = u.id
    where u.credit_point <> coalesce(i.total, 0) - coalesce(o.total, 0)
    order by u.id limit ${MAX_LISTED + 1}`);
  for (const row of mismatches.slice(0, MAX_LISTED)) {
    problems.push(`Account ${String(row.id)} has a balance of ${String(row.balance)} points, but its ledger rows add up to ${String(row.ledger)}.`);
  }
  if (mismatches.length > MAX_LISTED) problems.push('More accounts than these have a balance that differs from their ledger.');

  const negative = await query(`select id, credit_point::text as balance from public.users where credit_point < 0 order by id limit ${MAX_LISTED}`);
  for (const row of negative) problems.push(`Account ${String(row.id)} has a negative balance (${String(row.balance)}).`);

  const orphans = await query(`select count(*)::int as n from public.credit_ledger l
    where (l.debitor_id is not null and not exists (select 1 from public.users u where u.id = l.debitor_id))
       or (l.creditor_id is not null and not exists (select 1 from public.users u where u.id = l.creditor_id))`);
  if (Number(orphans[0]!.n) > 0) problems.push(`${Number(orphans[0]!.n)} ledger rows name an account that is not in the copy.`);

  return { problems, counts: { accounts: counts.accounts, devices: counts.devices, activations: counts.activations, ledger_rows: counts.ledger_rows } };
}
