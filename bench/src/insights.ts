import { sql } from 'drizzle-orm';
import { hashSecret } from '../../server/src/lib/secrets.js';
import { startBenchPanel } from './bench-panel.js';
import { fmt, load } from './http-load.js';
import { problems, type PartOptions } from './report.js';
import type { Variant } from './load-process.js';
import type { DbOrTx } from '../../server/src/db/client.js';

const PASSWORD = 'Bench@12345';
/** The tree: one reseller, SUBS sub-resellers under it, and SUB_SUBS under each of them. */
const SUBS = 20;
const SUB_SUBS = 5;
const CLIENTS_ACCOUNTS = 32;

/**
 * Insights (issue 27) at BENCH_INSIGHTS_ACTIVATIONS activations (default 1,000,000) in one
 * reseller's tree (itself, 20 sub-resellers and 100 below them), spread over the last year, 8
 * applications, one in ten Lifetime: p97.5 of each insights call at `connections` clients, then
 * the roll-up's cost: activations per second sent by 32 accounts of the tree at once, with the
 * roll-up's triggers and without them, in the same run. On PostgreSQL (when reachable) and PGlite.
 * The rows are made with set-based SQL, triggers off, then `insight_rebuild()` rolls them up.
 */
export async function insightsFigures(postgresUrl: string | undefined, options: PartOptions) {
  const count = Number(process.env.BENCH_INSIGHTS_ACTIVATIONS ?? 1_000_000);
  if (postgresUrl && process.env.BENCH_INSIGHTS_POSTGRES !== '0') await measure('PostgreSQL', { DATABASE_URL: postgresUrl }, count, options);
  if (process.env.BENCH_INSIGHTS_PGLITE !== '0') await measure('PGlite', {}, count, options);
}

/** Plain SQL on the panel's own connection: the bench's set-up and the lab's. */
function sqlOf(db: DbOrTx) {
  const run = (text: string) => db.execute(sql.raw(text));
  const rowsOf = async <T>(text: string): Promise<T[]> => {
    const result: unknown = await run(text);
    return (result as { rows: T[] }).rows;
  };
  const one = async <T>(text: string) => (await rowsOf<T>(text))[0]!;
  return { run, rowsOf, one };
}

/**
 * The tree and its `count` activations over the last year, rolled up (the part's set-up, also for
 * trying a change by hand on a kept database): seconds to make them and to roll them up.
 */
