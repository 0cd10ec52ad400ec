import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import pg from 'pg';
import { fmt, fmtRatio } from './http-load.js';
import { pgbench, pgbenchEnv, tpsOf } from './pgbench.js';
import type { Variant } from './load-process.js';

/** One statement as the server handed it to node-postgres: its text and its parameters. */
export type Statement = { text: string; values: (string | Buffer | null)[] };

/** How one request of a list looks to PostgreSQL, and how fast PostgreSQL runs that alone. */
export type Twin = {
  statements: number;
  tps: number;
  /** Statements per answered request during the measured load: under 1 + the list's when requests share their session look-up. */
  underLoad?: number;
  note?: string;
};

/** The statements sent inside one marked request; node-postgres's query is wrapped once, below. */
const capturing = new AsyncLocalStorage<Statement[]>();
const CAPTURE_HEADER = 'x-bench-capture';
const open = new Map<string, Statement[]>();
let wrapped = false;
let sent = 0;

/** How many statements the panels of this process have sent so far (to divide by the requests of a load). */
export const statementsSent = () => sent;

// The driver's own conversion of a parameter to the text it sends (dates, arrays, JSON, buffers).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => string | Buffer | null };

function wrapDriver() {
  if (wrapped) return;
  wrapped = true;
  const query = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')!.value as (...args: unknown[]) => unknown;
  // The server's PreparingClient calls super.query, so this sees every statement once, after its name is set.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    sent++;
    const store = capturing.getStore();
    if (store) {
      const [config, second] = args as [unknown, unknown];
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
      const values = Array.isArray(second) ? second : ((config as { values?: unknown } | undefined)?.values ?? []);
      if (typeof text === 'string') store.push({ text, values: (values as unknown[]).map((v) => prepareValue(v)) });
    }
    return query.apply(this, args);
  } as never;
}

/**
 * Lets `captureStatements` see what the panel behind `server` sends for one request: a request
 * carrying the capture header runs in its own async context (set before Fastify sees it), so
 * statements of other requests and of background jobs are not mixed in.
 */
export function enableCapture(server: Server) {
  wrapDriver();
  server.prependListener('request', (req) => {
    const id = req.headers[CAPTURE_HEADER];
    const store = typeof id === 'string' ? open.get(id) : undefined;
    if (store) capturing.enterWith(store);
  });
}

export type RequestSpec = { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown; variants?: Variant[] };

/**
 * The statements of one request per variant (each session, each body), in the order sent,
 * including any sent after the answer (a fire-and-forget touch) within 50 ms. Waits first for the
 * requests a load left queued in the server to finish: a statement that waits for a pool
 * connection is sent from the context of the request that frees it, so it would be missed.
 */
export async function captureStatements(spec: RequestSpec): Promise<Statement[][]> {
  const variants = spec.variants?.length ? spec.variants : [{}];
  await untilIdle(spec.url);
  const captured: Statement[][] = [];
  for (const variant of variants) captured.push(await captureOne(spec, variant));
  // The variants of one list send the same statements, but for a session's "last used" touch (once a
  // minute): one with fewer lost some. It is captured again, twice at most.
  const core = (statements: Statement[]) => statements.filter((st) => !st.text.startsWith('update "sessions"')).length;
  const most = Math.max(...captured.map(core));
  for (let attempt = 0; attempt < 2 && captured.some((s) => core(s) < most); attempt++) {
    await untilIdle(spec.url);
    for (const [i, statements] of captured.entries()) if (core(statements) < most) captured[i] = await captureOne(spec, variants[i]!);
  }
  const short = captured.filter((s) => core(s) < most).length;
  if (short) console.log(`twin capture of ${spec.url}: ${short} of ${captured.length} requests sent fewer statements than the others`);
  return captured;
}

