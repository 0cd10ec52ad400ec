import pg from 'pg';

/**
 * Generates the reseller and credit data set on PostgreSQL with set-based SQL (seconds, not minutes):
 * `resellers` reseller accounts under the admin, a tenth of them sub-resellers of the first
 * thousand, and `ledgerRows` ledger rows spread over the last year. Balances are random, so the
 * ledger invariant does not hold on this data: it is for timing lists and logs only.
 */
export async function generateLargeData(url: string, options: { resellers: number; ledgerRows: number }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: [ids] } = await client.query<{ admin: number; reseller: number; sub: number }>(`
      select (select id from users where role_id = (select min(id) from roles) order by id limit 1) as admin,
             (select id from roles where name = 'reseller') as reseller,
             (select id from roles where name = 'sub-reseller') as sub`);
    await client.query(
      `insert into users (name, email, role_id, credit_point, created_by, email_verified_at, created_at)
       select 'Reseller ' || g || ' ' || md5(g::text), 'reseller' || g || '@bench.test', $1,
              (random() * 5000)::int, $2, now(), now() - (g || ' minutes')::interval
       from generate_series(1, $3::int) g`,
      [ids!.reseller, ids!.admin, options.resellers],
    );
    const { rows: [range] } = await client.query<{ first: number }>(`select min(id) as first from users where email like 'reseller%@bench.test'`);
    // Every tenth reseller becomes a sub-reseller of one of the first thousand.
    await client.query(
      `update users set role_id = $1, parent_reseller_id = $2 + ((id - $2) % 1000)
       where email like 'reseller%@bench.test' and (id - $2) % 10 = 9 and id - $2 >= 1000`,
      [ids!.sub, range!.first],
    );
    await client.query(
      `insert into credit_ledger (tr_type, credit_point, debitor_id, creditor_id, creator_id, created_at)
       select case when g % 10 = 0 then 'Withdraw' when g % 97 = 0 then 'Added Self Credit' else 'Added Credit' end,
              1 + g % 50,
              case when g % 97 = 0 then null when g % 10 = 0 then $2 + g % $3 else $1 end,
              case when g % 10 = 0 then $1 else $2 + g % $3 end,
              $1,
              now() - ((g * 31) % 31536000 || ' seconds')::interval
       from generate_series(1, $4::int) g`,
      [ids!.admin, range!.first, options.resellers, options.ledgerRows],
    );
    // As autovacuum leaves a table after a bulk load: statistics, hint bits and the visibility map.
    for (const table of ['users', 'credit_ledger']) await client.query(`vacuum (analyze) ${table}`);
    return { adminId: ids!.admin, firstResellerId: range!.first };
  } finally {
    await client.end();
  }
}
