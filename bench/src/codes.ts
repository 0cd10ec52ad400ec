import pg from 'pg';
import { hashSecret } from '../../server/src/lib/secrets.js';
import { benchReseller } from './accounts.js';
import { startBenchPanel } from './bench-panel.js';
import { fmt, load } from './http-load.js';
import { versusTpcb } from './pgbench.js';
import { listRow, measureList, problems, type PartOptions } from './report.js';

const RESELLER = { email: 'codes@bench.test', password: 'Bench@12345' };
const CODES = 200_000;

/**
 * The activation-code figures on PostgreSQL with 200,000 codes of one reseller: purchases per
 * second (credits spent must equal codes created), the code list with a search and a date range,
 * and the player's redeem call against the bare route.
 */
export async function activationCodes(databaseUrl: string, options: PartOptions) {
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl, PLAYER_RATE_LIMIT: '1000000000' });
  const { base } = panel;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  const resellerId = await generateCodes(db, await hashSecret(RESELLER.password));
  console.log(`generated ${fmt(CODES, 0)} codes in ${fmt((performance.now() - started) / 1000)} s`);
  await panel.recharge(panel.adminEmail, 100_000_000);
  await panel.recharge(RESELLER.email, 10_000_000);
  const auth = { authorization: `Bearer ${await panel.signIn(RESELLER)}` };

  const pgbench = await options.pgbench();
  const purchases = await codePurchases(base, db, resellerId, auth, options);
  options.report(
    `code purchases (1 yearly code each) for one reseller, ${options.connections} clients`,
    purchases.figure,
    purchases.counts,
    `${purchases.check}; ${versusTpcb(purchases.load.rps, pgbench)}`,
  );

  const today = new Date();
  const from = new Date(today.getTime() - 80 * 86_400_000).toISOString().slice(0, 10);
  const query = new URLSearchParams({ page: '1', per_page: '10', search_query: '123', date_from: from, date_to: today.toISOString().slice(0, 10) });
  const sessions = await panel.sessions(options.connections, RESELLER);
  const listLabel = `activation code list, search "123" and 80-day range (200k codes), ${options.connections} clients`;
  const list = await measureList(listLabel, databaseUrl, {
    url: `${base}/api/activation-codes?${query.toString()}`,
    connections: options.connections,
    seconds: options.seconds,
    variants: sessions,
  });
  listRow(options.report, listLabel, list, undefined, pgbench);

  // Each redeem binds a fresh code to a fresh device: the first redeem is the call that writes.
  const app = (await db.query<{ id: number }>('select min(id) as id from applications')).rows[0]!.id;
  const { rows: fresh } = await db.query<{ value: string; n: number }>(
    `select value, row_number() over () as n from activation_codes where reseller_id = $1 and device_id is null and status = 1 and expire_date > now() limit 60000`,
    [resellerId],
  );
  const mac = (n: number) => `0b:${[n >> 16, n >> 8, n].map((b) => (b & 0xff).toString(16).padStart(2, '0')).join(':')}:00:01`;
  const variants = fresh.map((c) => ({ body: { code: c.value, mac_address: mac(Number(c.n)), app_id: app } }));
  const player = { connections: 64, seconds: options.seconds, method: 'POST' as const, variants };
  const bare = await load(`${base}/api/bench-bare`, player);
  const redeems = await load(`${base}/api/player/redeem-code`, player);
  options.report(
    'POST /api/player/redeem-code, 64 connections (each a first redeem)',
    `${fmt(redeems.rps, 0)} req/s, p99 ${redeems.p99} ms`,
    `bare route ${fmt(bare.rps, 0)} req/s, p99 ${bare.p99} ms`,
    `ratio ${fmt(redeems.rps / bare.rps, 2)}${problems(redeems)}`,
  );
  await db.end();
  await panel.close();
}

/**
 * Purchases of one yearly code each by the reseller `resellerId` (signed in as `auth`), as fast as
 * `options.connections` clients send them, then the credit spent against the codes created.
 */
export async function codePurchases(base: string, db: pg.Client, resellerId: number, auth: Record<string, string>, options: Pick<PartOptions, 'connections' | 'seconds'>) {
  const balance = async () => Number((await db.query<{ c: string }>('select credit_point as c from users where id = $1', [resellerId])).rows[0]!.c);
  const codeCount = async () => Number((await db.query<{ n: string }>('select count(*) as n from activation_codes where reseller_id = $1', [resellerId])).rows[0]!.n);
  const [before, codesBefore] = [await balance(), await codeCount()];
  const purchases = await load(`${base}/api/sendingcode`, {
    connections: options.connections,
    seconds: options.seconds,
    method: 'POST',
    headers: auth,
    body: { subscriptionType: 'yearly', codeCount: 1 },
  });
  // Requests still in flight when the clients stop are finished by the server.
  await new Promise((r) => setTimeout(r, 1000));
  const spent = before - (await balance());
  const created = (await codeCount()) - codesBefore;
  return {
    load: purchases,
    figure: `${fmt(purchases.rps, 0)} purchases/s, p99 ${purchases.p99} ms`,
    counts: `${purchases.ok ?? 0} answered 2xx; credit spent ${spent}; codes created ${created}`,
    check: `${spent === created && (purchases.ok ?? 0) <= created ? 'one credit per code, none lost' : 'MISMATCH between credit and codes'}${problems(purchases)}`,
  };
}

/** 200,000 yearly codes of one reseller created over the last year, tied to one ledger row (timing data only). */
async function generateCodes(db: pg.Client, passwordHash: string): Promise<number> {
  const resellerId = (await benchReseller(db, { name: 'Bench Codes', email: RESELLER.email }, passwordHash)).id;
  await db.query('insert into reseller_applications (user_id, application_id) select $1, id from applications', [resellerId]);
  const { rows: [ledger] } = await db.query<{ id: number }>(
    `insert into credit_ledger (tr_type, credit_point, debitor_id, creator_id, reason) values ('Activation Code', 1, $1, $1, 'bench') returning id`,
    [resellerId],
  );
  await db.query(
    `insert into activation_codes (value, type, reseller_id, created_by, ledger_id, expire_date, created_at)
     select lpad(((g::bigint * 7919 * 104729) % 100000000000000)::text, 14, '0'), 'yearly', $1, $1, $2,
            now() - ((g % 365) || ' days')::interval + interval '1 year', now() - ((g % 365) || ' days')::interval
     from generate_series(1, ${CODES}) g
     on conflict do nothing`,
    [resellerId, ledger!.id],
  );
  // As autovacuum leaves a table after a bulk load: statistics, hint bits and the visibility map.
  await db.query('vacuum (analyze) activation_codes');
  return resellerId;
}
