/**
 * `npm run bench`: the figures of the foundation issue, printed as a Markdown table for the
 * README. It reports; it never fails the test suite. Every target is on this machine's loopback.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { chromium } from '@playwright/test';
import { POOL_SIZE, startBenchPanel } from './bench-panel.js';
import { fmt, load } from './http-load.js';
import { resellersAndCredit } from './credit-and-lists.js';
import { devicesAndActivation } from './devices.js';
import { devicesExport } from './export.js';
import { bulkActivation } from './bulk-activation.js';
import { activationCodes } from './codes.js';
import { ticketsList } from './tickets.js';
import { billingRecords } from './billing.js';
import { stepUpCost } from './step-up.js';
import { webhookDelivery } from './webhooks.js';
import { storefrontFigures } from './storefront.js';
import { customerRemindersFigures } from './customer-reminders.js';
import { runPgbench, type PgbenchFigures } from './pgbench.js';
import { metricsOverhead } from './metrics.js';
import { backupFigures } from './backup.js';
import { insightsFigures } from './insights.js';
import { writePathFigures } from './write-path.js';
import { measureTwin, statementsSent, versusTwin } from './twin.js';
import { framesCell, profileLoad } from './profile.js';
import { describeBreakdown, freePort, idleMemoryRuns, START_ADMIN, startServer, stopServer } from './idle-memory.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const rows: string[][] = [];
const report = (...cells: string[]) => {
  rows.push(cells);
  console.log(cells.join(' | '));
};

async function profileRatio(label: string, databaseUrl: string | undefined) {
  const panel = await startBenchPanel(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const address = panel.base;
  // Each request in turn with another of `connections` sessions, as that many users would send them.
  const variants = await panel.sessions(connections);
  await load(`${address}/api/profile`, { connections, seconds: 2, variants }); // warm-up
  // Clients in their own process, as real ones are; then, for comparison, inside the server's process.
  for (const inProcess of [false, true]) {
    const bare = await load(`${address}/api/bench-bare`, { connections, seconds, inProcess });
    const sentBefore = statementsSent();
    const profile = await load(`${address}/api/profile`, { connections, seconds, inProcess, variants });
    const underLoad = (statementsSent() - sentBefore) / Math.max(profile.ok ?? 0, 1);
    // On PostgreSQL, right after the clients in their own process: the session statement(s) alone through pgbench.
    const measured = databaseUrl && !inProcess ? await measureTwin(`GET /api/profile (${label})`, databaseUrl, { url: `${address}/api/profile`, variants }, { connections, seconds }) : undefined;
    const twin = measured && { ...measured, underLoad };
    report(
      `GET /api/profile (${label}, load generator ${inProcess ? 'in the server process' : 'in its own process'})`,
      `${fmt(profile.rps, 0)} req/s, p99 ${profile.p99} ms`,
      `bare route ${fmt(bare.rps, 0)} req/s, p99 ${bare.p99} ms${databaseUrl && !inProcess ? `; ${versusTwin(profile.rps, twin)}` : ''}`,
      `ratio ${fmt(profile.rps / bare.rps, 2)}${profile.non2xx ? ` (${profile.non2xx} non-2xx!)` : ''}`,
    );
    if (!inProcess) {
      const frames = await profileLoad(`GET /api/profile (${label})`, () => load(`${address}/api/profile`, { connections, seconds, variants }));
      if (frames) report(`CPU profile: GET /api/profile (${label})`, 'top 5 frames by self time', framesCell(frames), '');
    }
  }
  await panel.close();
}

async function startTimesAndMemory() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-bench-start-'));
  const [port, inspectPort] = [await freePort(), await freePort()];
  const first = startServer(dataDir, port, inspectPort);
  const firstMs = await first.ready;
  const firstExit = await stopServer(first.child);
  const again = startServer(dataDir, port, inspectPort);
  const restartMs = await again.ready;
  const js = await pageJavaScriptKb(`http://127.0.0.1:${port}`);
  const exit = await stopServer(again.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  // The resident figure of one restart lands ~30 MB apart now and then (WebAssembly tier-up's
  // memory, left in a thread's malloc arena, depending on when it ran): the median of three.
  const idle = await idleMemoryRuns(3);
  const median = [...idle].sort((a, b) => a.rss - b.rss)[1]!;
  report('start to healthy /api/health (PGlite)', `first start ${fmt(firstMs / 1000, 2)} s`, `restart ${fmt(restartMs / 1000, 2)} s`, `exit codes on SIGTERM ${firstExit}, ${exit}`);
  report(
    'idle resident memory (PGlite, 3 s after a restart, median of 3 restarts)',
    `${fmt(median.rss, 0)} MB`,
    `restarts ${idle.map((b) => fmt(b.rss, 0)).join(', ')} MB (aim ≤ 250)`,
    `the median's: ${describeBreakdown(median)}`,
  );
  report('JavaScript loaded by /login', `${fmt(js.login, 1)} KB gzipped`, '(aim ≤ 170)', '');
  report(
    'JavaScript loaded by /login then /dashboard (the admin, signed in through its form)',
    js.dashboard === undefined ? 'not measured' : `${fmt(js.dashboard, 1)} KB gzipped`,
    js.dashboard === undefined ? '' : `/login ${fmt(js.login, 1)} KB + ${fmt(js.dashboard - js.login, 1)} KB after signing in`,
    js.note,
  );
}

/**
 * What a browser really fetches for /login, then in the same browser for the signed-in dashboard:
 * each script once (by address, as a browser cache keeps it), gzipped as a server or CDN would send it.
 * The admin signs in on its own sign-in screen (the same form and chunks as /login) with its
 * passcode already set, so the sign-in lands on /dashboard.
 */
