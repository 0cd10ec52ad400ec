import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES_EXPORT_COLUMNS, LIFETIME_EXPIRY, PACKAGE_TRIAL_CODES, type ActivationPackage } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, applicationIds, createReseller, createVerifiedUser, expectError, rows, type TestUser } from '../../../test/fixtures.js';
import { fundedAdmin, recharge } from '../../../test/credit.js';
import { registerDevice, uniqueMac } from '../../../test/devices.js';
import type { Ctx } from '../../http/context.js';
import { exportDevices } from './devices-export.service.js';

let t: TestApp;
let admin: string;
let apps: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 100_000);
  apps = await applicationIds(t);
});
afterAll(() => t.close());

const BOM = '\uFEFF';
const HEADER = DEVICES_EXPORT_COLUMNS.map((c) => `"${c}"`).join(',');

/** A reseller allowed the first two applications, holding `points`, under `parent` when given. */
async function fundedReseller(points = 100, parent?: TestUser): Promise<TestUser> {
  const r = await createReseller(t, { applications: apps.slice(0, 2), parent });
  expect((await recharge(t, admin, { email: r.email, points })).statusCode).toBe(200);
  return r;
}

/** Registers the MAC in the app (first time) and activates it as `user` does on the panel. */
async function activate(user: TestUser, options: { mac?: string; appId?: number; comment?: string; pkg?: ActivationPackage } = {}) {
  const mac = options.mac ?? uniqueMac();
  const appId = options.appId ?? apps[0]!;
  await registerDevice(t, { appId, mac });
  const res = await t.call({
    method: 'POST',
    url: '/api/bulk-multi-app-activate',
    token: user.token,
    payload: { requestData: { is_trial: PACKAGE_TRIAL_CODES[options.pkg ?? '1-Year'], macAddress: mac, app_ids: [appId], isConfirmed: true, comment: options.comment } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return mac;
}

const exportAs = (token: string) => t.call({ method: 'GET', url: '/api/devices-export', token });

/** The file's lines as cells (every cell is quoted; none of these holds a line break). */
function parse(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  const lines = body.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines.map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]!.replaceAll('""', '"')));
}

/** The rows of the file by MAC address, as objects named by the header. */
function byMac(body: string): Map<string, Record<string, string>> {
  const [header, ...lines] = parse(body);
  expect(header).toEqual([...DEVICES_EXPORT_COLUMNS]);
  return new Map(lines.map((cells) => [cells[0]!, Object.fromEntries(header!.map((name, i) => [name, cells[i]!]))]));
}

