import pg from 'pg';
import { BULK_MAX_ROWS, type BulkActivationAnswer } from '@panel/contract';
import { hashSecret } from '../../server/src/lib/secrets.js';
import { benchReseller } from './accounts.js';
import { startBenchPanel } from './bench-panel.js';
import { fmt } from './http-load.js';
import type { PartOptions } from './report.js';

const RESELLER = { name: 'Bulk Reseller', email: 'bulk@bench.test', password: 'Bench@12345' };

/**
 * Bulk activation from a file (POST /api/bulk-activations) on PostgreSQL: one reseller, a file of
 * BULK_MAX_ROWS rows, one registered (trial ended) device each, credit for every row. The dry
 * run, then the real run (one transaction per row), each timed whole over real HTTP.
 */
export async function bulkActivation(databaseUrl: string, options: PartOptions) {
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { id } = await benchReseller(db, RESELLER, await hashSecret(RESELLER.password));
  const { rows: [app] } = await db.query<{ id: number; app_name: string }>('select id, app_name from applications order by id limit 1');
  await db.query('insert into reseller_applications (user_id, application_id) values ($1, $2)', [id, app!.id]);
  await db.query('update users set credit_point = $2 where id = $1', [id, BULK_MAX_ROWS]);
  const { rows: devices } = await db.query<{ mac: string }>(
    `insert into devices (application_id, mac_address, device_key, expire_date)
     select $1, format('0c:%s:%s:%s:00:01', lpad(to_hex((i >> 16) & 255), 2, '0'), lpad(to_hex((i >> 8) & 255), 2, '0'), lpad(to_hex(i & 255), 2, '0')),
            md5(i::text), now() - interval '1 day'
     from generate_series(0, $2 - 1) as i
     returning mac_address as mac`,
    [app!.id, BULK_MAX_ROWS],
  );
  const file = `mac_address,apps,package,comment\r\n${devices.map((d) => `${d.mac},${app!.app_name},1-year,`).join('\r\n')}\r\n`;
  const token = await panel.signIn(RESELLER);

  const send = async (dryRun: boolean) => {
    const body = new FormData();
    body.append('dry_run', String(dryRun));
    body.append('file', new Blob([file], { type: 'text/csv' }), 'devices.csv');
    const started = performance.now();
    const res = await fetch(`${panel.base}/api/bulk-activations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(dryRun ? {} : { 'request-id': crypto.randomUUID() }) },
      body,
    });
    const seconds = (performance.now() - started) / 1000;
    if (res.status !== 200) throw new Error(`bulk-activations: ${res.status} ${await res.text()}`);
    return { seconds, data: ((await res.json()) as BulkActivationAnswer).data };
  };
  for (const dryRun of [true, false]) {
    const { seconds, data } = await send(dryRun);
    options.report(
      `POST /api/bulk-activations, ${fmt(BULK_MAX_ROWS, 0)} rows, ${dryRun ? 'dry run' : 'real run'} (PostgreSQL)`,
      `${fmt(BULK_MAX_ROWS / seconds, 0)} rows/s (${fmt(seconds, 1)} s)`,
      dryRun ? '' : 'aim ≥ 300 rows/s',
      data.activated === BULK_MAX_ROWS ? `${data.activated} rows ok` : `${data.activated} ok, ${data.failed} failed: ${data.rows.find((r) => r.status === 'error')?.message}`,
    );
  }
  await db.end();
  await panel.close();
}
