import pg from 'pg';
import { POOL_SIZE, startBenchPanel } from './bench-panel.js';
import { generateLargeData } from './large-data.js';
import { fmt, fmtRatio, load } from './http-load.js';
import { runPgbench, versusTpcb, type PgbenchFigures } from './pgbench.js';
import { startPooler } from './pooler.js';
import { listRow, measureList, problems, type PartOptions } from './report.js';

/**
 * The reseller and credit figures on PostgreSQL: the reseller list and the credit-share log over 100,000
 * resellers and 1,000,000 ledger rows, and credit transfers on one hot account, each against the
 * bare route and against pgbench (run right before the transfers, so both see the machine alike);
 * then the reseller search and the transfers again through PgBouncer in transaction mode, against
 * pgbench through the same pooler.
 */
export async function resellersAndCredit(databaseUrl: string, options: PartOptions) {
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl });
  const { base, call, adminToken: token } = panel;
  await panel.recharge(panel.adminEmail, 100_000_000);

  const started = performance.now();
  const { firstResellerId } = await generateLargeData(databaseUrl, { resellers: 100_000, ledgerRows: 1_000_000 });
  console.log(`generated 100,000 resellers and 1,000,000 ledger rows in ${fmt((performance.now() - started) / 1000)} s`);

  const bare = await load(`${base}/api/bench-bare`, { connections: options.connections, seconds: options.seconds });
  // One session per client, as the admin's staff would send them.
  const sessions = await panel.sessions(options.connections);
  const listLabel = `reseller list, keyword "777", sorted by credit (100k resellers), ${options.connections} clients`;
  const listQuery = 'search_title=777&sort_key=credit_point&sort_type=desc&page_number=1&page_size=10';
  const list = await measureList(listLabel, databaseUrl, {
    url: `${base}/api/total-resellers/list?${listQuery}`,
    connections: options.connections,
    seconds: options.seconds,
    variants: sessions,
  });
  const logBody = { page_number: 1, page_size: 10, transaction_type: ['Added Credit', 'Added Self Credit'], sort_key: 'created_at', sort_type: 'desc' };
  const logsLabel = `credit-share log, first page (1M ledger rows), ${options.connections} clients`;
  const logs = await measureList(logsLabel, databaseUrl, {
    url: `${base}/api/credit-transaction-logs`,
    connections: options.connections,
    seconds: options.seconds,
    method: 'POST',
    variants: sessions.map((s) => ({ ...s, body: logBody })),
  });
  // pgbench right before the transfers (in a full run its first call), so both meet the same machine.
  const pgbench = await options.pgbench();
  listRow(options.report, listLabel, list, bare, pgbench);
  listRow(options.report, logsLabel, logs, bare, pgbench);

  // One hot account: every transfer debits the admin's balance row.
  await call('POST', '/validate-credit-share-password', token, { requestData: { passcode: panel.passcode } });
  const transfers = await hotAccountTransfers(databaseUrl, `${base}/api/resellers/${firstResellerId}/add-credit-point`, token, panel.adminEmail, options);
  options.report(`credit transfers on one hot account, ${options.connections} clients`, transfers.figure, `${versusTpcb(transfers.load.rps, pgbench)} (aim ≥ 0.5)`, transfers.note);
  await panel.close();

  await throughPgbouncer(databaseUrl, { ...options, listUrl: `/api/total-resellers/list?${listQuery}`, listLabel, firstResellerId, direct: { list: list.load.rps, transfers: transfers.load.rps } });
}

/**
 * Transfers of one point from the admin to one reseller, as fast as `options.connections` clients
 * send them, then the balance's move against the ledger rows written.
 */
export async function hotAccountTransfers(databaseUrl: string, url: string, token: string, adminEmail: string, options: Pick<PartOptions, 'connections' | 'seconds'>) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const balance = async () => Number((await db.query<{ c: string }>(`select credit_point as c from users where email = $1`, [adminEmail])).rows[0]!.c);
  const ledgerCount = async () => Number((await db.query<{ n: string }>('select count(*) as n from credit_ledger')).rows[0]!.n);
  const [before, rowsBefore] = [await balance(), await ledgerCount()];
  const transfers = await load(url, {
    connections: options.connections,
    seconds: options.seconds,
    headers: { authorization: `Bearer ${token}` },
    method: 'POST',
    body: { creditPoint: 1 },
  });
  // Requests still in flight when the clients stop are finished by the server, so compare the
  // ledger with the balances rather than with the answers the clients counted.
  await new Promise((r) => setTimeout(r, 1000));
  const moved = before - (await balance());
  const ledgerRows = (await ledgerCount()) - rowsBefore;
  await db.end();
  return {
    load: transfers,
    figure: `${fmt(transfers.rps, 0)} transfers/s, p99 ${transfers.p99} ms`,
    note: `${transfers.ok ?? 0} answered 2xx; balance moved ${moved}; ledger rows ${ledgerRows}; ${
      moved === ledgerRows && (transfers.ok ?? 0) <= moved ? 'no point lost or doubled' : 'MISMATCH: points lost or doubled'
    }${problems(transfers)}`,
  };
}

