import os from 'node:os';
import pg from 'pg';
import { hashSecret } from '../../server/src/lib/secrets.js';
import { POOL_SIZE, startBenchPanel } from './bench-panel.js';
import { codePurchases } from './codes.js';
import { hotAccountTransfers } from './credit-and-lists.js';
import { generateDevices, paidActivations, RESELLER } from './devices.js';
import { fmt, fmtRatio, load } from './http-load.js';
import type { Variant } from './load-process.js';
import { runPgbench, versusTpcb, type PgbenchFigures } from './pgbench.js';
import { framesCell, profileLoad } from './profile.js';
import type { PartOptions } from './report.js';
import { measureTwin, versusTwin } from './twin.js';

/** Devices of the hot reseller: enough distinct targets for every activation run (none repeats a device within a run). */
const DEVICES = 200_000;
const TREE_ACCOUNTS = 32;
const TREE_PASSWORD = 'Bench@12345';
/** How often the lag sampler asks for the oldest unfolded sale. */
const SAMPLE_MS = 50;

/**
 * The write path of issue 45, every figure of its aims in one run on PostgreSQL:
 * - pgbench TPC-B (one branch) with the panel's default pool size as clients, and with 10;
 * - hot-account credit transfers (32 clients) through the default pool against the first, and
 *   through a pool of 10 (DATABASE_POOL_SIZE) against the second;
 * - code purchases and activations on one hot account against the transfers of the same run;
 * - 32 sub-resellers of one parent activating at once, with the insights roll-up and without it
 *   (the sales' trigger disabled), and the fold's lag under that load: the age of the oldest
 *   unfolded sale (`insight_pending`), sampled every 50 ms, and how long the backlog takes to drain.
 * Every run ends with the accounts' balances against the rows written (no point lost or doubled);
 * the part ends with nothing left to fold. Each row notes the 1-minute load average: the machine may be shared.
 */
