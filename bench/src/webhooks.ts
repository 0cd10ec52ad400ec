import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../server/src/db/client.js';
import { emitEvent } from '../../server/src/modules/webhooks/outbox.js';
import { startBenchPanel } from './bench-panel.js';
import { fmt } from './http-load.js';
import type { PartOptions } from './report.js';

const BACKLOG = 2000;
const BATCH = 50;
const LATENCY_ROUNDS = 200;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * Webhook delivery by one node (its worker, as `npm start` runs it: 8 in flight, woken by NOTIFY)
 * to a receiver on loopback that answers 200 at once:
 * - events delivered per second: BACKLOG events committed in transactions of BATCH, from the
 *   first commit to the last arrival;
 * - the time from a committed event to its arrival at the receiver, one event at a time
 *   (median and p99 of LATENCY_ROUNDS).
 * On PostgreSQL (`databaseUrl`) and on PGlite (the default install).
 */
export async function webhookDelivery(databaseUrl: string, options: PartOptions) {
  for (const [label, env] of [
    ['PostgreSQL', { DATABASE_URL: databaseUrl }],
    ['PGlite', {}],
  ] as const) {
    await measure(label, env, options);
  }
}

async function measure(label: string, env: Record<string, string>, options: PartOptions) {
  const arrivals = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.set(String(req.headers['webhook-id']), performance.now());
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const panel = await startBenchPanel({ ...env, WEBHOOK_ALLOW_PRIVATE: 'true' });
  try {
    const db = panel.app.deps.db;
    const found = await db.execute<{ id: number }>(sql`select id from users where email = ${panel.adminEmail}`);
    const userId = (found as { rows: { id: number }[] }).rows[0]!.id;
    await panel.call('POST', '/webhooks', panel.adminToken, { url, events: ['credit.received'], description: 'bench' });
    const emit = (tx: Tx, n: number) =>
      emitEvent(tx, { userId, type: 'credit.received', data: { amount: n, balance_after: 1000 + n } });
    const waitFor = async (count: number, timeoutMs: number) => {
      const until = Date.now() + timeoutMs;
      while (arrivals.size < count) {
        if (Date.now() > until) throw new Error(`${arrivals.size} of ${count} webhooks arrived`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };

    // Warm-up: statements prepared, connections to the receiver open.
    for (let i = 0; i < 20; i++) await db.transaction((tx) => emit(tx, i));
    await waitFor(20, 30_000);
    arrivals.clear();

    // Throughput: a backlog committed as fast as the database takes it, delivered by the one worker.
    const started = performance.now();
    for (let b = 0; b < BACKLOG / BATCH; b++) {
      await db.transaction(async (tx) => {
        for (let i = 0; i < BATCH; i++) await emit(tx, b * BATCH + i);
      });
    }
    const committed = performance.now() - started;
    await waitFor(BACKLOG, 300_000);
    const seconds = (Math.max(...arrivals.values()) - started) / 1000;
    options.report(
      `webhooks delivered per second by one node to a loopback receiver (${label})`,
      `${fmt(BACKLOG / seconds, 0)} events/s`,
      `${BACKLOG} events in ${fmt(seconds, 1)} s`,
      `committed in ${fmt(committed / 1000, 1)} s, in transactions of ${BATCH}; 8 deliveries in flight`,
    );
    arrivals.clear();

    // Latency: one event at a time, from its commit to its arrival.
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_ROUNDS; i++) {
      const id = await db.transaction((tx) => emit(tx, i));
      const commitAt = performance.now();
      while (!arrivals.has(id)) await new Promise((r) => setImmediate(r));
      latencies.push(arrivals.get(id)! - commitAt);
    }
    options.report(
      `webhook: committed event to its arrival at the receiver (${label})`,
      `median ${fmt(percentile(latencies, 50), 1)} ms, p99 ${fmt(percentile(latencies, 99), 1)} ms`,
      `${LATENCY_ROUNDS} events, one at a time`,
      'NOTIFY at commit wakes the worker; without it, the 1 s poll',
    );
  } finally {
    await panel.close();
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
  }
}
