import pg from 'pg';
import { hashSecret } from '../../server/src/lib/secrets.js';
import { benchReseller } from './accounts.js';
import { startBenchPanel } from './bench-panel.js';
import { fmt, load } from './http-load.js';
import { listRow, measureList, type PartOptions } from './report.js';

const RESELLER = { email: 'tickets@bench.test', password: 'Bench@12345' };
const TICKETS = 100_000;
const RAISERS = 2_000;
/** What the admin types in the list's search box: a word of one ticket title in ten. */
const ADMIN_SEARCH = 'playlist';

/**
 * The support tickets list on PostgreSQL with 100,000 tickets: a reseller's own first page, as the
 * tickets screen asks for it, and the admin's (every reseller's tickets) with a title search.
 */
export async function ticketsList(databaseUrl: string, options: PartOptions) {
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl });
  const { base } = panel;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = performance.now();
  const own = await generateTickets(db, await hashSecret(RESELLER.password));
  await db.end();
  console.log(`generated ${fmt(TICKETS, 0)} tickets (${fmt(own, 0)} of the measured reseller) and their threads in ${fmt((performance.now() - started) / 1000)} s`);

  const lists = { connections: options.connections, seconds: options.seconds };
  const bare = await load(`${base}/api/bench-bare`, lists);
  // The tickets screen's own query: first page, newest first (web/src/features/tickets).
  const page = { page_number: '1', page_size: '10', sort_key: 'created_at', sort_type: 'desc' };
  const resellerSessions = await panel.sessions(options.connections, RESELLER);
  const adminSessions = await panel.sessions(options.connections);
  const pgbench = await options.pgbench();
  const mineLabel = `ticket list, a reseller's own (${fmt(own, 0)} of 100k tickets), first page, ${options.connections} sessions`;
  const mine = await measureList(mineLabel, databaseUrl, { url: `${base}/api/get-all-tickets?${new URLSearchParams(page).toString()}`, ...lists, variants: resellerSessions });
  const searchedLabel = `ticket list, admin, search "${ADMIN_SEARCH}" (100k tickets), first page, ${options.connections} sessions`;
  const searched = await measureList(searchedLabel, databaseUrl, {
    url: `${base}/api/get-all-tickets?${new URLSearchParams({ ...page, search_title: ADMIN_SEARCH }).toString()}`,
    ...lists,
    variants: adminSessions,
  });
  listRow(options.report, mineLabel, mine, bare, pgbench);
  listRow(options.report, searchedLabel, searched, bare, pgbench);
  await panel.close();
}

/**
 * 100,000 tickets over the last year with set-based SQL: one in twenty raised by the measured
 * reseller, the rest by 2,000 others; statuses in a support desk's proportions (most resolved or
 * closed), each resolved, closed or reopened ticket with the support side's answer and each reopened
 * one with the raiser's comment, so a page carries its threads. One title in ten has the admin's
 * search word. Answers how many tickets the measured reseller raised.
 */
async function generateTickets(db: pg.Client, passwordHash: string): Promise<number> {
  const reseller = await benchReseller(db, { name: 'Bench Tickets', email: RESELLER.email }, passwordHash);
  await db.query(
    `insert into users (name, email, role_id, created_by, email_verified_at, created_at)
     select 'Raiser ' || g, 'raiser' || g || '@bench.test', $1, $2, now(), now() - (g || ' hours')::interval
     from generate_series(1, $3::int) g`,
    [reseller.resellerRoleId, reseller.adminId, RAISERS],
  );
  // One statement's identities are consecutive: the raisers are first.id to first.id + RAISERS - 1.
  const { rows: [first] } = await db.query<{ id: number }>(`select min(id) as id from users where email like 'raiser%@bench.test'`);
  const subjects = [
    'Playlist not loading',
    'Activation failed',
    'Wrong expiry date',
    'Credit not received',
    'App crashes on start',
    'MAC address changed',
    'Cannot sign in',
    'Code already used',
    'Refund request',
    'EPG missing channels',
  ];
  await db.query(
    `insert into tickets (title, description, status, raised_by, created_at, updated_at)
     select s.subject || ' #' || g,
            '<p>' || s.subject || ' on the device ' || substr(md5(g::text), 1, 12) || ' since this morning.</p>',
            case when h < 10 then 'OPEN' when h < 15 then 'REOPEN' when h < 75 then 'RESOLVED' when h < 95 then 'CLOSED' else 'WITHDRAW' end,
            case when g % 20 = 0 then $1::int else $2::int + g % $3::int end,
            t, t + interval '1 day'
     from generate_series(1, ${TICKETS}) g,
          lateral (select ($4::text[])[1 + g % 10] as subject, abs(hashint4(g) % 100) as h,
                          now() - ((g * 313) % 31536000 || ' seconds')::interval as t) s`,
    [reseller.id, first!.id, RAISERS, subjects],
  );
  // The support side's answer first, then the raiser's reopening: the thread's order is its ids'.
  await db.query(
    `insert into ticket_comments (ticket_id, author_id, comment, status, created_at)
     select id, $1, '<p>Fixed on our side: please restart the app.</p>', 'RESOLVED', created_at + interval '2 hours'
     from tickets where status in ('RESOLVED', 'CLOSED', 'REOPEN') order by id`,
    [reseller.adminId],
  );
  await db.query(
    `insert into ticket_comments (ticket_id, author_id, comment, status, created_at)
     select id, raised_by, '<p>Still the same after a restart.</p>', 'REOPEN', created_at + interval '1 day'
     from tickets where status = 'REOPEN' order by id`,
  );
  // As autovacuum leaves a table at rest: statistics, and a visibility map for index-only counts.
  for (const table of ['users', 'tickets', 'ticket_comments']) await db.query(`vacuum (analyze) ${table}`);
  const { rows: [mine] } = await db.query<{ n: string }>('select count(*) as n from tickets where raised_by = $1', [reseller.id]);
  return Number(mine!.n);
}
