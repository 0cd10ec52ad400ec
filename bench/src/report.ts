import { fmt, fmtRatio, load, type Load } from './http-load.js';
import type { LoadSpec } from './load-process.js';
import { versusSelectOnly, type PgbenchFigures } from './pgbench.js';
import { framesCell, profileLoad, type Frame } from './profile.js';
import { measureTwin, statementsSent, versusTwin, type Twin } from './twin.js';

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

/** A list under load, its pgbench twin and (BENCH_PROFILE=1) the server's CPU profile under the same load. */
export type ListFigures = { load: Load; twin?: Twin; frames?: Frame[] };

/**
 * Measures one list of the panel at `databaseUrl`: the load of `spec` (the measured run), then at
 * once its twin (the statements one request sends, through `pgbench -f` at the same client count
 * against the same database), then, with BENCH_PROFILE=1, the same load again under the CPU profiler.
 */
export async function measureList(label: string, databaseUrl: string, spec: LoadSpec): Promise<ListFigures> {
  const before = statementsSent();
  const figures = await load(spec.url, spec);
  const underLoad = (statementsSent() - before) / Math.max(figures.ok ?? 0, 1);
  const twin = await measureTwin(label, databaseUrl, spec, spec);
  const frames = await profileLoad(label, () => load(spec.url, spec));
  return { load: figures, twin: twin && { ...twin, underLoad }, frames };
}

/** A list under load: its latencies and rate, against its twin, the bare route and `pgbench -S`. */
export function listRow(report: Report, label: string, list: ListFigures, bare: Load | undefined, pgbench: PgbenchFigures | undefined) {
  const r = list.load;
  report(
    label,
    `p97.5 ${r.p95} ms, p99 ${r.p99} ms, ${fmt(r.rps, 0)} req/s (p50 ${r.p50} ms)`,
    `${versusTwin(r.rps, list.twin)}; ${bare ? `bare route ${fmt(bare.rps, 0)} req/s: ratio ${fmtRatio(r.rps / bare.rps)}; ` : ''}${versusSelectOnly(r.rps, pgbench)}`,
    problems(r).trim(),
  );
  if (list.frames) report(`CPU profile: ${label}`, 'top 5 frames by self time', framesCell(list.frames), '');
}
