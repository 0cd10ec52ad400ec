import pg from 'pg';
import { hashSecret } from '../../server/src/lib/secrets.js';
import { benchReseller } from './accounts.js';
import { startBenchPanel } from './bench-panel.js';
import { fmt, load } from './http-load.js';
import { versusTpcb } from './pgbench.js';
import { framesCell, profileLoad } from './profile.js';
import type { Variant } from './load-process.js';
import { listRow, measureList, problems, type PartOptions } from './report.js';

export const RESELLER = { email: 'activator@bench.test', password: 'Bench@12345' };

/**
 * The device figures on PostgreSQL with 1,000,000 registered devices: the player's status call
 * against the bare route, activations per second for one reseller, and the activated apps list
 * and activation logs with a MAC search and a date range.
 */
export async function devicesAndActivation(databaseUrl: string, options: PartOptions) {
  const panel = await startBenchPanel({
    DATABASE_URL: databaseUrl,
    // The per-IP limit still runs on every call (its cost is part of the figure), but one load
    // generator on one address must not be refused.
    PLAYER_RATE_LIMIT: '1000000000',
  });
  const { base } = panel;

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  const resellerId = await generateDevices(db, await hashSecret(RESELLER.password));
  console.log(`generated 1,000,000 devices and their activations in ${fmt((performance.now() - started) / 1000)} s`);
  await panel.recharge(panel.adminEmail, 100_000_000);
  await panel.recharge(RESELLER.email, 10_000_000);
  const auth = { authorization: `Bearer ${await panel.signIn(RESELLER)}` };

  // Players on 20,000 devices spread over the table, each call for the next one: a device asks
  // for its status once per start, so repeats of one device would flatter any cache on the way.
  const { rows: sample } = await db.query<{ application_id: number; mac_address: string; device_key: string }>(
    `select application_id, mac_address, device_key from devices tablesample bernoulli (2) limit 20000`,
  );
  const variants = sample.map((d) => ({ body: { app_id: d.application_id, mac_address: d.mac_address, device_key: d.device_key } }));
  const player = { connections: 64, seconds: options.seconds, method: 'POST' as const, variants };
  await load(`${base}/api/player/status`, { ...player, seconds: 2 }); // warm-up
  const bare = await load(`${base}/api/bench-bare`, player);
  const statusLoad = await load(`${base}/api/player/status`, player);
  options.report(
    'POST /api/player/status, 64 connections (1M devices, PostgreSQL)',
    `${fmt(statusLoad.rps, 0)} req/s, p99 ${statusLoad.p99} ms`,
    `bare route ${fmt(bare.rps, 0)} req/s, p99 ${bare.p99} ms`,
    `ratio ${fmt(statusLoad.rps / bare.rps, 2)}${problems(statusLoad)}`,
  );
  const statusFrames = await profileLoad('POST /api/player/status (PostgreSQL)', () => load(`${base}/api/player/status`, player));
  if (statusFrames) options.report('CPU profile: POST /api/player/status (PostgreSQL)', 'top 5 frames by self time', framesCell(statusFrames), '');

  // One reseller, 32 clients, each request a paid 1-Year activation of one app on another device.
  const { rows: targets } = await db.query<{ application_id: number; mac_address: string }>(
    `select application_id, mac_address from devices where activated_by = $1 order by id limit 50000`,
    [resellerId],
  );
  const pgbench = await options.pgbench();
  const activations = await paidActivations(base, db, [resellerId], [{ headers: auth }], targets, options);
  options.report(
    `activations for one reseller, ${options.connections} clients`,
    activations.figure,
    activations.counts,
    `${activations.check}; ${versusTpcb(activations.load.rps, pgbench)}`,
  );

  const today = new Date();
  const from = new Date(today.getTime() - 80 * 86_400_000);
  const range = { start_date: from.toISOString().slice(0, 10), end_date: today.toISOString().slice(0, 10) };
  // The list calls come from as many sessions as clients, as the reseller's staff would send them.
  const sessions = await panel.sessions(options.connections, RESELLER);
  const lists = { connections: options.connections, seconds: options.seconds, method: 'POST' as const };
  const listLabel = `activated apps list, MAC search and 80-day range, ${options.connections} clients`;
  const list = await measureList(listLabel, databaseUrl, {
    url: `${base}/api/activated-apps-list`,
    ...lists,
    variants: sessions.map((s) => ({ ...s, body: { requestData: { pageNumber: 1, pageSize: 10, search_type: 'mac', keyword: '0a:1', ...range } } })),
  });
  const logsLabel = `activation logs, MAC search and 80-day range, ${options.connections} clients`;
  const logs = await measureList(logsLabel, databaseUrl, {
    url: `${base}/api/activation-logs`,
    ...lists,
    variants: sessions.map((s) => ({ ...s, body: { page_number: 1, page_size: 10, search_type: 'mac', keyword: '0a:1', ...range } })),
  });
  listRow(options.report, listLabel, list, undefined, pgbench);
  listRow(options.report, logsLabel, logs, undefined, pgbench);
  await db.end();
  await panel.close();
}

