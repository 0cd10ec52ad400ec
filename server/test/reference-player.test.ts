import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import type { CreateCodesAnswer } from '@panel/contract';
import { run } from '../../player/src/cli.js';
import { createTestApp, type TestApp } from './harness.js';
import { fundedAdmin } from './credit.js';
import { activateDevice, applicationId, uniqueMac } from './devices.js';
import type { TestUser } from './fixtures.js';
import { addProduct, openTestStore } from './store-checkout.js';

/**
 * The reference player (player/src/cli.ts) against a test server listening on a real port. Each
 * case calls the CLI's exported `run` in this process: the code `npm run player -- <args>` runs,
 * with the same arguments, printing to the test instead of the terminal. The command itself, as
 * typed (tsx compiling the CLI, 4 to 10 s a run on a busy machine), runs in first-activation.test.ts.
 */

let t: TestApp;
let admin: string;
let base: string;
let state: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 1000);
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  state = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-player-'));
  // A fresh panel numbers its seeded applications in order: the player's `--app IBOPLAYER` is id 1.
  expect(await applicationId(t, 'IBOPLAYER')).toBe(1);
}, 300_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(state, { recursive: true, force: true });
});

/** `npm run player -- <args>`: answers its exit code and what it printed. */
async function player(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, { out: (line) => (stdout += `${line}\n`), err: (line) => (stderr += `${line}\n`) });
  return { code, stdout, stderr };
}

const on = (mac: string) => ['--app', 'IBOPLAYER', '--mac', mac, '--url', base, '--state', state];
const keyOf = (stdout: string) => /Device key\s+(\d{8})/.exec(stdout)?.[1];

describe('npm run player (the reference player)', () => {
  it('registers a device with a trial, keeps its secret in a 0600 file, and gets the same device again', async () => {
    const mac = uniqueMac();
    const first = await player('register', ...on(mac.toUpperCase()));
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Application\s+IBOPLAYER \(id 1\)/);
    expect(first.stdout).toMatch(/Status\s+active \(trial\)/);
    const key = keyOf(first.stdout);
    expect(key).toMatch(/^\d{8}$/);

    const files = fs.readdirSync(state).filter((f) => f.includes(mac.replace(/:/g, '')));
    expect(files).toHaveLength(1);
    expect(fs.statSync(path.join(state, files[0]!)).mode & 0o777).toBe(0o600);

    const again = await player('register', ...on(mac.replace(/:/g, '-')));
    expect(again.code).toBe(0);
    expect(keyOf(again.stdout)).toBe(key);

    const status = await player('status', ...on(mac));
    expect(status.code).toBe(0);
    expect(keyOf(status.stdout)).toBe(key);
    expect(status.stdout).toMatch(/Playlists\s+none/);
  });

  it('redeems a real activation code and lists its playlist with the password masked unless asked', async () => {
    const bought = await t.call({ method: 'POST', url: '/api/sendingcode', token: admin, payload: { subscriptionType: 'yearly', codeCount: 1 } });
    expect(bought.statusCode, bought.body).toBe(200);
    const code = bought.json<CreateCodesAnswer>().data[0]!;
    const mac = uniqueMac();
    // An XC playlist on the device, as a reseller saves one: its password is what the player hides.
    expect((await player('register', ...on(mac))).code).toBe(0);
    const saved = await t.call({
      method: 'POST',
      url: '/api/save-playlist',
      token: admin,
      payload: { app_id: 1, mac_address: mac, playlist_name: 'Main', playlist_type: 'xc', playlist_url: 'http://xc.example.test:8080', username: 'viewer', password: 'hunter22' },
    });
    expect(saved.statusCode, saved.body).toBe(201);

    const redeemed = await player('redeem', code.value, ...on(mac));
    expect(redeemed.stderr).toBe('');
    expect(redeemed.code).toBe(0);
    expect(redeemed.stdout).toMatch(/Status\s+active\n/);
    expect(redeemed.stdout).toContain(`Expires      ${new Date(code.expire_date).toISOString()}`);

    const playlists = await player('playlists', ...on(mac));
    expect(playlists.code).toBe(0);
    expect(playlists.stdout).toContain('Main [xc] http://xc.example.test:8080  user viewer  password ********');
    expect(playlists.stdout).not.toContain('hunter22');
    expect(playlists.stdout).not.toContain('Device key');

    expect((await player('playlists', ...on(mac), '--show-secrets')).stdout).toContain('password hunter22');
  });

  it("prints the renewal link of the activating reseller's store and its QR code, which encodes that link", async () => {
    const mac = uniqueMac();
    expect((await player('register', ...on(mac))).code).toBe(0);
    // On its trial, no reseller's store is the device's yet: the panel's refusal, as sent.
    const trial = await player('store-link', ...on(mac));
    expect(trial.code).toBe(1);
    expect(trial.stderr).toContain('There is no store to renew this device from: ask your reseller. (404 STORE_LINK_NOT_FOUND)');

    // The admin's own store sells IBOPLAYER, and the admin activates the device.
    const owner = { token: admin } as TestUser;
    const store = await openTestStore(t, owner, { stripe: false });
    const product = await addProduct(t, owner, { app_ids: [1] });
    await activateDevice(t, owner, mac, [1]);

    const shown = await player('store-link', ...on(mac));
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    const url = new RegExp(`^  (${t.app.deps.config.publicUrl}/store/${store.slug}/renew/[A-Za-z0-9_-]+)$`, 'm').exec(shown.stdout)?.[1];
    expect(url, shown.stdout).toBeDefined();
    // The code drawn is the link's own QR code (qrcode's terminal drawing, two module rows a line).
    expect(shown.stdout).toContain((await QRCode.toString(url!, { type: 'terminal', small: true })).trimEnd());
    const renewal = await t.call({ method: 'GET', url: `/api/public/renewals/${url!.split('/renew/')[1]}` });
    expect(renewal.statusCode, renewal.body).toBe(200);
    expect(renewal.json()).toMatchObject({ data: { slug: store.slug, product_id: product, mac_address: mac, app_ids: [1] } });

    // Without the device key this state folder keeps, the player says what to do.
    const elsewhere = await player('store-link', '--app', 'IBOPLAYER', '--mac', mac, '--url', base, '--state', path.join(state, 'other'));
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain('No device key for this application and MAC');
  });

  it("fails with the server's message on an unknown MAC, and says so when nothing answers at the URL", async () => {
    const unknown = await player('status', ...on(uniqueMac()), '--key', '12345678');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Device not found in the selected application (404 C10404)');

    const closed = await player('register', '--app', 'IBOPLAYER', '--mac', uniqueMac(), '--state', state, '--url', 'http://127.0.0.1:9');
    expect(closed.code).toBe(1);
    expect(closed.stderr).toContain('Cannot reach the panel at http://127.0.0.1:9');
  });

  it('answers a wrong command line with exit code 2 and what is missing', async () => {
    const noCode = await player('redeem', '--app', 'IBOPLAYER', '--mac', uniqueMac());
    expect(noCode.code).toBe(2);
    expect(noCode.stderr).toContain('redeem needs the code');
    const unknown = await player('activate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: activate');
  });
});
