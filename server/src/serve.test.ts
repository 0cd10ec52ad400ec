import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { ADMIN_EMAIL, ADMIN_LOGIN_PREFIX, ADMIN_PASSWORD, onPostgres } from '../test/harness.js';
import { createPostgresDatabase, throughPooler } from '../test/test-db.js';
import { startReceiver } from '../test/webhooks.js';

// The built server as production runs it (`node dist/main.js`): its drain on SIGTERM, its readiness
// with the database stalled, and its spans when tracing is on. Built once into a folder of its own.
const serverDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(serverDir, 'node_modules/.cache', `panel-serve-test-${crypto.randomBytes(4).toString('hex')}`);
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

const START_LIMIT_MS = 60_000;

beforeAll(() => {
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, env: { ...process.env, BUILD_OUTDIR: dist, BUILD_TEMPLATE: '0' }, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  // The run's migrated and seeded snapshot stands in for the build's template: a first start in seconds.
  if (!onPostgres) fs.copyFileSync(inject('snapshot'), path.join(dist, 'pglite-template.tar.gz'));
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A database of its own for one server: a fresh PGlite folder, or a copy of the PostgreSQL template. */
async function databaseEnv(databaseUrlOf: (url: string) => string = (url) => url): Promise<Record<string, string>> {
  if (!onPostgres) return { DATABASE_URL: '' };
  const created = await createPostgresDatabase(inject('runId'));
  cleanups.push(created.drop);
  return { ...created.env, DATABASE_URL: databaseUrlOf(created.url) };
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-serve-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, [path.join(dist, 'main.js')], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ADMIN_LOGIN_PREFIX: '',
      WEB_DIST: path.join(dataDir, 'no-web'),
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + START_LIMIT_MS; ; ) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/livez`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server never answered: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, output: () => output, exited };
}

const readyz = async (base: string) => {
  const res = await fetch(`${base}/api/readyz`);
  return { status: res.status, body: (await res.json()) as { failed?: string[]; checks: Record<string, unknown> } };
};

describe('the built server on SIGTERM', { timeout: 120_000 }, () => {
  it('answers 503 on readyz at once and keeps serving through the grace, then exits 0', async () => {
    const server = await startServer({ ...(await databaseEnv()), SHUTDOWN_GRACE_SECONDS: '3' });
    await expect.poll(async () => (await readyz(server.base)).status, { timeout: 10_000 }).toBe(200);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await expect.poll(async () => (await readyz(server.base)).status, { timeout: 2000, interval: 50 }).toBe(503);
    const draining = await readyz(server.base);
    expect(draining.body).toMatchObject({ failed: ['lifecycle'], checks: { lifecycle: 'draining', database: 'ok' } });
    // Not ready, but alive and serving: the balancer moves traffic away before connections close.
    expect((await fetch(`${server.base}/api/livez`)).status).toBe(200);
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');

    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000);
    expect(server.output()).toContain('draining: readyz answers 503');
  });
});

/**
 * A TCP relay between the server and PostgreSQL that can stall: while stalled it holds every byte
 * from either side, so statements are sent and never answered, as with a database that hangs or
 * a network that drops packets. Resumed, what it held flows on. (Not `pipe()`: a piped source is
 * resumed by its destination's 'drain', which let answers through a "stalled" relay.)
 */
async function stallingRelay(target: { host: string; port: number }) {
  let stalled = false;
  const held: [net.Socket, Buffer][] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => (stalled ? held.push([to, chunk]) : to.write(chunk)));
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    forward(client, upstream);
    forward(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const [to, chunk] of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.runIf(onPostgres)('the built server with PostgreSQL not answering', { timeout: 120_000 }, () => {
  it('answers 503 on readyz within the 2 s time-out, and 200 again once the database answers', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const relay = await stallingRelay({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(relay.close);
    const env = await databaseEnv((url) => {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(relay.port);
      return through.toString();
    });
    const server = await startServer(env);
    await expect.poll(async () => (await readyz(server.base)).status, { timeout: 10_000 }).toBe(200);

    relay.stall();
    const asked = Date.now();
    const stalled = await readyz(server.base);
    const took = Date.now() - asked;
    expect(stalled.status).toBe(503);
    expect(stalled.body).toMatchObject({ failed: ['database'], checks: { database: 'timeout', migrations: 'unknown' } });
    expect(JSON.stringify(stalled.body)).not.toMatch(/postgres:|127\.0\.0\.1/);
    expect(took).toBeGreaterThanOrEqual(1900);
    // The 2 s time-out answers, not the database: about 2.5 s at most, with room for a busy machine.
    expect(took).toBeLessThan(2750);
    // Still alive: a liveness probe must not restart a node whose database is away.
    expect((await fetch(`${server.base}/api/livez`)).status).toBe(200);

    relay.resume();
    await expect.poll(async () => (await readyz(server.base)).status, { timeout: 10_000, interval: 200 }).toBe(200);
    server.child.kill('SIGKILL');
  });
});

type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: { key: string; value: Record<string, unknown> }[] };

/** An OTLP/HTTP receiver (JSON encoding): keeps every span posted to /v1/traces. */
async function otlpReceiver() {
  const spans: OtlpSpan[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const payload = JSON.parse(body) as { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] };
        for (const rs of payload.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans.push(...(ss.spans ?? []));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, spans, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const attribute = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value;

describe('the built server with OpenTelemetry tracing', { timeout: 120_000 }, () => {
  it('sends the spans of a request (HTTP server, Fastify route, PostgreSQL statements) under the trace id its log line carries', async () => {
    const receiver = await otlpReceiver();
    cleanups.push(receiver.close);
    const server = await startServer({
      ...(await databaseEnv()),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_SERVICE_NAME: 'panel-under-test',
      SHUTDOWN_GRACE_SECONDS: '0',
      // A request that went well is logged at debug only.
      LOG_LEVEL: 'debug',
    });
    expect(server.output()).toContain(`Tracing:             OpenTelemetry, spans to ${receiver.url}`);

    const requestId = `trace-test-${crypto.randomBytes(4).toString('hex')}`;
    const res = await fetch(`${server.base}/api/${ADMIN_LOGIN_PREFIX}/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(requestId);

    // The request's log line: its request id and the trace id.
    let line: { reqId: string; trace_id?: string; span_id?: string } | undefined;
    await expect
      .poll(() => {
        line = server
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { reqId: string; msg: string; trace_id?: string })
          .find((l) => l.reqId === requestId && l.msg === 'request completed');
        return line;
      })
      .toBeDefined();
    expect(line!.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(server.output()).not.toContain(ADMIN_PASSWORD);

    const ofTrace = () => receiver.spans.filter((s) => s.traceId === line!.trace_id);
    await expect.poll(() => ofTrace().some((s) => s.kind === 2), { timeout: 10_000 }).toBe(true);
    const serverSpan = ofTrace().find((s) => s.kind === 2)!;
    expect(serverSpan.name).toContain('POST');
    expect(ofTrace().some((s) => attribute(s, 'http.route')?.stringValue === '/api/:prefix/admin-login' || s.name.includes('admin-login'))).toBe(true);
    if (onPostgres) {
      await expect.poll(() => ofTrace().some((s) => (attribute(s, 'db.system.name') ?? attribute(s, 'db.system'))?.stringValue === 'postgresql'), { timeout: 10_000 }).toBe(true);
    }
    // The probes are not traced.
    await fetch(`${server.base}/api/readyz`);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(receiver.spans.some((s) => attribute(s, 'url.path')?.stringValue === '/api/readyz')).toBe(false);
  });
});

