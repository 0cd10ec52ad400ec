import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.js';
import { openPglite, openPostgres, type Database } from '../../server/src/db/client.js';
import { seed } from '../../server/src/db/seed.js';
import { takeBackup } from '../../server/src/modules/backups/backups.service.js';
import { fmt } from './http-load.js';
import type { PartOptions } from './report.js';

type Query = (text: string) => Promise<unknown>;

/**
 * Backup and drill of the large data (1,000,000 devices, 1,000,000 ledger rows, 100,000 accounts)
 * on PGlite and on PostgreSQL: time and size of the backup, time of its drill. The data is made
 * with set-based SQL as the other parts make it, then each balance is set to what its ledger rows
 * give (a self credit first where they give less than zero), so the drill's ledger check passes.
 */
export async function backupFigures(postgresUrl: string | undefined, options: PartOptions) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
  try {
    // PostgreSQL first: its data is made in a minute; PGlite makes the same rows in WebAssembly, far
    // slower. BENCH_BACKUP_POSTGRES=0 or BENCH_BACKUP_PGLITE=0 skips one.
    if (postgresUrl && process.env.BENCH_BACKUP_POSTGRES !== '0') {
      const postgres = await openPostgres(postgresUrl, 4);
      await measure('PostgreSQL', postgres, path.join(work, 'pg-data'), postgresUrl, options);
    }
    if (process.env.BENCH_BACKUP_PGLITE !== '0') {
      const pglite = await openPglite(path.join(work, 'pglite-data', 'pglite'));
      await measure('PGlite', pglite, path.join(work, 'pglite-data'), undefined, options);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function measure(label: string, database: Database, dataDir: string, url: string | undefined, options: PartOptions) {
  try {
    await database.migrate();
    await seed(database.db, { adminEmail: 'bench@panel.test', adminPassword: 'Bench@12345', adminLoginPrefix: 'bench-admin' });
    const raw = database as Database & { pglite?: { exec(q: string): Promise<unknown> } };
    let started = performance.now();
    await fill(url ? (text) => pgQuery(url, text) : (text) => raw.pglite!.exec(text));
    console.log(`${label}: large data made in ${fmt((performance.now() - started) / 1000)} s`);
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, BACKUP_SCHEDULE: 'off', LOG_LEVEL: 'silent' });
    started = performance.now();
    const record = await takeBackup({ config, database });
    const total = (performance.now() - started) / 1000;
    const drill = record.drill!;
    console.log(`${label}: backup ${fmt(record.duration_ms / 1000)} s, ${fmt(record.size / 2 ** 20)} MB; drill ${drill.status} in ${fmt(drill.duration_ms / 1000)} s`, drill.problems);
    options.report(`backup of the large data, ${label} (1,000,000 devices and ledger rows, 100,000 accounts)`, `${fmt(record.duration_ms / 1000)} s, ${fmt(record.size / 2 ** 20)} MB`, '', `${record.file}`);
    // The process's peak so far: the data's making, the backup and its drill.
    const peak = process.resourceUsage().maxRSS / 2 ** 20;
    options.report(`drill of that backup, ${label}`, `${fmt(drill.duration_ms / 1000)} s, ${drill.status}`, '', `${fmt(total)} s backup and drill together; ${drill.problems.join(' ') || 'every balance equals its ledger'}; peak RSS of the bench process ${fmt(peak, 1)} GB`);
  } finally {
    await database.close();
  }
}

async function pgQuery(url: string, text: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function fill(query: Query) {
  await query(`insert into users (name, email, role_id, credit_point, created_by, email_verified_at, created_at)
    select 'Reseller ' || g, 'reseller' || g || '@bench.test', (select id from roles where name = 'reseller'), 0,
           (select min(id) from users), now(), now() - (g || ' minutes')::interval
    from generate_series(1, 100000) g`);
  await query(`insert into credit_ledger (tr_type, credit_point, debitor_id, creditor_id, creator_id, created_at)
    select case when g % 10 = 0 then 'Withdraw' when g % 97 = 0 then 'Added Self Credit' else 'Added Credit' end,
           1 + g % 50,
           case when g % 97 = 0 then null when g % 10 = 0 then r.first + g % 100000 else r.admin end,
           case when g % 10 = 0 then r.admin else r.first + g % 100000 end,
           r.admin, now() - ((g * 31) % 31536000 || ' seconds')::interval
    from generate_series(1, 1000000) g,
         (select min(id) filter (where email like 'reseller%@bench.test') as first, min(id) filter (where email not like '%@bench.test') as admin from users) r`);
  await query(`with apps as (select array_agg(id order by id) as ids from applications)
    insert into devices (application_id, mac_address, device_key, expire_date, is_trial, activated_by, activated_at, created_at)
    select apps.ids[1 + g % array_length(apps.ids, 1)], regexp_replace(substr(md5(g::text), 1, 12), '(..)(?!$)', '\\1:', 'g'),
           lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'), now() + (((g % 730) - 365) || ' days')::interval,
           case when g % 3 = 0 then 1 else 0 end, case when g % 3 = 0 then null else (select min(id) from users where email like 'reseller%@bench.test') end,
           case when g % 3 = 0 then null else now() - ((g % 365) || ' days')::interval end, now() - ((g % 400) || ' days')::interval
    from generate_series(1, 1000000) g, apps
    on conflict do nothing`);
  // One statement for the activations, their roll-up after: the insights roll-up's statement
  // trigger would gather a million rows into one jsonb value, past PostgreSQL's 256 MB cap.
  await query(`alter table activations disable trigger activations_insight_insert`);
  await query(`insert into activations (device_id, application_id, mac_address, reseller_id, ledger_id, package, credit_point, box_expiry_date, activated_from, created_at)
    select id, application_id, mac_address, activated_by, (select min(id) from credit_ledger), '1-Year', 1, expire_date, 'multi-app', activated_at
    from devices where activated_by is not null`);
  await query(`alter table activations enable trigger activations_insight_insert`);
  await query(`select insight_rebuild()`);
  // Balances from the ledger: a self credit where the rows give less than zero, then every balance set.
  const sums = `select u.id, coalesce(i.total, 0) - coalesce(o.total, 0) as s from users u
    left join (select creditor_id as id, sum(credit_point) as total from credit_ledger group by creditor_id) i on i.id = u.id
    left join (select debitor_id as id, sum(credit_point) as total from credit_ledger group by debitor_id) o on o.id = u.id`;
  await query(`insert into credit_ledger (tr_type, credit_point, creditor_id, creator_id, reason) select 'Added Self Credit', -s, id, id, 'bench' from (${sums}) x where s < 0`);
  await query(`update users u set credit_point = x.s from (${sums}) x where x.id = u.id and u.credit_point <> x.s`);
}
