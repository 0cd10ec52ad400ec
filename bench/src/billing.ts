import pg from 'pg';
import { hashSecret } from '../../server/src/lib/secrets.js';
import { benchReseller } from './accounts.js';
import { startBenchPanel } from './bench-panel.js';
import { fmt, load } from './http-load.js';
import { listRow, measureList, type PartOptions } from './report.js';

const BUYER = { email: 'billing@bench.test', password: 'Bench@12345' };
const ORDERS = 100_000;
const BUYERS = 2_000;
const FIRST_NAMES = ['Maria', 'Ahmed', 'John', 'Fatima', 'Luca', 'Sofia', 'Omar', 'Anna', 'Yusuf', 'Elena', 'Karim', 'Julia', 'Mehmet', 'Lea', 'Ali', 'Nora', 'Hugo', 'Sara', 'Ivan', 'Amira'];
/** What the admin types in the billing screen's search box: a buyer's first name (one buyer in twenty). */
const ADMIN_SEARCH = 'maria';

/**
 * The billing records list on PostgreSQL with 100,000 payment orders: the admin's view of every
 * order with a search (plan title, buyer's name or e-mail), and a buyer's own orders.
 */
export async function billingRecords(databaseUrl: string, options: PartOptions) {
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl });
  const { base } = panel;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  const own = await generateOrders(db, await hashSecret(BUYER.password));
  await db.end();
  console.log(`generated ${fmt(ORDERS, 0)} payment orders (${fmt(own, 0)} of the measured buyer) in ${fmt((performance.now() - started) / 1000)} s`);

  const lists = { connections: options.connections, seconds: options.seconds };
  const bare = await load(`${base}/api/bench-bare`, lists);
  // The billing screen's query (web/src/features/payments): first page of 10, newest first.
  const page = { page_number: '1', page_size: '10' };
  const adminSessions = await panel.sessions(options.connections);
  const buyerSessions = await panel.sessions(options.connections, BUYER);
  const pgbench = await options.pgbench();
  const searchedLabel = `billing records, admin, search "${ADMIN_SEARCH}" (100k orders), first page, ${options.connections} sessions`;
  const searched = await measureList(searchedLabel, databaseUrl, {
    url: `${base}/api/billing-records?${new URLSearchParams({ ...page, search_title: ADMIN_SEARCH }).toString()}`,
    ...lists,
    variants: adminSessions,
  });
  const mineLabel = `billing records, a buyer's own (${fmt(own, 0)} of 100k orders), first page, ${options.connections} sessions`;
  const mine = await measureList(mineLabel, databaseUrl, { url: `${base}/api/billing-records?${new URLSearchParams(page).toString()}`, ...lists, variants: buyerSessions });
  listRow(options.report, searchedLabel, searched, bare, pgbench);
  listRow(options.report, mineLabel, mine, bare, pgbench);
  await panel.close();
}

/**
 * 100,000 orders of four plans over the last year with set-based SQL: one in twenty by the measured
 * buyer, the rest by 2,000 other resellers (named after twenty first names); most completed with a
 * provider reference, some pending, failed or cancelled. The completed ones share one 'Purchase'
 * ledger row: timing data only, balances are not derived from it. Answers the measured buyer's count.
 */
async function generateOrders(db: pg.Client, passwordHash: string): Promise<number> {
  const buyer = await benchReseller(db, { name: 'Bench Buyer', email: BUYER.email }, passwordHash);
  await db.query(
    `insert into users (name, email, role_id, created_by, email_verified_at, created_at)
     select ($4::text[])[1 + g % 20] || ' Reseller ' || g, lower(($4::text[])[1 + g % 20]) || '.buyer' || g || '@bench.test',
            $1, $2, now(), now() - (g || ' hours')::interval
     from generate_series(1, $3::int) g`,
    [buyer.resellerRoleId, buyer.adminId, BUYERS, FIRST_NAMES],
  );
  // One statement's identities are consecutive: the buyers are first.id to first.id + BUYERS - 1.
  const { rows: [first] } = await db.query<{ id: number }>(`select min(id) as id from users where email like '%.buyer%@bench.test'`);
  await db.query(
    `insert into payment_plans (title, price, currency, description, credit_points, created_by)
     values ('Starter 100 points', 19.90, 'EUR', 'For a small shop', 100, $1),
            ('Shop 500 points', 89.00, 'EUR', 'The usual monthly top-up', 500, $1),
            ('Pro 1,000 points', 169.00, 'EUR', 'For resellers with sub-resellers', 1000, $1),
            ('Wholesale 5,000 points', 790.00, 'EUR', 'Best price per point', 5000, $1)`,
    [buyer.adminId],
  );
  const { rows: [ledger] } = await db.query<{ id: number }>(
    `insert into credit_ledger (tr_type, credit_point, creditor_id, creator_id, reason) values ('Purchase', 100, $1, $1, 'purchase') returning id`,
    [buyer.id],
  );
  await db.query(
    `with plans as (
       select array_agg(id order by id) as ids, array_agg(title order by id) as titles,
              array_agg(price order by id) as prices, array_agg(credit_points order by id) as points
       from payment_plans)
     insert into payment_orders (order_id, reseller_id, plan_id, plan_title, amount, currency, credit_point, status, provider, transaction_id, ledger_id, created_at, updated_at)
     select 'ord_' || md5('bench-order-' || g), case when g % 20 = 0 then $1::int else $2::int + g % $3::int end,
            p.ids[o.k], p.titles[o.k], p.prices[o.k], 'EUR', p.points[o.k], o.status, 'stripe',
            case when o.status <> 'pending' then 'cs_test_' || md5(g::text) end,
            case when o.status = 'completed' then $4::bigint end,
            o.t, o.t + interval '3 minutes'
     from generate_series(1, ${ORDERS}) g, plans p,
          lateral (select 1 + abs(hashint4(g) % 4) as k,
                          case abs(hashint4(g + ${ORDERS}) % 20) when 0 then 'pending' when 1 then 'failed' when 2 then 'cancelled' else 'completed' end as status,
                          now() - ((g * 313) % 31536000 || ' seconds')::interval as t) o`,
    [buyer.id, first!.id, BUYERS, ledger!.id],
  );
  // As autovacuum leaves a table at rest: statistics, and a visibility map for index-only counts.
  for (const table of ['users', 'payment_orders']) await db.query(`vacuum (analyze) ${table}`);
  const { rows: [mine] } = await db.query<{ n: string }>('select count(*) as n from payment_orders where reseller_id = $1', [buyer.id]);
  return Number(mine!.n);
}
