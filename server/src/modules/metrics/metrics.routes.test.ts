import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_TR_TYPES, type CreateCodesAnswer } from '@panel/contract';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { adminToken, applicationIds, createReseller, expectError, rows, signedUpReseller, uniqueIp, type TestUser } from '../../../test/fixtures.js';
import { fundedAdmin, recharge, validatePasscode } from '../../../test/credit.js';
import { activateDevice, registerDevice, uniqueMac } from '../../../test/devices.js';
import { multipart } from '../../../test/uploads.js';
import { createEndpoint, eventually, startReceiver, WEBHOOK_TEST_ENV } from '../../../test/webhooks.js';
import type { Ctx } from '../../http/context.js';
import { transfer } from '../credit/credit.service.js';
import { AppError } from '../../http/app-error.js';
import { sendDueReminders } from '../reminders/reminders.service.js';
import { startWebhookWorker } from '../webhooks/worker.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const log = pino({ level: 'silent' });

/**
 * The sum of the samples of `name` whose labels include `labels` (0 when none): a histogram's
 * `_count` over every status class, or one counter series.
 */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) sum += Number(match[3]);
  }
  return sum;
}

let t: TestApp;
let admin: string;
let apps: number[];
let appNames: Map<number, string>;

async function scrape(app: TestApp = t): Promise<string> {
  const res = await app.call({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** How much `name{labels}` moved while `action` ran. */
async function moved(name: string, labels: Record<string, string>, action: () => Promise<unknown>): Promise<number> {
  const before = sample(await scrape(), name, labels);
  await action();
  return sample(await scrape(), name, labels) - before;
}

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, SANDBOX_ENABLED: 'true', ...WEBHOOK_TEST_ENV } });
  admin = await fundedAdmin(t, 1_000_000);
  apps = (await applicationIds(t)).slice(0, 2);
  appNames = new Map((await rows<{ id: number; app_name: string }>(t, sql`select id, app_name from applications`)).map((a) => [a.id, a.app_name]));
});
afterAll(() => t.close());

async function fundedReseller(points: number): Promise<TestUser> {
  const r = await createReseller(t, { applications: apps });
  expect((await recharge(t, admin, { email: r.email, points })).statusCode).toBe(200);
  return r;
}