/**
 * Two API nodes through PgBouncer in transaction mode (the pooled pass of scripts/test.sh:
 * DATABASE_POOLER=transaction, DATABASE_DIRECT_URL to PostgreSQL itself), as an operator scaling
 * out on a managed pooled URL runs them: credit moves and list reads at once on both, a webhook
 * test event delivered by whichever node's worker claims it, and the sandbox beside the live data on
 * the same server connections.
 */
describe.runIf(throughPooler)('two built servers through PgBouncer in transaction mode', { timeout: 180_000 }, () => {
  it('take 400 concurrent credit moves and list reads with no 5xx, every balance equal to its ledger, deliver a webhook, and keep the sandbox in its schema', async () => {
    const created = await createPostgresDatabase(inject('runId'));
    cleanups.push(created.drop);
    const direct = new pg.Client({ connectionString: created.directUrl });
    await direct.connect();
    cleanups.push(() => direct.end());
    const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await direct.query<T & pg.QueryResultRow>(text, values)).rows;

    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    // Both nodes decrypt each other's webhook secrets: one server key.
    const env = { ...created.env, SANDBOX_ENABLED: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', SERVER_KEY: crypto.randomBytes(32).toString('hex'), SHUTDOWN_GRACE_SECONDS: '0' };
    expect(env).toMatchObject({ DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: created.directUrl });
    const nodes = await Promise.all([startServer(env), startServer(env)]);
    expect(nodes[0].output()).toContain('through a pooler in transaction mode');

    const call = async (node: number, method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${nodes[node]!.base}/api${url}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> & { data?: Record<string, unknown> } };
    };
    const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
    const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);

    // The admin (seeded in the template) signs in on one node and works on both: sessions are in the database.
    const login = await call(0, 'POST', `/${ADMIN_LOGIN_PREFIX}/admin-login`, undefined, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    ok(login);
    const token = login.body.token as string;
    ok(await call(1, 'POST', '/set-credit-share-pass-code', token, { requestData: { passcode: '2468' } }));
    ok(await call(0, 'POST', '/admin-recharge-credit', token, { resellerEmail: b64(ADMIN_EMAIL), creditPoint: b64('100000'), creditSharePasscode: b64('2468') }));
    ok(await call(1, 'POST', '/validate-credit-share-password', token, { requestData: { passcode: '2468' } }));
    const resellers = await query<{ id: number }>(
      `insert into users (name, email, role_id, email_verified_at)
       select 'Pooled Reseller ' || n, 'pooled-' || n || '-' || $1 || '@panel.test', (select id from roles where name = 'reseller' and deleted_at is null), now()
       from generate_series(1, 4) n returning id`,
      [crypto.randomBytes(3).toString('hex')],
    );
    for (const r of resellers) ok(await call(r.id % 2, 'POST', `/resellers/${r.id}/add-credit-point`, token, { creditPoint: 1000 }));

    const [{ n: ledgerBefore }] = (await query<{ n: number }>('select count(*)::int as n from credit_ledger')) as [{ n: number }];
    // 400 moves (300 of them, then 100 of those sent again on the other node with the same request
    // id, which must move nothing more) and 100 list reads, all at once, spread over both nodes.
    const firsts = Array.from({ length: 300 }, (_, i) => ({
      node: i % 2,
      reseller: resellers[i % resellers.length]!.id,
      kind: i % 3 === 0 ? 'deduct' : 'add',
      requestId: `pooled-${i}`,
    }));
    const moves = [...firsts, ...firsts.slice(0, 100).map((m) => ({ ...m, node: 1 - m.node }))];
    const reads = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0
        ? call(i % 2, 'GET', '/total-resellers/list?search_title=Pooled&page_number=1&page_size=10', token)
        : call(i % 2, 'POST', '/credit-transaction-logs', token, { page_number: 1, page_size: 10 }),
    );
    const results = await Promise.all([
      ...moves.map((m) => call(m.node, 'POST', `/resellers/${m.reseller}/${m.kind}-credit-point`, token, { creditPoint: 1 }, { 'request-id': m.requestId })),
      ...reads,
    ]);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);
    // One ledger row per distinct request id: a replay on the other node moved nothing.
    const [{ n: ledgerAfter }] = (await query<{ n: number }>('select count(*)::int as n from credit_ledger')) as [{ n: number }];
    expect(ledgerAfter - ledgerBefore).toBe(300);
    const mismatched = await query(
      `select u.id from users u
       left join (select creditor_id as id, sum(credit_point) as total from credit_ledger group by creditor_id) i on i.id = u.id
       left join (select debitor_id as id, sum(credit_point) as total from credit_ledger group by debitor_id) o on o.id = u.id
       where u.credit_point <> coalesce(i.total, 0) - coalesce(o.total, 0)`,
    );
    expect(mismatched).toEqual([]);

    // A webhook test event: queued on one node, delivered by a worker woken over the direct URL's LISTEN.
    const endpoint = await call(1, 'POST', '/webhooks', token, { url: receiver.url, events: ['credit.received'] });
    ok(endpoint);
    const id = (endpoint.body.data as { id: number }).id;
    ok(await call(0, 'POST', `/webhooks/${id}/test`, token));
    const [delivered] = await receiver.waitFor(1, 15_000);
    expect(JSON.parse(delivered!.body)).toMatchObject({ type: 'webhook.test' });

    // The sandbox, on server connections the live pools share: its writes land in its schema only.
    const mac = `02:${crypto.randomBytes(5).toString('hex').match(/../g)!.join(':')}`;
    const [app] = await query<{ id: number }>(`select id from applications order by id limit 1`);
    const sandboxWork = await Promise.all([
      call(1, 'POST', '/sandbox/test-credit', token, { credit_points: 7 }),
      call(0, 'POST', '/sandbox/player/register', undefined, { app_id: app!.id, mac_address: mac, device_secret: crypto.randomBytes(16).toString('base64url') }),
      ...Array.from({ length: 20 }, (_, i) => call(i % 2, 'GET', '/total-resellers/list?page_number=1&page_size=10', token)),
    ]);
    for (const res of sandboxWork) ok(res);
    const [placed] = await query<{ live_devices: number; sandbox_devices: number; live_test_credit: number; sandbox_test_credit: number }>(
      `select (select count(*)::int from public.devices where mac_address = $1) as live_devices,
              (select count(*)::int from sandbox.devices where mac_address = $1) as sandbox_devices,
              (select count(*)::int from public.credit_ledger where tr_type = 'Test Credit') as live_test_credit,
              (select count(*)::int from sandbox.credit_ledger where tr_type = 'Test Credit') as sandbox_test_credit`,
      [mac],
    );
    expect(placed).toEqual({ live_devices: 0, sandbox_devices: 1, live_test_credit: 0, sandbox_test_credit: 1 });

    for (const node of nodes) node.child.kill('SIGTERM');
    expect(await Promise.all(nodes.map((n) => n.exited))).toEqual([0, 0]);
  });
});
