import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { hashSecret } from '../../server/src/lib/secrets.js';
import { benchReseller } from './accounts.js';
import { startBenchPanel } from './bench-panel.js';
import { fmt } from './http-load.js';
import type { PartOptions } from './report.js';

const RESELLER = { email: 'exporter@bench.test', password: 'Bench@12345' };
const SMALL = { email: 'small-exporter@bench.test', password: 'Bench@12345' };
const DEVICES = 1_000_000;
const SMALL_DEVICES = 1_000;

/**
 * The devices export (GET /api/devices-export) on PostgreSQL: one reseller whose reach holds
 * 1,000,000 activated devices (a tenth of them its sub-reseller's), each with an activation row,
 * downloaded whole; and a reseller with 1,000, for the memory comparison. The panel and the
 * client share this process, so the resident memory measured is the server's plus a reader that
 * keeps nothing (it counts lines); it is sampled every 10 ms while the file downloads. A third
 * download collects the garbage every 100,000 rows and reports the live heap: what the export
 * holds, apart from the garbage the collector lets accumulate between its runs.
 */
export async function devicesExport(databaseUrl: string, options: PartOptions) {
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  const ids = await generateExportDevices(db, await hashSecret(RESELLER.password));
  // What the files must hold (a MAC drawn twice in one application is one device).
  const count = async (owners: number[]) =>
    Number((await db.query<{ n: string }>(`select count(*) as n from devices where activated_by = any($1::int[])`, [owners])).rows[0]!.n);
  const expected = { small: await count([ids.small]), large: await count([ids.reseller, ids.sub]) };
  console.log(`generated ${fmt(DEVICES + SMALL_DEVICES, 0)} activated devices and their activations in ${fmt((performance.now() - started) / 1000)} s`);

  const small = await download(panel.base, await panel.signIn(SMALL));
  const large = await download(panel.base, await panel.signIn(RESELLER));
  // Again with a full collection every 100,000 rows: what stays alive, without the garbage the
  // collector lets pile up between its runs (most of the peak above).
  const collected = await download(panel.base, await panel.signIn(RESELLER), 100_000);
  for (const [label, r, want] of [
    [`${fmt(SMALL_DEVICES, 0)} devices`, small, expected.small],
    [`${fmt(DEVICES, 0)} devices`, large, expected.large],
  ] as const) {
    options.report(
      `GET /api/devices-export, ${label} (PostgreSQL)`,
      `${fmt(r.rows / r.seconds, 0)} rows/s (${fmt(r.seconds, 2)} s, ${fmt(r.bytes / 2 ** 20, 1)} MB, first byte ${fmt(r.firstByteMs, 0)} ms)`,
      `peak resident memory ${fmt(r.peakRssMb, 0)} MB (${fmt(r.baselineRssMb, 0)} MB before: +${fmt(r.peakRssMb - r.baselineRssMb, 0)} MB)`,
      r.rows === want ? `${r.rows} rows, all there` : `${r.rows} rows of ${want}: MISSING ROWS`,
    );
  }
  options.report(
    `GET /api/devices-export, ${fmt(DEVICES, 0)} devices, a full garbage collection every 100,000 rows`,
    `live heap at most ${fmt(collected.maxLiveHeapMb!, 0)} MB (${fmt(collected.baselineHeapMb, 0)} MB before: +${fmt(collected.maxLiveHeapMb! - collected.baselineHeapMb, 1)} MB)`,
    `peak resident memory ${fmt(collected.peakRssMb, 0)} MB (${fmt(collected.baselineRssMb, 0)} MB before)`,
    `${fmt(collected.rows / collected.seconds, 0)} rows/s with the collections`,
  );
  await db.end();
  await panel.close();
}

