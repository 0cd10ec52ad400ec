import { fmt, fmtRatio, type Load } from './http-load.js';
import { versusSelectOnly, type PgbenchFigures } from './pgbench.js';

/** Adds a row to the bench's table (label, figure, reference, note) and prints it at once. */
export type Report = (...cells: string[]) => void;

/** What every PostgreSQL part gets from run.ts. */
export type PartOptions = {
  seconds: number;
  connections: number;
  report: Report;
  /** pgbench's figures of this run of the bench: runs it on the first call (undefined when it cannot run). */
  pgbench: () => Promise<PgbenchFigures | undefined>;
};

export const problems = (r: Load) => (r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors!)` : '');

/** A list under load: its latencies and rate, against the bare route and against `pgbench -S`. */
export function listRow(report: Report, label: string, r: Load, bare: Load, pgbench: PgbenchFigures | undefined) {
  report(
    label,
    `p97.5 ${r.p95} ms, p99 ${r.p99} ms, ${fmt(r.rps, 0)} req/s (p50 ${r.p50} ms)`,
    `bare route ${fmt(bare.rps, 0)} req/s: ratio ${fmtRatio(r.rps / bare.rps)}; ${versusSelectOnly(r.rps, pgbench)}`,
    problems(r).trim(),
  );
}