describe('GET /api/devices-export', () => {
  it("answers the caller's devices as a CSV attachment with the columns, statuses and latest remark", async () => {
    const r = await fundedReseller();
    const renewed = await activate(r, { comment: 'first year' });
    await activate(r, { mac: renewed, comment: 'paid again in cash' });
    const lifetime = await activate(r, { pkg: 'Lifetime' });
    const expired = await activate(r);
    const disabled = await activate(r);
    await t.database.db.execute(sql`update devices set expire_date = now() - interval '1 day' where mac_address = ${expired}`);
    await t.database.db.execute(sql`update devices set disabled_at = now() where mac_address = ${disabled}`);
    // Registered only (a trial): not an activated device.
    const trial = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac: trial });

    const res = await exportAs(r.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="devices-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const file = byMac(res.body);
    expect([...file.keys()]).toEqual([renewed, lifetime, expired, disabled]);

    const [latest] = await rows<{ created_at: string | Date }>(
      t,
      sql`select a.created_at from activations a join devices d on d.id = a.device_id where d.mac_address = ${renewed} order by a.id desc limit 1`,
    );
    const [app] = await rows<{ app_name: string }>(t, sql`select app_name from applications where id = ${apps[0]!}`);
    expect(file.get(renewed)).toMatchObject({
      app: app!.app_name,
      status: 'active',
      reseller_email: r.email,
      remark: 'paid again in cash',
      last_activation: new Date(latest!.created_at).toISOString(),
    });
    expect(new Date(file.get(renewed)!.expire_date!).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    expect(file.get(lifetime)).toMatchObject({ status: 'active', expire_date: LIFETIME_EXPIRY, remark: '' });
    expect(file.get(expired)!.status).toBe('expired');
    expect(file.get(disabled)!.status).toBe('disabled');
  });

  it('neutralises cells starting with =, + , - or @', async () => {
    const r = await fundedReseller();
    const remarks = ['=HYPERLINK("http://evil.test","x")', '+31 6 1234', '-2+3', '@SUM(A1:A9)', 'plain, with "quotes"'];
    const macs = [];
    for (const comment of remarks) macs.push(await activate(r, { comment }));
    const res = await exportAs(r.token);
    expect(res.statusCode).toBe(200);
    const file = byMac(res.body);
    expect(macs.map((mac) => file.get(mac)!.remark)).toEqual([
      `'=HYPERLINK("http://evil.test","x")`,
      `'+31 6 1234`,
      `'-2+3`,
      `'@SUM(A1:A9)`,
      'plain, with "quotes"',
    ]);
    // As written in the file: the quote inside the quoted cell, the cell's own quotes doubled.
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
  });

  it("holds the caller's and its sub-resellers' devices, never another reseller's; an admin's holds all", async () => {
    const parent = await fundedReseller();
    const sub = await fundedReseller(100, parent);
    const other = await fundedReseller();
    const own = await activate(parent);
    const subs = await activate(sub);
    const others = await activate(other);

    const parentFile = byMac((await exportAs(parent.token)).body);
    expect([...parentFile.keys()]).toEqual([own, subs]);
    expect(parentFile.get(subs)!.reseller_email).toBe(sub.email);
    // The sub-reseller reaches only its own; the other reseller only its own.
    expect([...byMac((await exportAs(sub.token)).body).keys()]).toEqual([subs]);
    expect([...byMac((await exportAs(other.token)).body).keys()]).toEqual([others]);

    const adminFile = byMac((await exportAs(await adminToken(t))).body);
    for (const mac of [own, subs, others]) expect(adminFile.has(mac)).toBe(true);
  });

  it('answers the header alone to a caller without activated devices', async () => {
    const r = await fundedReseller();
    const res = await exportAs(r.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${BOM}${HEADER}\r\n`);
  });

  it("refuses a caller without 'platform-users list', and an anonymous one", async () => {
    const staff = await createVerifiedUser(t, { permissions: ['multi apps activation', 'transactions-logs'] });
    expectError(await exportAs(staff.token), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'GET', url: '/api/devices-export' }), 401, 'C10002');
  });
});

describe('GET /api/devices-export, streamed', () => {
  const COUNT = 2_500;
  let r: TestUser;
  let macs: string[];

  /** COUNT activated devices of `r` written by SQL (the API would take minutes), each with an activation row. */
  beforeAll(async () => {
    r = await fundedReseller();
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    // Three pairs of its own, three counting: no other test's MAC looks like these.
    const prefix = `0b:${hex((r.id >> 8) & 255)}:${hex(r.id & 255)}`;
    const [ledger] = await rows<{ id: number }>(
      t,
      sql`insert into credit_ledger (tr_type, credit_point, debitor_id, creator_id, reason) values ('Activation', 1, ${r.id}, ${r.id}, 'test') returning id::int as id`,
    );
    await t.database.db.execute(sql`
      insert into devices (application_id, mac_address, device_key, expire_date, is_trial, activated_by, activated_at)
      select ${apps[1]!}, ${prefix} || ':' || lpad(to_hex(g / 65536), 2, '0') || ':' || lpad(to_hex((g / 256) % 256), 2, '0') || ':' || lpad(to_hex(g % 256), 2, '0'),
             lpad(g::text, 8, '0'), now() + interval '200 days', 0, ${r.id}, now()
      from generate_series(1, ${COUNT}::int) g`);
    await t.database.db.execute(sql`
      insert into activations (device_id, application_id, mac_address, reseller_id, ledger_id, package, credit_point, box_expiry_date, comment, activated_from)
      select id, application_id, mac_address, activated_by, ${ledger!.id}, '1-Year', 1, expire_date, 'row ' || id, 'multi-app'
      from devices where activated_by = ${r.id}`);
    macs = (await rows<{ mac_address: string }>(t, sql`select mac_address from devices where activated_by = ${r.id} order by id`)).map((d) => d.mac_address);
    expect(macs).toHaveLength(COUNT);
  });

  it('sends many rows over HTTP in chunks, complete and in device order', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${base}/api/devices-export`, { headers: { authorization: `Bearer ${r.token}` } });
    expect(res.status).toBe(200);
    // Written while it is read: no length known in advance.
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    let body = '';
    let chunks = 0;
    // ignoreBOM: keep the byte order mark in the text, to see that it was sent.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    for await (const chunk of res.body!) {
      chunks += 1;
      body += decoder.decode(chunk, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    const [header, ...lines] = parse(body);
    expect(header).toEqual([...DEVICES_EXPORT_COLUMNS]);
    expect(lines.map((cells) => cells[0])).toEqual(macs);
    expect(lines.every((cells) => cells[3] === 'active' && cells[4] === r.email && /^row \d+$/.test(cells[5]!))).toBe(true);
  });

  it('reads one batch at a time, as the client takes them, never the whole list at once', async () => {
    const ctx: Ctx = {
      ...t.app.deps,
      locale: 'en',
      ip: '127.0.0.1',
      log: t.app.log,
      auth: { userId: r.id, sessionId: 0, name: r.name, email: r.email, roleId: r.roleId, isAdmin: false, permissions: new Set(), hasPasscode: false, expiryReminders: true, creditPoint: 0, passcodeValidatedAt: null, hasSecondFactor: false, twoFactorAt: null, twoFactorRequiredBy: null },
    };
    const chunks = (await exportDevices({ ctx, batchSize: 100 }))[Symbol.asyncIterator]();
    const lines = (text: string) => text.split('\r\n').filter(Boolean);
    expect((await chunks.next()).value).toBe(`${BOM}${HEADER}\r\n`);
    const first = lines((await chunks.next()).value as string);
    expect(first).toHaveLength(100);

    // A device activated after the download began, past every row read so far: the export
    // reaches it only if the rest is read when asked for, not ahead.
    const late = await activate(r, { appId: apps[0]! });
    const rest: string[] = [];
    let batches = 1;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      const batch = lines(next.value);
      // Each chunk is one batch: what the server holds at any time.
      expect(batch.length).toBeLessThanOrEqual(100);
      rest.push(...batch);
      batches += 1;
    }
    expect(batches).toBe(Math.ceil((COUNT + 1) / 100));
    const all = [...first, ...rest].map((line) => line.slice(1, 18));
    expect(all).toEqual([...macs, late]);
  });
});
