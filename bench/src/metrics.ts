import { startBenchPanel } from './bench-panel.js';
import { fmt, load, type Load } from './http-load.js';
import { problems, type Report } from './report.js';

const TOKEN = 'bench-metrics-token-0123456789abcdef';
const ROUNDS = 3;
const SCRAPES = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * What the metrics cost a request: the bare route (which does nothing, through every hook) of a
 * panel without METRICS_TOKEN and of one with it (the timing hook, the process and event-loop
 * collectors), both on PGlite in this process, measured in turn ROUNDS times each so that the
 * machine's drift falls on both; and what one scrape of GET /metrics takes.
 */
export async function metricsOverhead(options: { seconds: number; connections: number; report: Report }) {
  const { seconds, connections, report } = options;
  const off = await startBenchPanel();
  const on = await startBenchPanel({ METRICS_TOKEN: TOKEN });
  try {
    const bare = (panel: { base: string }) => load(`${panel.base}/api/bench-bare`, { connections, seconds });
    await load(`${off.base}/api/bench-bare`, { connections, seconds: 2 }); // warm-up
    await load(`${on.base}/api/bench-bare`, { connections, seconds: 2 });
    const runs: { off: Load[]; on: Load[] } = { off: [], on: [] };
    for (let i = 0; i < ROUNDS; i++) {
      runs.off.push(await bare(off));
      runs.on.push(await bare(on));
    }
    const rps = (list: Load[]) => list.reduce((sum, r) => sum + r.rps, 0) / list.length;
    const p99 = (list: Load[]) => Math.max(...list.map((r) => r.p99));
    const [offRps, onRps] = [rps(runs.off), rps(runs.on)];
    report(
      `bare route with METRICS_TOKEN set (timing hook, process and event-loop collectors), ${connections} connections, PGlite`,
      `${fmt(onRps, 0)} req/s, p99 ${p99(runs.on)} ms`,
      `METRICS_TOKEN unset: ${fmt(offRps, 0)} req/s, p99 ${p99(runs.off)} ms: **ratio ${fmt(onRps / offRps, 2)}**`,
      `runs alternated, ${ROUNDS} of ${seconds} s each: on ${runs.on.map((r) => fmt(r.rps, 0)).join(', ')}; off ${runs.off.map((r) => fmt(r.rps, 0)).join(', ')}${problems(runs.on[0]!)}`,
    );

    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < SCRAPES; i++) {
      const started = performance.now();
      const res = await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const body = await res.text();
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`GET /metrics: ${res.status}`);
      size = body.length;
    }
    report('one scrape of GET /metrics (after the runs above)', `median ${fmt(median(times), 1)} ms`, `${fmt(size / 1024, 1)} KB of text`, `${SCRAPES} scrapes, one at a time`);
  } finally {
    await off.close();
    await on.close();
  }
}