async function captureOne(spec: RequestSpec, variant: Variant): Promise<Statement[]> {
  const id = `c${Math.random().toString(36).slice(2)}`;
  const store: Statement[] = [];
  open.set(id, store);
  const body = variant.body ?? spec.body;
  const res = await fetch(spec.url, {
    method: spec.method ?? 'GET',
    headers: { ...spec.headers, ...variant.headers, [CAPTURE_HEADER]: id, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.arrayBuffer();
  await new Promise((r) => setTimeout(r, 50));
  open.delete(id);
  if (!res.ok) throw new Error(`capture of ${spec.url}: ${res.status}`);
  return store;
}

/** Until the server answers its bare route within 20 ms (at most 10 s): no load left queued in it. */
async function untilIdle(url: string) {
  const bare = new URL('/api/bench-bare', url).href;
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    await (await fetch(bare)).arrayBuffer();
    if (performance.now() - started < 20) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 200));
}

/**
 * pgbench scripts replaying the captured requests: one script per variant (pgbench picks one at
 * random for each transaction, as the load takes the variants in turn), each statement with its
 * parameters as pgbench variables (`-D`), so `-M prepared` sends them as parameters of a prepared
 * statement, as the server does, and the planner sees the same statement. A null parameter is
 * written as NULL in the text (pgbench variables cannot be null).
 */
export function pgbenchScripts(requests: Statement[][]): { scripts: string[]; variables: Map<string, string> } {
  const variables = new Map<string, string>();
  const byValue = new Map<string, string>();
  const variable = (value: string) => {
    let name = byValue.get(value);
    if (!name) {
      name = `v${byValue.size}`;
      byValue.set(value, name);
      variables.set(name, value);
    }
    return name;
  };
  const scripts = requests.map((statements) =>
    statements
      .map(({ text, values }) => {
        const sql = text.trim().replace(/;$/, '').replace(/\$(\d+)/g, (_, n: string) => {
          const value = values[Number(n) - 1];
          if (value == null) return 'NULL';
          return `:${variable(Buffer.isBuffer(value) ? `\\x${value.toString('hex')}` : value)}`;
        });
        return `${sql};\n`;
      })
      .join(''),
  );
  return { scripts, variables };
}

/** The folder the last twins' scripts are kept in (git-ignored), to read or rerun by hand. */
export const TWINS_DIR = path.resolve(import.meta.dirname, '../twins');

/**
 * The twin of a list: captures one request per variant from the panel, then runs those statements
 * through `pgbench -f -M prepared` with `connections` clients on 2 threads for `seconds`, against
 * the panel's own database (`databaseUrl`) with the panel's connection settings. Undefined (and
 * says why) when pgbench is missing or fails.
 */
export async function measureTwin(
  label: string,
  databaseUrl: string,
  spec: RequestSpec,
  options: { connections: number; seconds: number },
): Promise<Twin | undefined> {
  const requests = await captureStatements(spec);
  const { scripts, variables } = pgbenchScripts(requests);
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  const dir = path.join(TWINS_DIR, slug);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const files = scripts.map((script, i) => {
    const file = path.join(dir, `request-${i}.sql`);
    fs.writeFileSync(file, script);
    return file;
  });
  const env = {
    ...pgbenchEnv(databaseUrl, new URL(databaseUrl).pathname.slice(1)),
    // The panel's pool opens its connections with this setting (server/src/db/client.ts): the same planner.
    PGOPTIONS: '-c random_page_cost=1.1',
  };
  const defines = [...variables].flatMap(([name, value]) => ['-D', `${name}=${value}`]);
  const args = ['-n', '-M', 'prepared', '-c', String(options.connections), '-j', '2', '-T', String(options.seconds), ...files.flatMap((f) => ['-f', `${f}@1`]), ...defines];
  fs.writeFileSync(
    path.join(dir, 'run.sh'),
    `#!/bin/sh\n# ${label}\nPGHOST=${env.PGHOST} PGPORT=${env.PGPORT} PGUSER=${env.PGUSER} PGDATABASE=${env.PGDATABASE} PGOPTIONS='-c random_page_cost=1.1' pgbench ${args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')}\n`,
  );
  const outcome = await pgbench(args, env);
  const statements = Math.round(requests.reduce((n, r) => n + r.length, 0) / requests.length);
  if (outcome.missing) {
    console.log(`twin of ${label}: pgbench is not installed`);
    return undefined;
  }
  const tps = tpsOf(outcome.out);
  if (outcome.code !== 0 || !Number.isFinite(tps)) {
    console.log(`twin of ${label}: pgbench failed (exit ${outcome.code}): ${(outcome.err || outcome.out).trim().split('\n').slice(-3).join(' / ')}`);
    return undefined;
  }
  const failed = /number of failed transactions: (\d+)/.exec(outcome.out)?.[1];
  console.log(`twin of ${label}: ${statements} statements per request, ${requests.length} variants, ${fmt(tps, 0)} tps (scripts in ${path.relative(process.cwd(), dir)})`);
  return { statements, tps, note: failed && failed !== '0' ? `${failed} failed` : undefined };
}

/** The reference cell's words for a twin: its tps and the panel's rate as a ratio to it. */
export const versusTwin = (perSecond: number, twin: Twin | undefined) =>
  twin
    ? `pgbench -f twin (${twin.statements} statement${twin.statements === 1 ? '' : 's'}, -M prepared${
        twin.underLoad === undefined ? '' : `; the panel sent ${fmt(twin.underLoad, 2)} per request under load`
      }) ${fmt(twin.tps, 0)} tps: **ratio ${fmtRatio(perSecond / twin.tps)}**${twin.note ? ` (${twin.note})` : ''}`
    : 'twin: not run';