/**
 * The reseller search and the hot-account transfers again, the panel now through PgBouncer in
 * transaction mode (DATABASE_POOLER=transaction, DATABASE_DIRECT_URL the server itself) with as
 * many server connections as the panel's pool, each against pgbench through the same pooler, run
 * right before them; then once more directly but with DATABASE_POOLER=transaction's unnamed
 * statements, which tells the pooler's hop from the statements parsed and planned every time.
 * BENCH_POOLER=off skips them.
 */
async function throughPgbouncer(
  databaseUrl: string,
  options: PartOptions & { listUrl: string; listLabel: string; firstResellerId: number; direct: { list: number; transfers: number } },
) {
  if (process.env.BENCH_POOLER === 'off') return;
  const pooler = await startPooler(databaseUrl, Number(POOL_SIZE));
  if (!pooler) return;
  try {
    const pgbench = await runPgbench(databaseUrl, { connections: options.connections, seconds: options.seconds, through: pooler.through(databaseUrl) });
    await listAndTransfers(
      { DATABASE_URL: pooler.through(databaseUrl), DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: databaseUrl },
      `through PgBouncer ${pooler.version}, transaction mode, ${POOL_SIZE} server connections`,
      pgbench && { ...pgbench, label: 'through the pooler' },
      databaseUrl,
      options,
    );
  } finally {
    await pooler.stop();
  }
  const direct = await options.pgbench();
  await listAndTransfers(
    { DATABASE_URL: databaseUrl, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: databaseUrl },
    'directly, every statement unnamed as DATABASE_POOLER=transaction sends them',
    direct && { ...direct, label: 'direct' },
    databaseUrl,
    options,
  );
}

/** One panel with `env`: the reseller search and the hot-account transfers, as rows labelled `via`. */
async function listAndTransfers(
  env: Record<string, string>,
  via: string,
  pgbench: (PgbenchFigures & { label: string }) | undefined,
  databaseUrl: string,
  options: PartOptions & { listUrl: string; listLabel: string; firstResellerId: number; direct: { list: number; transfers: number } },
) {
  const panel = await startBenchPanel(env);
  try {
    const sessions = await panel.sessions(options.connections);
    const list = await load(`${panel.base}${options.listUrl}`, { connections: options.connections, seconds: options.seconds, variants: sessions });
    options.report(
      `${options.listLabel} (${via})`,
      `p97.5 ${list.p95} ms, p99 ${list.p99} ms, ${fmt(list.rps, 0)} req/s (p50 ${list.p50} ms)`,
      `${pgbench ? `pgbench -S ${pgbench.label} ${fmt(pgbench.selectOnly, 0)} tps: ratio ${fmtRatio(list.rps / pgbench.selectOnly)}` : 'pgbench: not run'}; the direct row's req/s: ratio ${fmtRatio(list.rps / options.direct.list)}`,
      problems(list).trim(),
    );
    await panel.call('POST', '/validate-credit-share-password', panel.adminToken, { requestData: { passcode: panel.passcode } });
    const transfers = await hotAccountTransfers(databaseUrl, `${panel.base}/api/resellers/${options.firstResellerId}/add-credit-point`, panel.adminToken, panel.adminEmail, options);
    options.report(
      `credit transfers on one hot account, ${options.connections} clients (${via})`,
      transfers.figure,
      `${pgbench ? `pgbench TPC-B ${pgbench.label} ${fmt(pgbench.tpcb, 0)} tps: ratio ${fmtRatio(transfers.load.rps / pgbench.tpcb)}` : 'pgbench: not run'}; the direct row's transfers/s: ratio ${fmtRatio(transfers.load.rps / options.direct.transfers)}`,
      transfers.note,
    );
  } finally {
    await panel.close();
  }
}