/** A full garbage collection, without starting node with --expose-gc. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Downloads the whole export, counting lines; `gcEvery` rows, a full collection and the live heap after it. */
async function download(base: string, token: string, gcEvery?: number) {
  collectGarbage();
  const mb = (n: number) => n / 2 ** 20;
  const rss = () => mb(process.memoryUsage().rss);
  const baselineRssMb = rss();
  const baselineHeapMb = mb(process.memoryUsage().heapUsed);
  let maxLiveHeapMb: number | undefined;
  let nextGc = gcEvery ?? Infinity;
  let peakRssMb = baselineRssMb;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rss())), 10);
  const started = performance.now();
  const res = await fetch(`${base}/api/devices-export`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`devices-export: ${res.status} ${await res.text()}`);
  const firstByteMs = performance.now() - started;
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
    peakRssMb = Math.max(peakRssMb, rss());
    if (lines >= nextGc) {
      nextGc += gcEvery!;
      collectGarbage();
      maxLiveHeapMb = Math.max(maxLiveHeapMb ?? 0, mb(process.memoryUsage().heapUsed));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  // The header line is not a device.
  return { rows: lines - 1, bytes, seconds, firstByteMs, baselineRssMb, peakRssMb, baselineHeapMb, maxLiveHeapMb };
}

/**
 * The export's data set with set-based SQL: DEVICES activated devices over every application in
 * the reach of RESELLER (every tenth its sub-reseller's), SMALL_DEVICES of SMALL; expiries spread
 * over two years around today, every 50th lifetime, every 20th disabled; each device with one
 * activation row whose remark starts with '=' every 7th row (the neutralised cells). Timing data only.
 */
async function generateExportDevices(db: pg.Client, passwordHash: string) {
  const reseller = await benchReseller(db, { name: 'Bench Exporter', email: RESELLER.email }, passwordHash);
  const smallReseller = await benchReseller(db, { name: 'Bench Small Exporter', email: SMALL.email }, passwordHash);
  const { rows: [sub] } = await db.query<{ id: number }>(
    `insert into users (name, email, password_hash, role_id, parent_reseller_id, created_by, email_verified_at)
     values ('Bench Sub Exporter', 'sub-exporter@bench.test', $1, (select id from roles where name = 'sub-reseller'), $2, $2, now()) returning id`,
    [passwordHash, reseller.id],
  );
  const { rows: [ledger] } = await db.query<{ id: number }>(
    `insert into credit_ledger (tr_type, credit_point, debitor_id, creator_id, reason) values ('Activation', 1, $1, $1, 'bench') returning id`,
    [reseller.id],
  );
  await db.query(
    `with apps as (select array_agg(id order by id) as ids from applications)
     insert into devices (application_id, mac_address, device_key, expire_date, lifetime, is_trial, activated_by, activated_at, disabled_at, created_at)
     select apps.ids[1 + g % array_length(apps.ids, 1)],
            regexp_replace(substr(md5('export' || g), 1, 12), '(..)(?!$)', '\\1:', 'g'),
            lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
            case when g % 50 = 0 then '9999-12-31T00:00:00Z'::timestamptz else now() + (((g % 730) - 365) || ' days')::interval end,
            g % 50 = 0,
            0,
            case when g > $4::int then $3::int when g % 10 = 0 then $2::int else $1::int end,
            now() - ((g % 365) || ' days')::interval,
            case when g % 20 = 0 then now() end,
            now() - ((g % 400) || ' days')::interval
     from generate_series(1, $4::int + $5::int) g, apps
     on conflict do nothing`,
    [reseller.id, sub!.id, smallReseller.id, DEVICES, SMALL_DEVICES],
  );
  // One statement for a million rows: the insights roll-up's statement trigger would gather them
  // into one jsonb value past PostgreSQL's 256 MB cap, and the export reads no roll-up.
  await db.query(`alter table activations disable trigger activations_insight_insert`);
  await db.query(
    `insert into activations (device_id, application_id, mac_address, reseller_id, ledger_id, package, credit_point, box_expiry_date, comment, activated_from, created_at)
     select id, application_id, mac_address, activated_by, $1, case when lifetime then 'Lifetime' else '1-Year' end, 1, expire_date,
            case when id % 7 = 0 then '=SUM(A' || id || ')' when id % 3 = 0 then 'customer ' || id end, 'multi-app', activated_at
     from devices where activated_by in ($2, $3, $4)`,
    [ledger!.id, reseller.id, sub!.id, smallReseller.id],
  );
  await db.query(`alter table activations enable trigger activations_insight_insert`);
  // As autovacuum leaves a table after a bulk load: statistics, hint bits and the visibility map.
  for (const table of ['users', 'devices', 'activations']) await db.query(`vacuum (analyze) ${table}`);
  return { reseller: reseller.id, sub: sub!.id, small: smallReseller.id };
}