export async function writePathFigures(databaseUrl: string, options: PartOptions) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const loadAverage = () => `load average ${fmt(os.loadavg()[0]!, 2)}`;
  const poolSize = Number(POOL_SIZE);
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl });
  const started = performance.now();
  const resellerId = await generateDevices(db, await hashSecret(RESELLER.password), DEVICES);
  try {
    const tree = await seedTree(db, await hashSecret(TREE_PASSWORD));
    for (const table of ['users', 'reseller_applications']) await db.query(`vacuum (analyze) ${table}`);
    console.log(`generated ${fmt(DEVICES, 0)} devices and a tree of ${TREE_ACCOUNTS} sub-resellers in ${fmt((performance.now() - started) / 1000)} s`);
    await panel.recharge(panel.adminEmail, 100_000_000);
    await panel.recharge(RESELLER.email, 10_000_000);
    const reseller = { authorization: `Bearer ${await panel.signIn(RESELLER)}` };
    const subSessions: Variant[] = [];
    for (const email of tree.emails) subSessions.push(...(await panel.sessions(1, { email, password: TREE_PASSWORD })));
    const { rows: targets } = await db.query<{ application_id: number; mac_address: string }>(
      `select application_id, mac_address from devices order by id limit ${DEVICES}`,
    );
    // Each activation run its own slice of devices: a device activated twice in one run would wait for its own lock.
    const slice = (n: number) => targets.slice(n * 50_000, (n + 1) * 50_000);
    const transfersUrl = `${panel.base}/api/resellers/${resellerId}/add-credit-point`;
    await panel.call('POST', '/validate-credit-share-password', panel.adminToken, { requestData: { passcode: panel.passcode } });

    // pgbench with as many clients as the pool, right before the transfers through that pool.
    const tpcbPool = await runPgbench(databaseUrl, { connections: poolSize, seconds: options.seconds });
    options.report(`pgbench TPC-B, scale 1 (one branch), ${poolSize} clients (the panel's default pool), 2 threads`, tpcbPool ? `${fmt(tpcbPool.tpcb, 0)} tps` : 'not run', '', loadAverage());
    const tpcb32 = await options.pgbench();
    const transfers = await hotAccountTransfers(databaseUrl, transfersUrl, panel.adminToken, panel.adminEmail, options);
    options.report(
      `credit transfers on one hot account, ${options.connections} clients, pool of ${poolSize} (the default)`,
      transfers.figure,
      `${versusTpcb(transfers.load.rps, tpcbPool)} with ${poolSize} clients (aim ≥ 0.9); ${versusTpcb(transfers.load.rps, tpcb32)} with ${tpcb32?.clients ?? options.connections} clients`,
      `${transfers.note}; ${loadAverage()}`,
    );
    // The same statements without the panel: how fast PostgreSQL runs one transfer's statements alone through as many connections.
    const twin = await measureTwin('credit transfers on one hot account (write path)', databaseUrl, { url: transfersUrl, method: 'POST', headers: { authorization: `Bearer ${panel.adminToken}` }, body: { creditPoint: 1 } }, { connections: poolSize, seconds: options.seconds });
    options.report(
      `the transfers' twin: one transfer's statements through pgbench -f -M prepared, ${poolSize} clients`,
      twin ? `${fmt(twin.tps, 0)} tps` : 'not run',
      `${versusTwin(transfers.load.rps, twin)}; the twin's ${versusTpcb(twin?.tps ?? 0, tpcbPool)} with ${poolSize} clients`,
      loadAverage(),
    );
    await drained(db, 'transfers and their twin');

    const codes = await codePurchases(panel.base, db, resellerId, reseller, options);
    options.report(
      `code purchases (1 yearly code each) on one hot account, ${options.connections} clients`,
      codes.figure,
      `transfers of this run ${fmt(transfers.load.rps, 0)}/s: ratio ${fmtRatio(codes.load.rps / transfers.load.rps)} (aim ≥ 0.9)`,
      `${codes.counts}; ${codes.check}; ${loadAverage()}`,
    );
    await drained(db, 'code purchases');
    const activations = await paidActivations(panel.base, db, [resellerId], [{ headers: reseller }], slice(0), options);
    options.report(
      `activations (1-Year, one app, each on another device) on one hot account, ${options.connections} clients`,
      activations.figure,
      `transfers of this run ${fmt(transfers.load.rps, 0)}/s: ratio ${fmtRatio(activations.load.rps / transfers.load.rps)} (aim ≥ 0.9)`,
      `${activations.counts}; ${activations.check}; ${loadAverage()}`,
    );
    await drained(db, 'activations');

    // The tree: each sub-reseller its own client's session, each request the next device.
    const lag = startLagSampler(databaseUrl);
    const withRollUp = await paidActivations(panel.base, db, tree.subIds, subSessions, slice(1), { ...options, loadEnded: lag.loadEnded });
    const lagFigures = await lag.result;
    const withLoad = loadAverage();
    await db.query('alter table activations disable trigger activations_insight_insert');
    let withoutRollUp;
    try {
      withoutRollUp = await paidActivations(panel.base, db, tree.subIds, subSessions, slice(2), options);
    } finally {
      await db.query('alter table activations enable trigger activations_insight_insert');
    }
    options.report(
      `activations by ${TREE_ACCOUNTS} sub-resellers of one parent at once, ${options.connections} clients, with the insights roll-up`,
      withRollUp.figure,
      `without the roll-up (its trigger disabled) ${withoutRollUp.figure}: ratio ${fmtRatio(withRollUp.load.rps / withoutRollUp.load.rps)} (aim ≥ 0.9)`,
      `with: ${withRollUp.counts}, ${withRollUp.check}, ${withLoad}; without: ${withoutRollUp.counts}, ${withoutRollUp.check}, ${loadAverage()}`,
    );
    options.report(
      `lag from a sale to its roll-up under that load (age of the oldest unfolded sale, sampled every ${SAMPLE_MS} ms)`,
      `median ${fmt(lagFigures.median, 0)} ms, p99 ${fmt(lagFigures.p99, 0)} ms (max ${fmt(lagFigures.max, 0)} ms)`,
      `${lagFigures.samples} samples; backlog drained ${fmt(lagFigures.drainMs, 0)} ms after the clients stopped`,
      'Insights reads fold what is pending first: what they show is exact, at the cost of that fold',
    );

    const transferProfile = await profileLoad('credit transfers on one hot account (write path)', () =>
      load(transfersUrl, { connections: options.connections, seconds: options.seconds, headers: { authorization: `Bearer ${panel.adminToken}` }, method: 'POST', body: { creditPoint: 1 } }),
    );
    if (transferProfile) options.report('CPU profile: credit transfers on one hot account (write path)', 'top 5 frames by self time', framesCell(transferProfile), '');
    // The sales too, whose ratios to the transfers are aims: the last slice of devices is this run's.
    const codesProfile = await profileLoad('code purchases on one hot account (write path)', () => codePurchases(panel.base, db, resellerId, reseller, options));
    if (codesProfile) options.report('CPU profile: code purchases on one hot account (write path)', 'top 5 frames by self time', framesCell(codesProfile), '');
    const activationsProfile = await profileLoad('activations on one hot account (write path)', () =>
      paidActivations(panel.base, db, [resellerId], [{ headers: reseller }], slice(3), options),
    );
    if (activationsProfile) options.report('CPU profile: activations on one hot account (write path)', 'top 5 frames by self time', framesCell(activationsProfile), '');
  } finally {
    await panel.close();
  }

  // The same transfers through a pool of 10 connections, against TPC-B with 10 clients run right before.
  const tpcb10 = await runPgbench(databaseUrl, { connections: 10, seconds: options.seconds });
  options.report('pgbench TPC-B, scale 1 (one branch), 10 clients, 2 threads', tpcb10 ? `${fmt(tpcb10.tpcb, 0)} tps` : 'not run', '', loadAverage());
  await transfersThroughPool(databaseUrl, resellerId, 10, tpcb10, options, loadAverage);
  await drained(db, 'transfers through a pool of 10');
  const { rows: [left] } = await db.query<{ outbox: string; pending: string }>('select (select count(*) from outbox) as outbox, (select count(*) from insight_pending) as pending');
  console.log(`write path: left to fold at the end: ${left!.outbox} outbox rows, ${left!.pending} pending sales`);
  await db.end();
}

