import pg from 'pg';
import { startBenchPanel } from './bench-panel.js';
import { generateLargeData } from './large-data.js';
import { fmt, load } from './http-load.js';
import { versusTpcb } from './pgbench.js';
import { listRow, measureList, problems, type PartOptions } from './report.js';

/**
 * The reseller and credit figures on PostgreSQL: the reseller list and the credit-share log over 100,000
 * resellers and 1,000,000 ledger rows, and credit transfers on one hot account, each against the
 * bare route and against pgbench (run right before the transfers, so both see the machine alike).
 */
export async function resellersAndCredit(databaseUrl: string, options: PartOptions) {
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl });
  const { base, call, adminToken: token } = panel;
  const auth = { authorization: `Bearer ${token}` };
  await panel.recharge(panel.adminEmail, 100_000_000);

  const started = performance.now();
  const { firstResellerId } = await generateLargeData(databaseUrl, { resellers: 100_000, ledgerRows: 1_000_000 });
  console.log(`generated 100,000 resellers and 1,000,000 ledger rows in ${fmt((performance.now() - started) / 1000)} s`);

  const bare = await load(`${base}/api/bench-bare`, { connections: options.connections, seconds: options.seconds });
  // One session per client, as the admin's staff would send them.
  const sessions = await panel.sessions(options.connections);
  const listLabel = `reseller list, keyword "777", sorted by credit (100k resellers), ${options.connections} clients`;
  const list = await measureList(listLabel, databaseUrl, {
    url: `${base}/api/total-resellers/list?search_title=777&sort_key=credit_point&sort_type=desc&page_number=1&page_size=10`,
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
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const balance = async () =>
    Number((await db.query<{ c: string }>(`select credit_point as c from users where email = $1`, [panel.adminEmail])).rows[0]!.c);
  const ledgerCount = async () => Number((await db.query<{ n: string }>('select count(*) as n from credit_ledger')).rows[0]!.n);
  const [before, rowsBefore] = [await balance(), await ledgerCount()];
  const transfers = await load(`${base}/api/resellers/${firstResellerId}/add-credit-point`, {
    connections: options.connections,
    seconds: options.seconds,
    headers: auth,
    method: 'POST',
    body: { creditPoint: 1 },
  });
  // Requests still in flight when the clients stop are finished by the server, so compare the
  // ledger with the balances rather than with the answers the clients counted.
  await new Promise((r) => setTimeout(r, 1000));
  const moved = before - (await balance());
  const ledgerRows = (await ledgerCount()) - rowsBefore;
  await db.end();
  options.report(
    `credit transfers on one hot account, ${options.connections} clients`,
    `${fmt(transfers.rps, 0)} transfers/s, p99 ${transfers.p99} ms`,
    `${versusTpcb(transfers.rps, pgbench)} (aim ≥ 0.5)`,
    `${transfers.ok ?? 0} answered 2xx; balance moved ${moved}; ledger rows ${ledgerRows}; ${
      moved === ledgerRows && (transfers.ok ?? 0) <= moved ? 'no point lost or doubled' : 'MISMATCH: points lost or doubled'
    }${problems(transfers)}`,
  );
  await panel.close();
}