describe('GET /metrics', () => {
  it('does not exist while METRICS_TOKEN is unset, and no request is timed', async () => {
    const bare = await createTestApp();
    try {
      expectError(await bare.call({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }), 404, 'ROUTE_NOT_FOUND');
      await bare.call({ method: 'GET', url: '/api/health' });
      // Recorded business figures stay in memory; nothing of HTTP or of the process is collected.
      const text = await bare.app.deps.metrics.registry.metrics();
      expect(sample(text, 'panel_http_request_duration_seconds_count')).toBe(0);
      expect(text).not.toContain('process_cpu_user_seconds_total');
    } finally {
      await bare.close();
    }
  });

  it('answers a missing and a wrong token with the same 401', async () => {
    const missing = await t.call({ method: 'GET', url: '/metrics' });
    const wrong = await t.call({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
    const otherScheme = await t.call({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` } });
    for (const res of [missing, wrong, otherScheme]) {
      expectError(res, 401, 'C10002');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).toBe(missing.body);
    }
    expect(missing.body).not.toContain('panel_');
  });

  it('serves the Prometheus text with the process, event-loop and request figures to the right token', async () => {
    const res = await t.call({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(res.body).toContain(`\n${name} `);
    }
    expect(res.body).toContain('# TYPE panel_http_request_duration_seconds histogram');
  });

  it('labels requests by route pattern and status class, never by the URL sent', async () => {
    const token = await adminToken(t);
    const before = await scrape();
    const route = { route: '/api/webhooks/:id/deliveries', method: 'GET' };
    await t.call({ method: 'GET', url: '/api/webhooks/987654321/deliveries', token });
    await t.call({ method: 'GET', url: '/api/no-such-call-zq81x?secret=abc' });
    await t.call({ method: 'GET', url: '/api/sandbox/profile', token });
    const after = await scrape();
    expect(sample(after, 'panel_http_request_duration_seconds_count', { ...route, status_class: '4xx' }) - sample(before, 'panel_http_request_duration_seconds_count', { ...route, status_class: '4xx' })).toBe(1);
    expect(sample(after, 'panel_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })).toBeGreaterThan(sample(before, 'panel_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' }));
    expect(sample(after, 'panel_http_request_duration_seconds_count', { route: '/api/sandbox/profile', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('987654321');
    expect(after).not.toContain('zq81x');
    expect(sample(after, 'panel_http_request_duration_seconds_bucket', { route: '/metrics', le: '+Inf' })).toBeGreaterThan(0);
  });

  // PGlite only: closing a PostgreSQL test database's pool would leave the harness unable to drop it.
  it.skipIf(onPostgres)('serves the process figures while the database is down, leaving out what needs it', async () => {
    const down = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      expect(await scrape(down)).toContain('\npanel_webhook_oldest_due_seconds 0');
      await down.database.close();
      const text = await scrape(down);
      expect(text).toContain('\nprocess_cpu_user_seconds_total ');
      // prom-client writes `Nan`, which Prometheus reads as NaN (its float parsing ignores case).
      expect(text).toMatch(/\npanel_webhook_oldest_due_seconds nan\n/i);
    } finally {
      await down.app.close();
      fs.rmSync(down.dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(onPostgres)('reports the PostgreSQL pools: connections in use and idle, queries waiting', async () => {
    await t.call({ method: 'GET', url: '/api/sandbox/profile', token: admin });
    const text = await scrape();
    expect(sample(text, 'panel_db_pool_max', { pool: 'live' })).toBe(20);
    expect(sample(text, 'panel_db_pool_connections', { pool: 'live', state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'panel_db_pool_connections', { pool: 'live' })).toBeGreaterThan(0);
    expect(text).toContain('panel_db_pool_waiting{pool="live"} 0');
    expect(text).toContain('panel_db_pool_connections{pool="sandbox",state="idle"}');
  });

  it.skipIf(onPostgres)('has no pool figures on PGlite, which has one connection', async () => {
    expect(await scrape()).not.toContain('panel_db_pool_connections{');
  });
});

describe('the panel figures', () => {
  it('count a multi-app activation per app, package and source, and the points it spent', async () => {
    const r = await fundedReseller(10);
    const mac = uniqueMac();
    for (const appId of apps) await registerDevice(t, { appId, mac });
    const before = await scrape();
    const answer = await activateDevice(t, r, mac, apps);
    const after = await scrape();
    for (const appId of apps) {
      const labels = { application: appNames.get(appId)!, package: '1-Year', source: 'multi-app' };
      expect(sample(after, 'panel_activations_total', labels) - sample(before, 'panel_activations_total', labels)).toBe(1);
    }
    const kind = { kind: CREDIT_TR_TYPES.activation };
    expect(sample(after, 'panel_credit_moved_points_total', kind) - sample(before, 'panel_credit_moved_points_total', kind)).toBe(answer.credit_points);
    expect(sample(after, 'panel_credit_moves_total', kind) - sample(before, 'panel_credit_moves_total', kind)).toBe(1);
  });

  it('count each activated row of a bulk file, and nothing for a refused row or a dry run', async () => {
    const r = await fundedReseller(10);
    const [ok, unregistered] = [uniqueMac(), uniqueMac()];
    await registerDevice(t, { appId: apps[0]!, mac: ok });
    const name = appNames.get(apps[0]!)!;
    const file = Buffer.from(`mac_address,apps,package,comment\r\n${ok},${name},1-year,\r\n${unregistered},${name},lifetime,\r\n`);
    const send = async (dryRun: string) => {
      const { payload, headers } = await multipart([
        { name: 'dry_run', value: dryRun },
        { name: 'file', file, filename: 'devices.csv', type: 'text/csv' },
      ]);
      const res = await t.call({ method: 'POST', url: '/api/bulk-activations', token: r.token, payload, headers });
      expect(res.statusCode, res.body).toBe(200);
    };
    const labels = { application: name, source: 'bulk-file' };
    expect(await moved('panel_activations_total', labels, () => send('true'))).toBe(0);
    expect(await moved('panel_activations_total', labels, () => send('false'))).toBe(1);
  });

  it('count a redeemed code as an activation, and its purchase as credit of kind Activation Code', async () => {
    const r = await fundedReseller(10);
    const before = await scrape();
    const res = await t.call({ method: 'POST', url: '/api/sendingcode', token: r.token, payload: { subscriptionType: 'yearly', codeCount: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    const purchase = res.json<CreateCodesAnswer>();
    const redeem = await t.call({ method: 'POST', url: '/api/player/redeem-code', payload: { code: purchase.data[0]!.value, mac_address: uniqueMac(), app_id: apps[0]! } });
    expect(redeem.statusCode, redeem.body).toBe(200);
    const after = await scrape();
    const kind = { kind: CREDIT_TR_TYPES.code };
    expect(sample(after, 'panel_credit_moved_points_total', kind) - sample(before, 'panel_credit_moved_points_total', kind)).toBe(purchase.credit_points);
    const labels = { application: appNames.get(apps[0]!)!, package: '1-Year', source: 'activation-code' };
    expect(sample(after, 'panel_activations_total', labels) - sample(before, 'panel_activations_total', labels)).toBe(1);
  });

  it('count credit moves by their ledger kind, and nothing for a refused one', async () => {
    const r = await createReseller(t, { applications: apps });
    const added = { kind: CREDIT_TR_TYPES.added };
    expect(await moved('panel_credit_moved_points_total', added, () => recharge(t, admin, { email: r.email, points: 7 }))).toBe(7);
    // A withdrawal of more than the reseller holds: refused by the conditional debit, nothing moved.
    await validatePasscode(t, admin);
    const refused = await moved('panel_credit_moves_total', {}, async () => {
      const res = await t.call({ method: 'POST', url: `/api/resellers/${r.id}/deduct-credit-point`, token: admin, payload: { creditPoint: 8 } });
      expectError(res, 422, 'C10424');
    });
    expect(refused).toBe(0);
    const withdrawn = await moved('panel_credit_moved_points_total', { kind: CREDIT_TR_TYPES.withdraw }, async () => {
      const res = await t.call({ method: 'POST', url: `/api/resellers/${r.id}/deduct-credit-point`, token: admin, payload: { creditPoint: 7 } });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(withdrawn).toBe(7);
  });

  it('count a move only once its transaction commits: one rolled back after the move counts nothing', async () => {
    const [adminRow] = await rows<{ id: number }>(t, sql`select id from users where role_id = (select min(id) from roles) order by id limit 1`);
    const ctx = { ...t.app.deps, locale: 'en', ip: '127.0.0.1', log, auth: undefined } as Ctx;
    const move = { trType: CREDIT_TR_TYPES.selfCredit, amount: 5, debitorId: null, creditorId: adminRow!.id, reason: 'test', requestId: null, insufficient: () => new AppError('INSUFFICIENT_CREDIT') };
    const kind = { kind: CREDIT_TR_TYPES.selfCredit };
    const rolledBack = await moved('panel_credit_moved_points_total', kind, async () => {
      await expect(
        t.database.db.transaction(async (tx) => {
          await transfer(ctx, tx, move);
          throw new Error('after the move, before the commit');
        }),
      ).rejects.toThrow('before the commit');
    });
    expect(rolledBack).toBe(0);
    const committed = await moved('panel_credit_moved_points_total', kind, () => t.database.db.transaction((tx) => transfer(ctx, tx, move)));
    expect(committed).toBe(5);
  });

  it('leave the sandbox out: its test credit is no business', async () => {
    const token = await adminToken(t);
    const counted = await moved('panel_credit_moves_total', {}, async () => {
      const res = await t.call({ method: 'POST', url: '/api/sandbox/test-credit', token, payload: { credit_points: 50 } });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(counted).toBe(0);
    expect(await scrape()).not.toContain(CREDIT_TR_TYPES.testCredit);
  });

  it('count failed sign-ins: a wrong password, an unknown account, a wrong second step', async () => {
    const r = await signedUpReseller(t);
    const password = { step: 'password' };
    const wrong = await moved('panel_sign_in_failures_total', password, async () => {
      expect((await t.call({ method: 'POST', url: '/api/login', payload: { email: r.email, password: 'Wrong@12345' } })).statusCode).toBeGreaterThanOrEqual(400);
      expect((await t.call({ method: 'POST', url: '/api/login', payload: { email: 'nobody-here@example.test', password: 'Wrong@12345' } })).statusCode).toBeGreaterThanOrEqual(400);
    });
    expect(wrong).toBe(2);
    const second = await moved('panel_sign_in_failures_total', { step: 'second_factor' }, async () => {
      expect((await t.call({ method: 'POST', url: '/api/login/two-factor', payload: { challenge: 'not-a-challenge-0123456789', code: '123456' } })).statusCode).toBeGreaterThanOrEqual(400);
    });
    expect(second).toBe(1);
  });

  it('count 429 answers by route', async () => {
    const ip = uniqueIp();
    const report = { message: 'x', route: '/dashboard', app_version: '1', user_agent: 'test' };
    const limited = await moved('panel_http_rate_limited_total', { route: '/api/client-errors' }, async () => {
      let status = 0;
      for (let i = 0; i < 30 && status !== 429; i++) status = (await t.call({ method: 'POST', url: '/api/client-errors', payload: report, remoteAddress: ip })).statusCode;
      expect(status).toBe(429);
    });
    expect(limited).toBe(1);
  });

  it('count webhook attempts by outcome once recorded, and tell the age of the oldest due delivery', async () => {
    const receiver = await startReceiver((_req, res, n) => {
      res.statusCode = n === 1 ? 500 : 200;
      res.end();
    });
    try {
      const owner = await createReseller(t, { applications: apps });
      const endpoint = await createEndpoint(t, owner.token, { url: receiver.url, events: ['credit.received'] });
      expect((await recharge(t, admin, { email: owner.email, points: 3 })).statusCode).toBe(200);
      // No worker runs in this app: the delivery waits. As if it had waited two minutes:
      await t.database.db.execute(sql`update webhook_deliveries set next_attempt_at = now() - interval '120 seconds' where endpoint_id = ${endpoint.id}`);
      expect(sample(await scrape(), 'panel_webhook_oldest_due_seconds')).toBeGreaterThanOrEqual(120);

      const before = await scrape();
      const worker = startWebhookWorker({ db: t.database.db, mailer: t.app.deps.mailer, config: t.app.deps.config, log, metrics: t.app.deps.metrics }, { pollMs: 100, timeoutMs: 2000 });
      try {
        await receiver.waitFor(2);
        await eventually(async () => {
          const text = await scrape();
          expect(sample(text, 'panel_webhook_deliveries_total', { outcome: 'retry' }) - sample(before, 'panel_webhook_deliveries_total', { outcome: 'retry' })).toBe(1);
          expect(sample(text, 'panel_webhook_deliveries_total', { outcome: 'succeeded' }) - sample(before, 'panel_webhook_deliveries_total', { outcome: 'succeeded' })).toBe(1);
        });
      } finally {
        await worker.stop();
      }
      expect(sample(await scrape(), 'panel_webhook_oldest_due_seconds')).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it('count the expiry reminders sent', async () => {
    const r = await signedUpReseller(t);
    const now = new Date(2032, 2, 10, 12, 0);
    await t.database.db.execute(sql`insert into devices (application_id, mac_address, device_key, expire_date, lifetime, is_trial, activated_by, activated_at)
      values (${apps[0]!}, ${uniqueMac()}, ${'key-' + uniqueMac()}, ${new Date(now.getTime() + 3 * 86_400_000).toISOString()}, false, 0, ${r.id}, now())`);
    const deps = { db: t.database.db, mailer: t.app.deps.mailer, config: t.app.deps.config, log, metrics: t.app.deps.metrics };
    const sent = await moved('panel_expiry_reminders_sent_total', {}, async () => {
      expect((await sendDueReminders(deps, now)).sent).toBeGreaterThanOrEqual(1);
    });
    expect(sent).toBeGreaterThanOrEqual(1);
    // The day is done: a second pass sends and counts nothing.
    expect(await moved('panel_expiry_reminders_sent_total', {}, () => sendDueReminders(deps, now))).toBe(0);
  });

  it('show the times of the last backup and of the last verified one, as the backup job sets them', async () => {
    const at = new Date('2026-11-26T03:00:07Z');
    t.app.deps.metrics.setBackupLastSuccess(at);
    t.app.deps.metrics.setBackupLastVerified(new Date(at.getTime() + 42_000));
    const text = await scrape();
    expect(sample(text, 'panel_backup_last_success_timestamp_seconds')).toBe(at.getTime() / 1000);
    expect(sample(text, 'panel_backup_last_verified_timestamp_seconds')).toBe(at.getTime() / 1000 + 42);
  });
});
