import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../test/harness.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-main-'));
const port = 4100 + Math.floor(Math.random() * 800);
const children: ChildProcess[] = [];

function start(portNumber = port, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(portNumber), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'info', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', ADMIN_LOGIN_PREFIX: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** A first start on a new folder takes ~5 s alone, and several times that on two cores busy with another job. */
const START_LIMIT_MS = 110_000;

async function healthy(portNumber = port) {
  for (const deadline = Date.now() + START_LIMIT_MS; Date.now() < deadline; ) {
    try {
      if ((await fetch(`http://127.0.0.1:${portNumber}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server never became healthy');
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// The process itself: the embedded database's folder, its lock, signals and restarts.
describe.skipIf(onPostgres)('the panel process', { timeout: START_LIMIT_MS + 10_000 }, () => {
  let first: ReturnType<typeof start>;
  let password = '';
  let prefix = '';

  it('starts on a new data folder, creates the first admin and prints how to sign in', async () => {
    first = start();
    await healthy();
    await expect.poll(() => first.output()).toContain('Admin password:');
    password = /Admin password:\s+(\S+)/.exec(first.output())![1]!;
    prefix = /Admin sign-in:\s+\S+\/([^/\s]+)\/admin-login/.exec(first.output())![1]!;
    expect(first.output()).toContain('First admin:         admin@panel.local');
    expect(first.output()).toContain(`outbox folder ${dataDir}`);
    // package.json's engines: the Node that `npm ci` installs when the system's is older.
    expect(first.output()).toMatch(/Node\.js: +v(2[4-9]|[3-9]\d)\./);
  });

  it('prints its start-up warnings readably before the banner, and the banner last: requests that went well write nothing after it', async () => {
    for (let i = 0; i < 20; i++) await fetch(`http://127.0.0.1:${port}/api/health`);
    const lines = first.output().split('\n').filter((l) => l.trim() !== '');
    const warning = lines.findIndex((l) => l.startsWith('  Warning:') && l.includes('PAYMENT_PROVIDER=sandbox'));
    const banner = lines.findIndex((l) => l.startsWith('  Reseller panel:'));
    expect(warning).toBeGreaterThanOrEqual(0);
    expect(warning).toBeLessThan(banner);
    expect(lines.slice(warning).some((l) => l.startsWith('{'))).toBe(false);
    expect(lines.at(-1)).toMatch(/^ {2}Admin password: .*\(shown once/);
  });

  it('refuses a second process on the same data folder', async () => {
    const second = start(port + 1);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain('is in use by another panel process');
  });

  it('finishes on SIGTERM with exit code 0', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('logs every request at LOG_LEVEL=debug, with one-time tokens kept out', async () => {
    const debug = start(port, { LOG_LEVEL: 'debug' });
    await healthy();
    await fetch(`http://127.0.0.1:${port}/reset-password/SECRETPATHTOKEN`);
    await fetch(`http://127.0.0.1:${port}/create-password?email=a%40b.c&token=SECRETQUERYTOKEN`);
    await expect.poll(() => debug.output()).toContain('/reset-password/[redacted]');
    await expect.poll(() => debug.output()).toContain('/create-password?email=a%40b.c&token=[redacted]');
    expect(debug.output()).not.toContain('SECRETPATHTOKEN');
    expect(debug.output()).not.toContain('SECRETQUERYTOKEN');
    debug.child.kill('SIGTERM');
    expect(await debug.exited).toBe(0);
  });

  it('restarts on the same folder with its data and without a new admin', async () => {
    const again = start();
    await healthy();
    const res = await fetch(`http://127.0.0.1:${port}/api/${prefix}/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@panel.local', password }),
    });
    expect(res.status).toBe(200);
    expect(again.output()).not.toContain('First admin:');
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('comes back after a crash: the stale lock is taken over and the data is intact', async () => {
    const crashing = start();
    await healthy();
    crashing.child.kill('SIGKILL');
    await crashing.exited;
    const after = start();
    await healthy();
    const res = await fetch(`http://127.0.0.1:${port}/api/${prefix}/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@panel.local', password }),
    });
    expect(res.status).toBe(200);
    after.child.kill('SIGTERM');
    expect(await after.exited).toBe(0);
  });
});