/** A parent reseller and its TREE_ACCOUNTS sub-resellers, each with every application and credit to spend. */
async function seedTree(db: pg.Client, passwordHash: string) {
  const { rows: [root] } = await db.query<{ id: number }>(
    `insert into users (name, email, password_hash, role_id, created_by, email_verified_at)
     values ('Write Path Parent', 'write-path-parent@bench.test', $1, (select id from roles where name = 'reseller'), (select min(id) from users), now())
     returning id`,
    [passwordHash],
  );
  const { rows: subs } = await db.query<{ id: number; email: string }>(
    `insert into users (name, email, password_hash, role_id, created_by, parent_reseller_id, email_verified_at, credit_point)
     select 'Write Path Sub ' || g, 'write-path-sub' || g || '@bench.test', $1, (select id from roles where name = 'sub-reseller'), $2, $2, now(), 1000000
     from generate_series(1, ${TREE_ACCOUNTS}) g
     returning id, email`,
    [passwordHash, root!.id],
  );
  await db.query(`insert into reseller_applications (user_id, application_id) select u.id, a.id from users u, applications a where u.id = $1 or u.parent_reseller_id = $1`, [root!.id]);
  return { rootId: root!.id, subIds: subs.map((s) => s.id), emails: subs.map((s) => s.email) };
}

/**
 * Samples every SAMPLE_MS the age of the oldest unfolded sale (0 when none is left) until
 * `loadEnded` is called, then how long the backlog takes to empty from then.
 */
function startLagSampler(databaseUrl: string) {
  let endedAt: number | undefined;
  const result = (async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const samples: number[] = [];
    let drainMs = 0;
    try {
      for (;;) {
        const { rows: [row] } = await client.query<{ age: number | null }>(
          'select extract(epoch from now() - min(created_at))::float8 * 1000 as age from insight_pending',
        );
        const age = row!.age;
        if (endedAt === undefined) samples.push(age ?? 0);
        else if (age === null) {
          drainMs = performance.now() - endedAt;
          break;
        }
        await new Promise((r) => setTimeout(r, SAMPLE_MS));
      }
    } finally {
      await client.end();
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
    return { samples: samples.length, median: at(0.5), p99: at(0.99), max: samples.at(-1) ?? 0, drainMs };
  })();
  return {
    loadEnded: () => {
      endedAt = performance.now();
    },
    result,
  };
}

/** Waits until the fold has taken every outbox row and pending sale (at most 60 s), and says how long it took. */
async function drained(db: pg.Client, after: string) {
  const started = performance.now();
  for (;;) {
    const { rows: [row] } = await db.query<{ n: string }>('select (select count(*) from outbox) + (select count(*) from insight_pending) as n');
    if (Number(row!.n) === 0) break;
    if (performance.now() - started > 60_000) {
      console.log(`write path: after ${after}, ${row!.n} rows still unfolded after 60 s`);
      return;
    }
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
  }
  console.log(`write path: after ${after}, everything folded ${fmt(performance.now() - started, 0)} ms after the check began`);
}

/** The hot-account transfers through a panel whose pool holds `size` connections, against TPC-B with as many clients. */
async function transfersThroughPool(databaseUrl: string, resellerId: number, size: number, tpcb: PgbenchFigures | undefined, options: PartOptions, loadAverage: () => string) {
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(size) });
  try {
    await panel.call('POST', '/validate-credit-share-password', panel.adminToken, { requestData: { passcode: panel.passcode } });
    const transfers = await hotAccountTransfers(databaseUrl, `${panel.base}/api/resellers/${resellerId}/add-credit-point`, panel.adminToken, panel.adminEmail, options);
    options.report(
      `credit transfers on one hot account, ${options.connections} clients, pool of ${size} (DATABASE_POOL_SIZE)`,
      transfers.figure,
      `${versusTpcb(transfers.load.rps, tpcb)} with ${size} clients (aim ≥ 0.8)`,
      `${transfers.note}; ${loadAverage()}`,
    );
  } finally {
    await panel.close();
  }
}
