import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.js';
import { startPanel } from '../../server/src/start.js';
import type { Variant } from './load-process.js';
import { enableCapture } from './twin.js';

/**
 * Connections to PostgreSQL: twice the cores of this machine, which runs the database too
 * (decision 0008: 20 connections on 2 cores spent a third more database time per request on
 * switching between backends). DATABASE_POOL_SIZE in the environment overrides it.
 */
export const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? String(2 * os.availableParallelism());

const ADMIN = { email: 'bench@panel.test', password: 'Bench@12345', prefix: 'bench-admin' };
const PASSCODE = '2468';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/**
 * The panel in this process on a fresh data folder, listening on loopback, with the yardstick
 * route `/api/bench-bare` (does nothing, through the same hooks) and its admin signed in.
 * `env` adds to the configuration (DATABASE_URL, limits); on PostgreSQL the pool holds POOL_SIZE connections.
 */
export async function startBenchPanel(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_LOGIN_PREFIX: ADMIN.prefix,
    ...(env.DATABASE_URL ? { DATABASE_POOL_SIZE: POOL_SIZE } : {}),
    ...env,
  });
  const { app } = await startPanel(config, { logger: false });
  app.get('/api/bench-bare', { config: { public: true } }, async () => ({ status: true }));
  app.post('/api/bench-bare', { config: { public: true } }, async () => ({ status: true }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  // The twins read the statements of one marked request (bench/src/twin.ts); other requests are untouched.
  enableCapture(app.server);

  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  /** A new session of `account` (the admin through its sign-in prefix): its bearer token. */
  async function signIn(account: { email: string; password: string } = ADMIN): Promise<string> {
    const route = account === ADMIN ? `/${ADMIN.prefix}/admin-login` : '/login';
    return ((await call('POST', route, undefined, { email: account.email, password: account.password })) as { token: string }).token;
  }
  const adminToken = await signIn();

  let passcodeSet = false;
  /** Credits an account from the admin (the admin's own e-mail creates the points), passcode and all. */
  async function recharge(email: string, points: number) {
    if (!passcodeSet) await call('POST', '/set-credit-share-pass-code', adminToken, { requestData: { passcode: PASSCODE } });
    passcodeSet = true;
    await call('POST', '/admin-recharge-credit', adminToken, { resellerEmail: b64(email), creditPoint: b64(String(points)), creditSharePasscode: b64(PASSCODE) });
  }

  /** `count` sessions of one account: the clients of a panel are many users, not one token. */
  async function sessions(count: number, account: { email: string; password: string } = ADMIN): Promise<Variant[]> {
    const tokens = [];
    for (let i = 0; i < count; i++) tokens.push(await signIn(account));
    return tokens.map((token) => ({ headers: { authorization: `Bearer ${token}` } }));
  }

  return {
    app,
    signIn,
    sessions,
    base,
    call,
    adminToken,
    adminEmail: ADMIN.email,
    passcode: PASSCODE,
    recharge,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