async function pageJavaScriptKb(base: string): Promise<{ login: number; dashboard?: number; note: string }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      const url = response.url();
      if (response.request().resourceType() === 'script' && !scripts.has(url)) scripts.set(url, response.body());
    });
    const gzippedKb = async () => {
      let total = 0;
      for (const body of await Promise.all(scripts.values())) total += zlib.gzipSync(body, { level: 9 }).length;
      return total / 1024;
    };
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    // Lazy screens load after the entry: wait until the sign-in form is really there.
    await page.locator('input').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    const login = await gzippedKb();

    try {
      const api = async (url: string, body: unknown, token?: string) => {
        const res = await fetch(`${base}/api${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`POST ${url}: ${res.status}`);
        return (await res.json()) as { token?: string };
      };
      const { token } = await api(`/${START_ADMIN.prefix}/admin-login`, { email: START_ADMIN.email, password: START_ADMIN.password });
      await api('/set-credit-share-pass-code', { requestData: { passcode: START_ADMIN.passcode } }, token);
      await page.goto(`${base}/${START_ADMIN.prefix}/admin-login`, { waitUntil: 'networkidle' });
      await page.locator('input[type="email"]').fill(START_ADMIN.email);
      await page.locator('input[type="password"]').fill(START_ADMIN.password);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL(/\/dashboard$/, { timeout: 15_000 });
      // The dashboard loads its chart after its tiles: wait until nothing more comes.
      await page.waitForLoadState('networkidle');
      await new Promise((r) => setTimeout(r, 1000));
      await page.waitForLoadState('networkidle');
      return { login, dashboard: await gzippedKb(), note: '' };
    } catch (error) {
      return { login, note: `dashboard not reached: ${(error as Error).message.split('\n')[0]}` };
    }
  } finally {
    await browser.close();
  }
}

async function ensurePostgresDatabase(): Promise<string | undefined> {
  const url = new URL(pgUrl);
  const admin = new pg.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  // BENCH_PG_DATABASE: another name, so that two benches on one server do not drop each other's data.
  const name = process.env.BENCH_PG_DATABASE ?? 'panel_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_PG_DATABASE: ${name} is no plain database name`);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

console.log(`# bench on ${os.cpus().length} cores, ${fmt(os.totalmem() / 2 ** 30, 0)} GiB, node ${process.version}, ${new Date().toISOString().slice(0, 10)}; ${connections} client connections, ${POOL_SIZE} database connections, ${seconds} s per run`);
const only = process.env.BENCH_ONLY;
if (!only || only === 'pglite') await profileRatio('PGlite', undefined);
const pgDatabase = !only || only === 'postgres' ? await ensurePostgresDatabase() : undefined;
if (pgDatabase) await profileRatio('PostgreSQL', pgDatabase);
else if (!only || only === 'postgres') console.log(`PostgreSQL at ${pgUrl} is not reachable: skipped`);
if (!only || only === 'start') await startTimesAndMemory();
if (!only || only === 'metrics') await metricsOverhead({ seconds, connections, report });
// pgbench runs once per run of the bench, on its first use: in a full run right before the
// credit transfers; a part run alone runs it before its own measures.
let pgbenchFigures: Promise<PgbenchFigures | undefined> | undefined;
const pgbench = () => (pgbenchFigures ??= runPgbench(pgUrl, { connections, seconds }));
const parts = { seconds, connections, report, pgbench };
if (only === 'pgbench') {
  const figures = await pgbench();
  if (figures) {
    report(`pgbench TPC-B, scale 1 (one branch), ${connections} clients, 2 threads`, `${fmt(figures.tpcb, 0)} tps`, '', '');
    report(`pgbench -S (select only), scale 1, ${connections} clients, 2 threads`, `${fmt(figures.selectOnly, 0)} tps`, '', '');
  }
}
const postgresParts: [string, (url: string, options: typeof parts) => Promise<void>][] = [
  ['credit', resellersAndCredit],
  ['devices', devicesAndActivation],
  ['export', devicesExport],
  ['bulk', bulkActivation],
  ['codes', activationCodes],
  ['tickets', ticketsList],
  ['billing', billingRecords],
  ['step-up', stepUpCost],
  ['webhooks', webhookDelivery],
  ['storefront', storefrontFigures],
  ['reminders', customerRemindersFigures],
  ['write-path', writePathFigures],
];
for (const [name, part] of postgresParts) {
  if (only && only !== name) continue;
  const database = await ensurePostgresDatabase();
  if (database) await part(database, parts);
  else console.log(`PostgreSQL at ${pgUrl} is not reachable: ${name} skipped`);
}
// Backup and drill of the large data, PGlite then PostgreSQL (heavy: minutes, gigabytes of memory).
if (!only || only === 'backup') await backupFigures(await ensurePostgresDatabase(), parts);
// Insights at 1,000,000 activations in one tree (BENCH_INSIGHTS_ACTIVATIONS), PostgreSQL then PGlite.
if (!only || only === 'insights') await insightsFigures(await ensurePostgresDatabase(), parts);
const figures = pgbenchFigures && (await pgbenchFigures);
if (figures && only !== 'pgbench') {
  report(`pgbench TPC-B, scale 1 (one branch), ${connections} clients, 2 threads (the ratios' reference)`, `${fmt(figures.tpcb, 0)} tps`, '', '');
  report(`pgbench -S (select only), scale 1, ${connections} clients, 2 threads (the ratios' reference)`, `${fmt(figures.selectOnly, 0)} tps`, '', '');
}

console.log('\n| measure | figure | reference | note |\n|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
process.exit(0);