/**
 * Paid 1-Year activations of one app on another device per request (`targets` in turn), each
 * request from the next of `sessions` (accounts among `accountIds`), as fast as
 * `options.connections` clients send them; then the credit those accounts spent against the
 * activation rows written. `loadEnded` is called as soon as the clients stop.
 */
export async function paidActivations(
  base: string,
  db: pg.Client,
  accountIds: number[],
  sessions: Variant[],
  targets: { application_id: number; mac_address: string }[],
  options: Pick<PartOptions, 'connections' | 'seconds'> & { loadEnded?: () => void },
) {
  const balance = async () => Number((await db.query<{ c: string }>('select sum(credit_point) as c from users where id = any($1)', [accountIds])).rows[0]!.c);
  const activationRows = async () => Number((await db.query<{ n: string }>('select count(*) as n from activations where reseller_id = any($1)', [accountIds])).rows[0]!.n);
  const [before, rowsBefore] = [await balance(), await activationRows()];
  const activations = await load(`${base}/api/bulk-multi-app-activate`, {
    connections: options.connections,
    seconds: options.seconds,
    method: 'POST',
    variants: targets.map((d, i) => ({
      ...sessions[i % sessions.length]!,
      body: { requestData: { is_trial: 3, macAddress: d.mac_address, isConfirmed: true, app_ids: [d.application_id] } },
    })),
  });
  options.loadEnded?.();
  // Requests still in flight when the clients stop are finished by the server.
  await new Promise((r) => setTimeout(r, 1000));
  const spent = before - (await balance());
  const added = (await activationRows()) - rowsBefore;
  return {
    load: activations,
    figure: `${fmt(activations.rps, 0)} activations/s, p99 ${activations.p99} ms`,
    counts: `${activations.ok ?? 0} answered 2xx; credit spent ${spent}; activation rows ${added}`,
    check: `${spent === added && (activations.ok ?? 0) <= added ? 'one credit per activation, none lost' : 'MISMATCH between credit and activations'}${problems(activations)}`,
  };
}

/**
 * `count` devices (1,000,000 by default; random-looking MACs) over every application with set-based SQL; two thirds activated by one
 * reseller (RESELLER, the one the benchmark signs in as), each with an activation row over the last year
 * tied to one ledger row. Balances are not derived from these rows: timing data only.
 */
export async function generateDevices(db: pg.Client, passwordHash: string, count = 1_000_000): Promise<number> {
  const resellerId = (await benchReseller(db, { name: 'Bench Activator', email: RESELLER.email }, passwordHash)).id;
  await db.query(`insert into reseller_applications (user_id, application_id) select $1, id from applications`, [resellerId]);
  const { rows: [ledger] } = await db.query<{ id: number }>(
    `insert into credit_ledger (tr_type, credit_point, debitor_id, creator_id, reason) values ('Activation', 1, $1, $1, 'bench') returning id`,
    [resellerId],
  );
  await db.query(
    `with apps as (select array_agg(id order by id) as ids from applications)
     insert into devices (application_id, mac_address, device_key, expire_date, is_trial, activated_by, activated_at, created_at)
     select apps.ids[1 + g % array_length(apps.ids, 1)],
            regexp_replace(substr(md5(g::text), 1, 12), '(..)(?!$)', '\\1:', 'g'),
            lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
            now() + (((g % 730) - 365) || ' days')::interval,
            case when g % 3 = 0 then 1 else 0 end,
            case when g % 3 = 0 then null else $1::int end,
            case when g % 3 = 0 then null else now() - ((g % 365) || ' days')::interval end,
            now() - ((g % 400) || ' days')::interval
     from generate_series(1, ${count}) g, apps
     on conflict do nothing`,
    [resellerId],
  );
  // In slices of 100,000 devices: the insights roll-up's statement trigger gathers a statement's
  // new rows into one jsonb value, which cannot hold 666,667 activations (PostgreSQL's 256 MB cap).
  for (let from = 0; from < count; from += 100_000) {
    await db.query(
      `insert into activations (device_id, application_id, mac_address, reseller_id, ledger_id, package, credit_point, box_expiry_date, activated_from, created_at)
       select id, application_id, mac_address, activated_by, $1, '1-Year', 1, expire_date, 'multi-app', activated_at
       from devices where activated_by is not null and id > (select min(id) from devices) - 1 + $2::int and id <= (select min(id) from devices) - 1 + $3::int
       order by id`,
      [ledger!.id, from, from + 100_000],
    );
  }
  // As autovacuum leaves a table after a bulk load: statistics, hint bits and the visibility map.
  for (const table of ['devices', 'activations']) await db.query(`vacuum (analyze) ${table}`);
  return resellerId;
}