export async function seedTree(db: DbOrTx, count: number) {
  const { run, one } = sqlOf(db);
  let started = performance.now();
  const hash = (await hashSecret(PASSWORD)).replace(/'/g, "''");
  const { root } = await one<{ root: number }>(`
    insert into users (name, email, password_hash, role_id, created_by, email_verified_at, credit_point)
    values ('Insights Root', 'insights-root@bench.test', '${hash}', (select id from roles where name = 'reseller'), (select min(id) from users), now(), 10000000)
    returning id as root`);
  await run(`
    insert into users (name, email, password_hash, role_id, created_by, parent_reseller_id, email_verified_at, credit_point)
    select 'Insights Sub ' || g, 'insights-sub' || g || '@bench.test', '${hash}', (select id from roles where name = 'sub-reseller'), ${root}, ${root}, now(), 1000000
    from generate_series(1, ${SUBS}) g`);
  await run(`
    insert into users (name, email, password_hash, role_id, created_by, parent_reseller_id, email_verified_at, credit_point)
    select 'Insights Sub ' || s.id || '.' || g, 'insights-sub' || s.id || '-' || g || '@bench.test', '${hash}', (select id from roles where name = 'sub-reseller'), s.id, s.id, now(), 1000000
    from users s, generate_series(1, ${SUB_SUBS}) g where s.parent_reseller_id = ${root}`);
  await run(`
    insert into reseller_applications (user_id, application_id)
    select u.id, a.id from users u, applications a where u.email like 'insights-%@bench.test' on conflict do nothing`);
  const { ledger } = await one<{ ledger: number }>(
    `insert into credit_ledger (tr_type, credit_point, debitor_id, creator_id, reason) values ('Activation', 1, ${root}, ${root}, 'bench') returning id as ledger`,
  );
  // The rows below are rolled up at once afterwards: the statement triggers would hold a million rows.
  await run(`alter table activations disable trigger activations_insight_insert`);
  await run(`
    with apps as (select array_agg(id order by id) as ids from applications),
         tree as (select array_agg(id order by id) as ids from users where email like 'insights-%@bench.test')
    insert into devices (application_id, mac_address, device_key, expire_date, lifetime, is_trial, activated_by, activated_at, created_at)
    select apps.ids[1 + g % array_length(apps.ids, 1)],
           regexp_replace(substr(md5('insights' || g), 1, 12), '(..)(?!$)', '\\1:', 'g'),
           lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
           case when g % 10 = 0 then '9999-12-31'::timestamptz else now() - ((g % 365) || ' days')::interval + interval '1 year' end,
           g % 10 = 0, 0,
           tree.ids[1 + (g / 7) % array_length(tree.ids, 1)],
           now() - ((g % 365) || ' days')::interval,
           now() - ((g % 365) || ' days')::interval
    from generate_series(1, ${count}) g, apps, tree
    on conflict do nothing`);
  await run(`
    insert into activations (device_id, application_id, mac_address, reseller_id, ledger_id, package, credit_point, box_expiry_date, activated_from, created_at)
    select id, application_id, mac_address, activated_by, ${ledger}, case when lifetime then 'Lifetime' else '1-Year' end,
           case when lifetime then 2 else 1 end, expire_date, 'multi-app', activated_at
    from devices where activated_by in (select id from users where email like 'insights-%@bench.test')`);
  await run(`alter table activations enable trigger activations_insight_insert`);
  const made = (performance.now() - started) / 1000;
  started = performance.now();
  await run(`select insight_rebuild()`);
  const rolled = (performance.now() - started) / 1000;
  for (const table of ['users', 'devices', 'activations', 'insight_daily', 'insight_expiry_daily', 'insight_runway']) await run(`vacuum (analyze) ${table}`);
  const { n } = await one<{ n: string }>(`select count(*) as n from activations where reseller_id in (select id from users where email like 'insights-%@bench.test')`);
  return { made, rolled, activations: Number(n) };
}

async function measure(label: string, env: Record<string, string>, count: number, options: PartOptions) {
  const panel = await startBenchPanel(env);
  const db = panel.app.deps.db;
  const { run, rowsOf, one } = sqlOf(db);
  try {
    const { made, rolled, activations: n } = await seedTree(db, count);
    console.log(`${label}: ${n} activations in the tree made in ${fmt(made)} s, rolled up in ${fmt(rolled)} s`);

    // The insights calls, each from as many sessions of the root as clients. On PGlite the bulk
    // load and the vacuum held the event loop for minutes: a kept-alive socket the server closed
    // meanwhile fails the first requests, so the sign-ins are retried.
    const retried = async <T>(what: () => Promise<T>): Promise<T> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await what();
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    };
    const sessions = await retried(() => panel.sessions(options.connections, { email: 'insights-root@bench.test', password: PASSWORD }));
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const calls: [string, string][] = [
      ['activations, last 30 days by day (the screen\'s first call)', '/api/insights/activations'],
      ['activations, a year by week', `/api/insights/activations?from=${yearAgo}&interval=week`],
      ['activations, a year by day, one application', `/api/insights/activations?from=${yearAgo}&application_id=1`],
      ['renewals', '/api/insights/renewals'],
      ['runway (120 sub-resellers), first page by days left', '/api/insights/runway'],
      ['refusals, last 30 days', '/api/insights/refusals'],
    ];
    await load(`${panel.base}${calls[0]![1]}`, { connections: options.connections, seconds: 2, variants: sessions }); // warm-up
    // The yardstick of this run: a signed-in GET that reads one row (the profile), under the same load.
    const profile = await load(`${panel.base}/api/profile`, { connections: options.connections, seconds: options.seconds, variants: sessions });
    options.report(`GET /api/profile, the same sessions (${label}): the reference`, `p97.5 ${profile.p95} ms, p99 ${profile.p99} ms`, `${fmt(profile.rps, 0)} req/s`, problems(profile).trim());
    for (const [name, url] of calls) {
      const r = await load(`${panel.base}${url}`, { connections: options.connections, seconds: options.seconds, variants: sessions });
      options.report(
        `GET ${url.split('?')[0]} — ${name}, ${fmt(Number(n) / 1e6, 2)}M activations in the tree, ${options.connections} clients (${label})`,
        `p97.5 ${r.p95} ms, p99 ${r.p99} ms`,
        `${fmt(r.rps, 0)} req/s, p50 ${r.p50} ms; the profile's ratio ${fmt(r.rps / profile.rps, 2)}`,
        problems(r).trim(),
      );
    }

    // The roll-up's cost: 32 accounts of the tree activate at once (one 1-Year activation of one app
    // per request, each on another device), with the triggers and without them.
    const accounts = await rowsOf<{ email: string }>(`select email from users where email like 'insights-%@bench.test' order by id limit ${CLIENTS_ACCOUNTS}`);
    const tokens: Variant[] = [];
    for (const { email } of accounts) tokens.push(...(await retried(() => panel.sessions(1, { email, password: PASSWORD }))));
    const targets = await rowsOf<{ application_id: number; mac_address: string }>(`select application_id, mac_address from devices where not lifetime order by id desc limit 20000`);
    const variants = (offset: number) =>
      targets.slice(offset, offset + 10000).map((d, i) => ({
        ...tokens[i % tokens.length]!,
        body: { requestData: { is_trial: 3, macAddress: d.mac_address, isConfirmed: true, app_ids: [d.application_id] } },
      }));
    const activationLoad = (offset: number) =>
      load(`${panel.base}/api/bulk-multi-app-activate`, { connections: options.connections, seconds: options.seconds, method: 'POST', variants: variants(offset) });
    const rows = async () => Number((await one<{ n: string }>(`select count(*) as n from activations`)).n);
    let before = await rows();
    const withRollUp = await activationLoad(0);
    const addedWith = (await rows()) - before;
    await run(`alter table activations disable trigger activations_insight_insert`);
    before = await rows();
    const withoutRollUp = await activationLoad(10000);
    const addedWithout = (await rows()) - before;
    await run(`alter table activations enable trigger activations_insight_insert`);
    options.report(
      `activations by ${tokens.length} accounts of the tree at once, ${options.connections} clients, with the insights roll-up (${label})`,
      `${fmt(withRollUp.rps, 0)} activations/s, p99 ${withRollUp.p99} ms`,
      `without the roll-up's trigger: ${fmt(withoutRollUp.rps, 0)} activations/s, p99 ${withoutRollUp.p99} ms`,
      `ratio ${fmt(withRollUp.rps / withoutRollUp.rps, 2)}; rows ${addedWith} and ${addedWithout}${problems(withRollUp)}${problems(withoutRollUp)}`,
    );
  } finally {
    await panel.close();
  }
}
