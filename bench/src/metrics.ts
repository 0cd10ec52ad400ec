import { createPanelMetrics } from '../../server/src/modules/metrics/panel-metrics.js';
import { startBenchPanel } from './bench-panel.js';
import { fmt, load, type Load } from './http-load.js';
import { problems, type Report } from './report.js';

const TOKEN = 'bench-metrics-token-0123456789abcdef';
const ROUNDS = 4;
const SCRAPES = 20;
const CALLS = 1_000_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * What the metrics cost a request: the bare route (which does nothing, through every hook) of a
 * panel without METRICS_TOKEN and of one with it (the timing hook, the process and event-loop
 * collectors), both on PGlite in this process, the clients in their own process. Measured in
 * pairs, one after the other, ROUNDS times, so that the machine's drift falls on both: the
 * ratio of each pair's throughputs (their median is reported), and the server's processor time
 * per answered request (this process's, read around each run), which other jobs on the machine
 * disturb less than the throughput.
 */
export async function metricsOverhead(options: { seconds: number; connections: number; report: Report }) {
  const { seconds, connections, report } = options;
  const off = await startBenchPanel();
  const on = await startBenchPanel({ METRICS_TOKEN: TOKEN });
  try {
    const bare = async (panel: { base: string }) => {
      const cpu = process.cpuUsage();
      const result = await load(`${panel.base}/api/bench-bare`, { connections, seconds });
      const used = process.cpuUsage(cpu);
      return { ...result, cpuPerRequestUs: (used.user + used.system) / Math.max(1, result.ok ?? 0) };
    };
    await load(`${off.base}/api/bench-bare`, { connections, seconds: 2 }); // warm-up
    await load(`${on.base}/api/bench-bare`, { connections, seconds: 2 });
    const pairs: { off: Awaited<ReturnType<typeof bare>>; on: Awaited<ReturnType<typeof bare>> }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Which goes first alternates too.
      if (i % 2 === 0) {
        const o = await bare(off);
        pairs.push({ off: o, on: await bare(on) });
      } else {
        const n = await bare(on);
        pairs.push({ on: n, off: await bare(off) });
      }
    }
    const ratio = median(pairs.map((p) => p.on.rps / p.off.rps));
    const cpuOn = median(pairs.map((p) => p.on.cpuPerRequestUs));
    const cpuOff = median(pairs.map((p) => p.off.cpuPerRequestUs));
    const rps = (list: Load[]) => median(list.map((r) => r.rps));
    report(
      `bare route with METRICS_TOKEN set (timing hook, process and event-loop collectors), ${connections} connections, PGlite`,
      `${fmt(rps(pairs.map((p) => p.on)), 0)} req/s; server processor time ${fmt(cpuOn, 0)} µs per request`,
      `METRICS_TOKEN unset: ${fmt(rps(pairs.map((p) => p.off)), 0)} req/s, ${fmt(cpuOff, 0)} µs per request: **throughput ratio ${fmt(ratio, 2)}**, processor time per request ×${fmt(cpuOn / cpuOff, 2)}`,
      `medians of ${ROUNDS} pairs of ${seconds} s runs; pair ratios ${pairs.map((p) => fmt(p.on.rps / p.off.rps, 2)).join(', ')}${problems(pairs[0]!.on)}`,
    );

    // The hook's own work, without the network and the machine's other jobs in the way: what
    // each request adds to the histogram (label check, series look-up, bucket), in a tight loop.
    const alone = createPanelMetrics();
    const perCall: number[] = [];
    for (let round = 0; round < 5; round++) {
      const cpu = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) alone.request('GET', '/api/bench-bare', 200, 0.0003 + (i % 7) * 0.001);
      const used = process.cpuUsage(cpu);
      perCall.push(((used.user + used.system) * 1000) / CALLS);
    }
    report(
      'the timing hook recording one request (histogram observe), alone',
      `median ${fmt(median(perCall), 0)} ns of processor time`,
      `against ${fmt(cpuOff, 0)} µs per bare-route request above: ${fmt((median(perCall) / 1000 / cpuOff) * 100, 1)} %`,
      `5 rounds of ${CALLS.toLocaleString('en')} calls`,
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
