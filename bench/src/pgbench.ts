import { spawn } from 'node:child_process';
import pg from 'pg';
import { fmt, fmtRatio } from './http-load.js';

/** PostgreSQL's own speed on this machine in this run: the yardstick of our PostgreSQL figures. */
export type PgbenchFigures = {
  /** TPC-B (pgbench's default script: three updates, a select and an insert) on one branch. */
  tpcb: number;
  /** `-S`: one primary-key select per transaction. */
  selectOnly: number;
  clients: number;
};

/** BENCH_PGBENCH_DATABASE: another name, so that two benches on one server do not drop each other's. */
const DATABASE = process.env.BENCH_PGBENCH_DATABASE ?? 'panel_pgbench';
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error(`BENCH_PGBENCH_DATABASE: ${DATABASE} is no plain database name`);

type Outcome = { code: number | null; out: string; err: string; missing?: boolean };

/** libpq's environment for pgbench against `database` on the server of `url`. */
export function pgbenchEnv(url: string, database: string) {
  const target = new URL(url);
  return {
    ...process.env,
    PGHOST: target.hostname,
    PGPORT: target.port || '5432',
    PGUSER: decodeURIComponent(target.username) || 'postgres',
    ...(target.password ? { PGPASSWORD: decodeURIComponent(target.password) } : {}),
    PGDATABASE: database,
  };
}

/** Runs pgbench with `args`; `missing` when it is not installed. */
export function pgbench(args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn('pgbench', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => resolve({ code: null, out, err: error.message, missing: error.code === 'ENOENT' }));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** "tps = 2233.456 (without initial connection time)" in pgbench 14 and later; older ones print two tps lines. */
export const tpsOf = (out: string) => Number(/tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(out)?.[1] ?? NaN);

/**
 * pgbench on its own database of the PostgreSQL server at `url`: `pgbench -i -s 1` (one branch, so
 * all clients update the same branch row, as our credit transfers all update one hot balance), then
 * TPC-B and select-only (`-S`) with `connections` clients on 2 threads for `seconds` each, no vacuum
 * between runs (`-n`). The database is dropped afterwards. Says why and answers undefined when
 * pgbench is not installed or fails: the bench goes on without the ratios.
 */
export async function runPgbench(url: string, options: { connections: number; seconds: number; through?: string }): Promise<PgbenchFigures | undefined> {
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch {
    console.log(`pgbench: PostgreSQL at ${url} is not reachable: skipped`);
    return undefined;
  }
  const env = pgbenchEnv(url, DATABASE);
  // `through`: a pooler in front of the same server (bench/src/pooler.ts); the database is made
  // directly, the measured runs go through it (pgbench's default simple protocol names no statement).
  const measuredEnv = options.through ? pgbenchEnv(options.through, DATABASE) : env;
  try {
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
    const steps: [string, string[]][] = [
      ['init', ['-i', '-s', '1', '-q']],
      ['TPC-B', ['-c', String(options.connections), '-j', '2', '-T', String(options.seconds), '-n']],
      ['-S', ['-S', '-c', String(options.connections), '-j', '2', '-T', String(options.seconds), '-n']],
    ];
    const tps: number[] = [];
    for (const [name, args] of steps) {
      const run = await pgbench(args, name === 'init' ? env : measuredEnv);
      if (run.missing) {
        console.log('pgbench is not installed: the PostgreSQL figures are shown without their ratio to it');
        return undefined;
      }
      if (run.code !== 0) {
        console.log(`pgbench ${name} failed (exit ${run.code}): ${(run.err || run.out).trim().split('\n').slice(-3).join(' / ')}; the PostgreSQL figures are shown without their ratio to it`);
        return undefined;
      }
      if (name !== 'init') {
        const value = tpsOf(run.out);
        if (!Number.isFinite(value)) {
          console.log(`pgbench ${name}: no tps in its output; the PostgreSQL figures are shown without their ratio to it`);
          return undefined;
        }
        tps.push(value);
      }
    }
    const figures = { tpcb: tps[0]!, selectOnly: tps[1]!, clients: options.connections };
    console.log(`pgbench${options.through ? ' through the pooler' : ''} (scale 1, ${options.connections} clients, 2 threads, ${options.seconds} s): TPC-B ${fmt(figures.tpcb, 0)} tps, -S ${fmt(figures.selectOnly, 0)} tps`);
    return figures;
  } finally {
    await admin.query(`drop database if exists ${DATABASE} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

/** A write rate (transfers, activations, purchases per second) against TPC-B's transactions per second. */
export const versusTpcb = (perSecond: number, figures: PgbenchFigures | undefined) =>
  figures ? `pgbench TPC-B ${fmt(figures.tpcb, 0)} tps: ratio ${fmtRatio(perSecond / figures.tpcb)}` : 'pgbench: not run';

/** A read rate (list requests per second) against `pgbench -S` transactions per second. */
export const versusSelectOnly = (perSecond: number, figures: PgbenchFigures | undefined) =>
  figures ? `pgbench -S ${fmt(figures.selectOnly, 0)} tps: ratio ${fmtRatio(perSecond / figures.selectOnly)}` : 'pgbench: not run';
