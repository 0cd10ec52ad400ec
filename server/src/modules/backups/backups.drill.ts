import fs from 'node:fs';
import path from 'node:path';
import { backupFindingOf as found, type BackupFinding, type BackupRecord } from '@panel/contract';
import { describe, PGLITE_DIR, POSTGRES_DUMP, problemsOf, unpackArchive, type Manifest } from './backups.archive.js';
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
 * source's at the dump's point (the manifest's). Every difference is a finding (a code and its values,
 * in `findings`) and its English sentence (in `problems`, in the same order).
 */
export async function drillArchive(file: string, options: DrillOptions): Promise<DrillResult> {
  const started = Date.now();
  const counts = { accounts: 0, devices: 0, activations: 0, ledger_rows: 0 };
  const done = (findings: BackupFinding[], manifest: Manifest | null): DrillResult => ({
    drill: {
      status: findings.length ? 'failed' : 'passed',
      checked_at: new Date().toISOString(),
      duration_ms: Date.now() - started,
      problems: problemsOf(findings),
      findings,
      counts,
    },
    manifest,
  });
  try {
    const { manifest, findings } = await unpackArchive(file, options.workDir);
    if (!manifest || findings.length) return done(findings, manifest);
    let restored: { query: Query; close(): Promise<void> };
    try {
      if (manifest.engine === 'pglite') {
        restored = await loadPglite(path.join(options.workDir, PGLITE_DIR));
      } else {
        if (!options.databaseUrl) return done([found('postgres_backup_needs_postgres')], manifest);
        restored = await loadPostgresScratch(options.databaseUrl, path.join(options.workDir, POSTGRES_DUMP));
      }
    } catch (error) {
      return done([found('dump_not_loading', { error: describe(error) })], manifest);
    }
    try {
      const checked = await checkRestored(restored.query, manifest, options);
      Object.assign(counts, checked.counts);
      return done(checked.findings, manifest);
    } finally {
      await restored.close();
    }
  } catch (error) {
    return done([found('drill_not_run', { error: describe(error) })], null);
  } finally {
    if (!options.keep) fs.rmSync(options.workDir, { recursive: true, force: true });
  }
}

/** A balance read as text (bigint): a number, to be written in the reader's language, when it is exact as one. */
function points(value: unknown): string | number {
  const text = String(value);
  const n = Number(text);
  return Number.isSafeInteger(n) && String(n) === text ? n : text;
}

async function checkRestored(query: Query, manifest: Manifest, options: DrillOptions) {
  const findings: BackupFinding[] = [];

  const applied = await readMigrations(query);
  const code = codeMigrations();
  if (applied.applied === 0) {
    findings.push(found('migrations_table_missing'));
  } else if (applied.applied !== manifest.migrations.applied || applied.last !== manifest.migrations.last) {
    findings.push(found('migrations_differ', { applied: applied.applied, source: manifest.migrations.applied }));
  } else if (applied.applied > code.count || (applied.last ?? 0) > (code.last ?? 0)) {
    findings.push(found('migrations_newer', { applied: applied.applied, known: code.count }));
  } else if (applied.applied < code.count && !options.allowOlderMigrations) {
    findings.push(found('migrations_older', { applied: applied.applied, known: code.count }));
  }

  const counts = await readCounts(query);
  const source = manifest.counts;
  for (const key of ['accounts', 'devices', 'activations', 'ledger_rows'] as const) {
    if (counts[key] !== source[key]) findings.push(found(`${key}_differ`, { restored: counts[key], source: source[key] }));
  }
  if (counts.balance_total !== source.balance_total) {
    findings.push(found('balance_total_differs', { restored: points(counts.balance_total), source: points(source.balance_total) }));
  } else if (counts.balances_digest !== source.balances_digest) {
    findings.push(found('balances_differ'));
  }

  const mismatches = await query(`select u.id, u.credit_point::text as balance, (coalesce(i.total, 0) - coalesce(o.total, 0))::text as ledger
    from public.users u
    left join (select creditor_id as id, sum(credit_point) as total from public.credit_ledger where creditor_id is not null group by creditor_id) i on i.id = u.id
    left join (select debitor_id as id, sum(credit_point) as total from public.credit_ledger where debitor_id is not null group by debitor_id) o on o.id = u.id
    where u.credit_point <> coalesce(i.total, 0) - coalesce(o.total, 0)
    order by u.id limit ${MAX_LISTED + 1}`);
  for (const row of mismatches.slice(0, MAX_LISTED)) {
    findings.push(found('balance_ledger_mismatch', { account: String(row.id), balance: points(row.balance), ledger: points(row.ledger) }));
  }
  if (mismatches.length > MAX_LISTED) findings.push(found('more_balance_mismatches'));

  const negative = await query(`select id, credit_point::text as balance from public.users where credit_point < 0 order by id limit ${MAX_LISTED}`);
  for (const row of negative) findings.push(found('negative_balance', { account: String(row.id), balance: points(row.balance) }));

  const orphans = await query(`select count(*)::int as n from public.credit_ledger l
    where (l.debitor_id is not null and not exists (select 1 from public.users u where u.id = l.debitor_id))
       or (l.creditor_id is not null and not exists (select 1 from public.users u where u.id = l.creditor_id))`);
  if (Number(orphans[0]!.n) > 0) findings.push(found('orphan_ledger_rows', { rows: Number(orphans[0]!.n) }));

  return { findings, counts: { accounts: counts.accounts, devices: counts.devices, activations: counts.activations, ledger_rows: counts.ledger_rows } };
}
