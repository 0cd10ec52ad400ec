import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Utf8, type ActivatedAppsAnswer, type LoginAnswer } from '@panel/contract';
import { onPostgres } from './test-db.js';

/**
 * The README's Quick start and its "Try a first activation", as a newcomer follows them (issue 42:
 * under two minutes): the built server (`npm start`: the bundle and its PGlite template) on a fresh
 * data folder with nothing configured, the admin signed in with the password the banner printed,
 * and `npm run player` as typed, for the device. The player's other behaviours:
 * reference-player.test.ts.
 *
 * PGlite only: it is the Quick start's database, and the PostgreSQL pass would run the very same server.
 */

const serverDir = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(serverDir, '..');
// Under server/, so that the bundle's npm imports resolve.
const dist = path.join(serverDir, 'node_modules/.cache', `panel-first-run-${crypto.randomBytes(4).toString('hex')}`);
/** The promise, from the server's start to the device active. */
const FIRST_ACTIVATION_LIMIT_MS = 120_000;
const MAC = '00:1a:79:12:34:56';
const PASSCODE = '2468';

let dataDir = '';
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `npm start` with nothing configured (no ADMIN_* settings, the default log level); answers once its banner is out. */
async function startFreshPanel(): Promise<{ base: string; banner: string }> {
  const port = await freePort();
  server = spawn(process.execPath, [path.join(dist, 'main.js')], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: path.join(dataDir, 'data'), WEB_DIST: path.join(dataDir, 'no-web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  // The banner comes last, once the server listens; the password's line ends it.
  for (;;) {
    if (/Admin password:.*\n/.test(output)) return { base: `http://127.0.0.1:${port}`, banner: output };
    if (server.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The command as a user types it, from the repository's root; answers its exit code and output. */
function npmRunPlayer(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', 'player', '--', ...args], { cwd: ROOT, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe.skipIf(onPostgres)('the first activation of a fresh clone', () => {
  beforeAll(() => {
    // As `npm start` builds it: with the migrated PGlite template a first start unpacks.
    const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, env: { ...process.env, BUILD_OUTDIR: dist }, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-first-run-'));
  }, 240_000);

  afterAll(() => {
    server?.kill('SIGKILL');
    fs.rmSync(dist, { recursive: true, force: true });
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("goes from the server's start to a device active for a year in under two minutes, as the README's steps say", { timeout: 180_000 }, async () => {
    const startedAt = Date.now();
    const { base, banner } = await startFreshPanel();
    const started = Date.now() - startedAt;
    const printed = (label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(banner)?.[1] ?? '';
    const signIn = new URL(printed('Admin sign-in'));
    const email = printed('First admin');

    // In a second terminal, the device's first start: a trial and its key.
    const device = ['--app', 'IBOPLAYER', '--mac', MAC, '--url', base, '--state', path.join(dataDir, 'player')];
    const registered = await npmRunPlayer('register', ...device);
    expect(registered.code, registered.stderr).toBe(0);
    expect(registered.stdout).toMatch(/Application\s+IBOPLAYER \(id 1\)/);
    expect(registered.stdout).toMatch(/Status\s+active \(trial\)/);

    /** A call as the web app makes it: POST, JSON, the session's bearer token; a refusal throws. */
    const api = async <T>(url: string, body: unknown, token?: string): Promise<T> => {
      const res = await fetch(`${base}/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`);
      return JSON.parse(text) as T;
    };
    // Signed in on the banner's admin sign-in path (the API's is the same under /api) with its
    // password; the first sign-in asks for the credit-share passcode.
    const { token, hasPasscode } = await api<LoginAnswer>(signIn.pathname, { email, password: printed('Admin password') });
    expect(hasPasscode).toBe(false);
    await api('/set-credit-share-pass-code', { requestData: { passcode: PASSCODE } }, token);
    // Recharge Credit with the admin's own e-mail, then App Activation → Multi-App Activation.
    const encoded = (value: string) => encodeBase64Utf8(value);
    await api('/admin-recharge-credit', { resellerEmail: encoded(email), creditPoint: encoded('10'), creditSharePasscode: encoded(PASSCODE) }, token);
    await api('/bulk-multi-app-activate', { requestData: { is_trial: 3, macAddress: MAC, app_ids: [1], isConfirmed: true } }, token);
    const listed = await api<ActivatedAppsAnswer>('/activated-apps-list', { requestData: {} }, token);
    expect(listed.data.data).toEqual([expect.objectContaining({ mac_address: MAC, module: 'IBOPLAYER', package: '1-Year', reseller_detail: { email } })]);

    // The device's next start sees the paid year.
    const status = await npmRunPlayer('status', ...device);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/Status\s+active\n/);
    expect(/Device key\s+(\d{8})/.exec(status.stdout)?.[1]).toBe(/Device key\s+(\d{8})/.exec(registered.stdout)?.[1]);
    const expires = new Date(/Expires\s+(\S+)/.exec(status.stdout)![1]!);
    expect(expires.getTime()).toBeGreaterThan(Date.now() + 365 * 86_400_000);

    const elapsed = Date.now() - startedAt;
    console.log(`first activation: the server started in ${(started / 1000).toFixed(1)} s, the device was active ${(elapsed / 1000).toFixed(1)} s after the start`);
    expect(elapsed).toBeLessThan(FIRST_ACTIVATION_LIMIT_MS);
  });
});
