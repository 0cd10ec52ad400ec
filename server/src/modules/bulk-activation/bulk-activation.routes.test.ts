import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX_ROWS, translate, type BulkActivationAnswer, type BulkProgressAnswer } from '@panel/contract';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, createVerifiedUser, expectError, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, creditSnapshot, expectLedgerInvariant, fundedAdmin, recharge } from '../../../test/credit.js';
import { deviceRow, registerDevice, uniqueMac } from '../../../test/devices.js';
import { multipart } from '../../../test/uploads.js';

let t: TestApp;
let admin: string;
let apps: number[];
let names: string[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 1_000_000);
  apps = (await applicationIds(t)).slice(0, 4);
  const byId = new Map((await rows<{ id: number; app_name: string }>(t, sql`select id, app_name from applications`)).map((a) => [a.id, a.app_name]));
  names = apps.map((id) => byId.get(id)!);
});
afterAll(() => t.close());

async function fundedReseller(points: number): Promise<TestUser> {
  const r = await createReseller(t, { applications: apps });
  if (points > 0) expect((await recharge(t, admin, { email: r.email, points })).statusCode).toBe(200);
  return r;
}

/** `count` MACs registered in these apps (by index into `apps`). */
async function registered(count: number, appIndexes = [0]): Promise<string[]> {
  const macs = Array.from({ length: count }, () => uniqueMac());
  for (const mac of macs) for (const i of appIndexes) await registerDevice(t, { appId: apps[i]!, mac });
  return macs;
}

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
const HEADER = 'mac_address,apps,package,comment';

function send(token: string, file: Buffer | undefined, options: { dryRun?: string; requestId?: string; lang?: string } = {}) {
  return multipart([
    ...(options.dryRun !== undefined ? [{ name: 'dry_run', value: options.dryRun }] : []),
    ...(file ? [{ name: 'file', file, filename: 'devices.csv', type: 'text/csv' }] : []),
  ]).then(({ payload, headers }) =>
    t.call({
      method: 'POST',
      url: '/api/bulk-activations',
      token,
      lang: options.lang,
      payload,
      headers: { ...headers, ...(options.requestId ? { 'request-id': options.requestId } : {}) },
    }),
  );
}

async function run(token: string, file: Buffer, options: { dryRun?: string; requestId?: string; lang?: string } = {}) {
  const res = await send(token, file, { dryRun: 'false', ...options });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BulkActivationAnswer>().data;
}

const dry = (token: string, file: Buffer, lang?: string) => run(token, file, { dryRun: 'true', lang });
const en = (key: string, params: Record<string, string | number> = {}) => translate('en', key, params);

describe('POST /api/bulk-activations: reading the file', () => {
  it('reads quoted cells holding commas, quotes and line breaks, a byte order mark and blank rows', async () => {
    const r = await fundedReseller(10);
    const [a, b] = await registered(2);
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csv([HEADER, `${a},${names[0]},1-year,"Ali, shop ""North""`, `second line"`, '', `${b!.toUpperCase()},${names[0]!.toLowerCase()},1-YEAR,`]),
    ]);
    const data = await run(r.token, file);
    expect(data.rows.map((row) => [row.row, row.mac_address, row.apps, row.package, row.status])).toEqual([
      [2, a, [names[0]], '1-year', 'ok'],
      [4, b, [names[0]], '1-year', 'ok'],
    ]);
    const [stored] = await rows<{ comment: string }>(t, sql`select comment from activations where mac_address = ${a} and reseller_id = ${r.id}`);
    expect(stored!.comment).toBe('Ali, shop "North"\r\nsecond line');
    expect(data).toMatchObject({ dry_run: false, activated: 2, failed: 0, total_cost: 2, credit_point: 8 });
  });

  it('reads `;` separated files as spreadsheet programs in many languages save them', async () => {
    const r = await fundedReseller(10);
    const [a] = await registered(1, [0, 1]);
    const data = await dry(r.token, csv(['mac_address;apps;package;comment', `${a};${names[0]}|${names[1]};lifetime;a, b`]));
    expect(data.rows).toEqual([
      { row: 2, mac_address: a, apps: [names[0], names[1]], package: 'lifetime', status: 'ok', message: `${names[0]}, ${names[1]} can be activated on ${a}.`, cost: 4, expire_date: null },
    ]);
    expect(data).toMatchObject({ dry_run: true, total_cost: 4, activated: 1, failed: 0, credit_point: 10 });
  });

  it('refuses a row with more cells than the header and runs the others; a quote inside a cell is a character', async () => {
    const r = await fundedReseller(10);
    const [a, b, c] = await registered(3);
    const data = await dry(r.token, csv([HEADER, `${a},${names[0]},1-year,note,extra`, `${b},${names[0]},1-year,`, `${c},${names[0]},1-year,a 12" screen`]));
    expect(data.rows.map((row) => [row.status, row.message])).toEqual([
      ['error', 'This row has 5 cells: a row has at most 4 (mac_address, apps, package, comment). Put cells holding commas in quotes.'],
      ['ok', `${names[0]} can be activated on ${b}.`],
      ['ok', `${names[0]} can be activated on ${c}.`],
    ]);
  });

  it.each([
    ['no file', undefined, 'bulk.fileRequired', {}],
    ['an empty file', Buffer.alloc(0), 'bulk.fileRequired', {}],
    ['no header', csv(['0a:00:00:00:00:01,IBO Player,1-year,']), 'bulk.headerMissing', { header: HEADER }],
    ['another header', csv(['mac,apps,package', '0a:00:00:00:00:01,IBO Player,1-year']), 'bulk.headerMissing', { header: HEADER }],
    ['only the header', csv([HEADER, '', ' , , , ']), 'bulk.noRows', {}],
    ['an unclosed quote', csv([HEADER, '0a:00:00:00:00:01,IBO Player,1-year,"open', 'still open']), 'bulk.unreadable', { line: 2 }],
    ['text that is not UTF-8', Buffer.concat([Buffer.from(`${HEADER}\r\n0a:00:00:00:00:01,IBO Player,1-year,caf`), Buffer.from([0xe9, 0x0d, 0x0a])]), 'bulk.notUtf8', {}],
  ])('refuses a file with %s, with a message on `file`, and changes nothing', async (_, file, key, params) => {
    const r = await fundedReseller(10);
    const before = await creditSnapshot(t);
    const res = await send(r.token, file, { dryRun: 'false' });
    const body = expectError(res, 422, 'VALIDATION', en(key, params));
    expect(body.errors).toEqual({ file: [en(key, params)] });
    expect(await creditSnapshot(t)).toEqual(before);
  });

  it(`refuses a file of more than ${BULK_MAX_ROWS} rows whole`, async () => {
    const r = await fundedReseller(10);
    const lines = Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => `0a:ff:00:00:${((i >> 8) & 0xff).toString(16).padStart(2, '0')}:${(i & 0xff).toString(16).padStart(2, '0')},${names[0]},1-year,`);
    const res = await send(r.token, csv([HEADER, ...lines]), { dryRun: 'true' });
    expectError(res, 422, 'VALIDATION', en('bulk.tooManyRows', { rows: BULK_MAX_ROWS + 1, max: BULK_MAX_ROWS }));
  });

  it('answers the refusal of the file in the caller’s language', async () => {
    const r = await fundedReseller(10);
    const res = await send(r.token, csv(['mac']), { dryRun: 'true', lang: 'ar' });
    expectError(res, 422, 'VALIDATION', translate('ar', 'bulk.headerMissing', { header: HEADER }));
  });
});

describe('POST /api/bulk-activations: rows', () => {
  it('counts the rows of its message through plural forms: 1 row, 2 rows', async () => {
    const r = await fundedReseller(10);
    const [a, b] = await registered(2);
    const message = async (lines: string[]) => (await send(r.token, csv([HEADER, ...lines]), { dryRun: 'true' })).json<BulkActivationAnswer>().msg;
    expect(await message([`${a},${names[0]},1-year,`])).toBe('File checked: 1 row can be activated, 0 cannot.');
    expect(await message([`${a},${names[0]},1-year,`, `${b},${names[0]},1-year,`])).toBe('File checked: 2 rows can be activated, 0 cannot.');
  });

  it('isolates the values it quotes in an Arabic message, so that "1-year" does not read "year-1"', async () => {
    const r = await fundedReseller(10);
    const [a] = await registered(1);
    const data = await dry(r.token, csv([HEADER, `${a},${names[0]},2-years,`]), 'ar');
    expect(data.rows[0]!.message).toBe('يجب أن تكون الباقة \u20681-year\u2069 أو \u2068lifetime\u2069.');
  });

  it('checks every row as the multi-app activation does, and says why a row fails', async () => {
    const r = await createReseller(t, { applications: apps.slice(0, 3) });
    await recharge(t, admin, { email: r.email, points: 100 });
    const [ok, disabled, lifetime, unregistered] = await registered(4);
    const [notAllowed] = await registered(1, [3]);
    await t.database.db.execute(sql`update devices set disabled_at = now() where mac_address = ${disabled}`);
    await t.database.db.execute(sql`update devices set lifetime = true, expire_date = '9999-12-31' where mac_address = ${lifetime}`);
    await t.database.db.execute(sql`delete from devices where mac_address = ${unregistered}`);
    const file = csv([
      HEADER,
      `${ok},${names[0]},1-year,`,
      `not-a-mac,${names[0]},1-year,`,
      `,${names[0]},1-year,`,
      `${ok},,1-year,`,
      `${ok},Nope Player,1-year,`,
      `${ok},${names[0]},2-years,`,
      `${ok},${names[0]},constructor,`,
      `${ok},${names[0]}|${names[1]}|${names[2]}|${names[3]}|Fifth,1-year,`,
      `${ok},${names[0]},1-year,${'x'.repeat(256)}`,
      `${disabled},${names[0]},1-year,`,
      `${lifetime},${names[0]},1-year,`,
      `${unregistered},${names[0]},1-year,`,
      `${notAllowed},${names[3]},1-year,`,
    ]);
    const data = await dry(r.token, file);
    expect(data.rows.map((row) => row.message)).toEqual([
      `${names[0]} can be activated on ${ok}.`,
      en('validation.macInvalid'),
      en('validation.macRequired'),
      en('bulk.row.appsMissing'),
      en('bulk.row.unknownApp', { app: 'Nope Player' }),
      'The package must be 1-year or lifetime.',
      'The package must be 1-year or lifetime.',
      en('bulk.row.tooManyApps', { max: 4 }),
      en('bulk.row.commentTooLong', { max: 255 }),
      `${names[0]}: ${en('activation.check.disabled')}`,
      `${names[0]}: ${en('activation.check.lifeTime')}`,
      `${names[0]}: ${en('activation.check.notRegistered')}`,
      `${names[3]}: ${en('activation.check.notAllowed')}`,
    ]);
    expect(data).toMatchObject({ activated: 1, failed: 12, total_cost: 1 });
    // The real run refuses the same rows for the same reasons.
    const real = await run(r.token, file);
    expect(real.rows.slice(1).map((row) => row.message)).toEqual(data.rows.slice(1).map((row) => row.message));
    expect(real.rows[0]).toMatchObject({ status: 'ok', cost: 1 });
    expect(await balanceOf(t, r.id)).toBe(99);
  });

  it('a dry run changes nothing and weighs the rows in order against today’s balance', async () => {
    const r = await fundedReseller(3);
    const [a, b, c, d] = await registered(4, [0, 1]);
    const file = csv([HEADER, `${a},${names[0]},1-year,`, `${b},${names[0]}|${names[1]},1-year,`, `${c},${names[0]},1-year,`, `${d},${names[0]},lifetime,`]);
    const before = await creditSnapshot(t);
    const devicesBefore = await rows(t, sql`select * from devices where activated_by is null and mac_address in (${a}, ${b}, ${c}, ${d}) order by id`);
    const data = await dry(r.token, file);
    expect(data.rows.map((row) => [row.status, row.cost])).toEqual([
      ['ok', 1],
      ['ok', 2],
      ['error', 0],
      ['error', 0],
    ]);
    expect(data.rows[2]!.message).toBe(en('errors.insufficientCredit'));
    expect(data).toMatchObject({ dry_run: true, total_cost: 3, activated: 2, failed: 2, credit_point: 3 });
    expect(await creditSnapshot(t)).toEqual(before);
    expect(await rows(t, sql`select * from devices where activated_by is null and mac_address in (${a}, ${b}, ${c}, ${d}) order by id`)).toEqual(devicesBefore);
    expect(await rows(t, sql`select id from activations where reseller_id = ${r.id}`)).toEqual([]);
  });

  it('a dry run refuses a second lifetime row for a device an earlier row makes lifetime', async () => {
    const r = await fundedReseller(10);
    const [a] = await registered(1);
    const data = await dry(r.token, csv([HEADER, `${a},${names[0]},lifetime,`, `${a},${names[0]},1-year,`]));
    expect(data.rows.map((row) => row.message)).toEqual([`${names[0]} can be activated on ${a}.`, `${names[0]}: ${en('activation.check.lifeTime')}`]);
  });

  it('a real run charges each row in its own transaction; when the credit runs out the rest fail and nothing goes below zero', async () => {
    const r = await fundedReseller(3);
    const macs = await registered(5, [0, 1]);
    const file = csv([
      HEADER,
      `${macs[0]},${names[0]},1-year,first`,
      `${macs[1]},${names[0]}|${names[1]},1-year,`,
      `${macs[2]},${names[0]},1-year,`,
      `${macs[3]},${names[0]},lifetime,`,
      `${macs[4]},${names[0]},1-year,`,
    ]);
    const data = await run(r.token, file);
    expect(data.rows.map((row) => [row.status, row.cost])).toEqual([
      ['ok', 1],
      ['ok', 2],
      ['error', 0],
      ['error', 0],
      ['error', 0],
    ]);
    expect(data.rows.slice(2).every((row) => row.message === en('errors.insufficientCredit'))).toBe(true);
    expect(data).toMatchObject({ dry_run: false, total_cost: 3, activated: 2, failed: 3, credit_point: 0 });
    expect(await balanceOf(t, r.id)).toBe(0);
    const first = await deviceRow(t, apps[0]!, macs[0]!);
    expect(first!.activated_by).toBe(r.id);
    expect(new Date(data.rows[0]!.expire_date!).getTime()).toBe(new Date(first!.expire_date).getTime());
    expect(data.rows[0]!.message).toBe(`${names[0]} activated on ${macs[0]}.`);
    expect((await deviceRow(t, apps[0]!, macs[2]!))!.activated_by).toBeNull();
    const ledger = await rows<{ n: number }>(t, sql`select count(*)::int as n from credit_ledger where debitor_id = ${r.id} and creditor_id is null`);
    expect(ledger[0]!.n).toBe(2);
    const recorded = await rows<{ activated_from: string; n: number }>(
      t,
      sql`select activated_from, count(*)::int as n from activations where reseller_id = ${r.id} group by activated_from`,
    );
    expect(recorded).toEqual([{ activated_from: 'bulk-file', n: 3 }]);
    await expectLedgerInvariant(t);
  });

  it('answers the rows’ messages in the caller’s language', async () => {
    const r = await fundedReseller(1);
    const [a] = await registered(1);
    const data = await run(r.token, csv([HEADER, `${a},${names[0]},lifetime,`, `zz,${names[0]},1-year,`]), { lang: 'ar' });
    expect(data.rows.map((row) => row.message)).toEqual([translate('ar', 'errors.insufficientCredit'), translate('ar', 'validation.macInvalid')]);
  });

  it('is refused without the multi apps activation permission', async () => {
    const user = await createVerifiedUser(t, { permissions: ['credit-point-share-log'] });
    const [a] = await registered(1);
    expectError(await send(user.token, csv([HEADER, `${a},${names[0]},1-year,`]), { dryRun: 'true' }), 403, 'FORBIDDEN');
  });
});

describe('POST /api/bulk-activations: two runs at once', () => {
  it('never spends more than the balance: two files of 8 rows on 10 points activate 10 rows in all', async () => {
    const r = await fundedReseller(10);
    const macs = await registered(16);
    const file = (part: string[]) => csv([HEADER, ...part.map((mac) => `${mac},${names[0]},1-year,`)]);
    const [a, b] = await Promise.all([run(r.token, file(macs.slice(0, 8))), run(r.token, file(macs.slice(8)))]);
    expect(a.activated + b.activated).toBe(10);
    expect(a.failed + b.failed).toBe(6);
    expect([...a.rows, ...b.rows].filter((row) => row.status === 'error').every((row) => row.message === en('errors.insufficientCredit'))).toBe(true);
    expect(await balanceOf(t, r.id)).toBe(0);
    const [activated] = await rows<{ n: number }>(t, sql`select count(*)::int as n from activations where reseller_id = ${r.id}`);
    expect(activated!.n).toBe(10);
    await expectLedgerInvariant(t);
  });
});

describe('POST /api/bulk-activations: request-id', () => {
  it('answers a repeated real run with the first result and charges nothing', async () => {
    const r = await fundedReseller(2);
    const [a, b] = await registered(2);
    const file = csv([HEADER, `${a},${names[0]},1-year,`, `${b},${names[0]},1-year,`, `${uniqueMac()},${names[0]},1-year,`]);
    const first = await run(r.token, file, { requestId: 'bulk-1' });
    expect(first).toMatchObject({ activated: 2, failed: 1, credit_point: 0 });
    await recharge(t, admin, { email: r.email, points: 5 });
    const before = await creditSnapshot(t);
    expect(await run(r.token, file, { requestId: 'bulk-1' })).toEqual(first);
    expect(await creditSnapshot(t)).toEqual(before);

    const progress = await t.call({ method: 'GET', url: '/api/bulk-activations/progress?request_id=bulk-1', token: r.token });
    expect(progress.json<BulkProgressAnswer>().data).toEqual({ started: true, done: 3, total: 3, finished: true });
  });

  it('refuses the same request id with another file', async () => {
    const r = await fundedReseller(5);
    const [a, b] = await registered(2);
    await run(r.token, csv([HEADER, `${a},${names[0]},1-year,`]), { requestId: 'bulk-2' });
    const res = await send(r.token, csv([HEADER, `${b},${names[0]},1-year,`]), { dryRun: 'false', requestId: 'bulk-2' });
    expectError(res, 409, 'CONFLICT', en('credit.requestIdReused'));
    expect(await balanceOf(t, r.id)).toBe(4);
  });

  it('answers "still in progress" to a repeat while the first run is saving progress, and lets a stopped run be taken over without charging a row twice', async () => {
    const r = await fundedReseller(5);
    const [a, b] = await registered(2);
    const file = csv([HEADER, `${a},${names[0]},1-year,`, `${b},${names[0]},1-year,`]);
    const first = await run(r.token, file, { requestId: 'bulk-3' });
    // As if the node had stopped after the first row: the run's record is back to "in progress".
    const key = `${r.id}:bulk:bulk-3`;
    const recent = new Date().toISOString();
    const [stored] = await rows<{ response: { fingerprint: string } }>(t, sql`select response from idempotent_requests where key = ${key}`);
    const fingerprint = stored!.response.fingerprint;
    await t.database.db.execute(
      sql`update idempotent_requests set status_code = 0, response = ${JSON.stringify({ fingerprint, progress: { done: 1, total: 2 }, at: recent })}::jsonb where key = ${key}`,
    );
    expectError(await send(r.token, file, { dryRun: 'false', requestId: 'bulk-3' }), 409, 'CONFLICT', en('bulk.inProgress'));
    const progress = await t.call({ method: 'GET', url: '/api/bulk-activations/progress?request_id=bulk-3', token: r.token });
    expect(progress.json<BulkProgressAnswer>().data).toEqual({ started: true, done: 1, total: 2, finished: false });

    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.database.db.execute(
      sql`update idempotent_requests set response = ${JSON.stringify({ fingerprint, progress: { done: 1, total: 2 }, at: old })}::jsonb where key = ${key}`,
    );
    const again = await run(r.token, file, { requestId: 'bulk-3' });
    expect(again.rows.map((row) => [row.status, row.expire_date])).toEqual(first.rows.map((row) => [row.status, row.expire_date]));
    expect(await balanceOf(t, r.id)).toBe(3);
  });

  it('answers "not started" for a request id it has not seen', async () => {
    const r = await fundedReseller(0);
    const res = await t.call({ method: 'GET', url: '/api/bulk-activations/progress?request_id=unknown', token: r.token });
    expect(res.json<BulkProgressAnswer>().data).toEqual({ started: false, done: 0, total: 0, finished: false });
  });
});

describe.runIf(onPostgres)('POST /api/bulk-activations at full size', () => {
  it(`activates ${BULK_MAX_ROWS} rows of one file on PostgreSQL`, { timeout: 120_000 }, async () => {
    const r = await fundedReseller(BULK_MAX_ROWS);
    const macs = Array.from({ length: BULK_MAX_ROWS }, (_, i) => `0b:${[i >> 16, i >> 8, i, 0xaa, 0xbb].map((n) => (n & 0xff).toString(16).padStart(2, '0')).join(':')}`);
    await t.database.db.execute(sql`
      insert into devices (application_id, mac_address, device_key, expire_date)
      select ${apps[0]}, format('0b:%s:%s:%s:aa:bb', lpad(to_hex((i >> 16) & 255), 2, '0'), lpad(to_hex((i >> 8) & 255), 2, '0'), lpad(to_hex(i & 255), 2, '0')),
        md5(i::text), now() - interval '1 day'
      from generate_series(0, ${BULK_MAX_ROWS - 1}) as i`);
    const started = performance.now();
    const data = await run(r.token, csv([HEADER, ...macs.map((mac) => `${mac},${names[0]},1-year,`)]), { requestId: 'full-size' });
    const seconds = (performance.now() - started) / 1000;
    expect(data).toMatchObject({ activated: BULK_MAX_ROWS, failed: 0, total_cost: BULK_MAX_ROWS, credit_point: 0 });
    expect(await balanceOf(t, r.id)).toBe(0);
    await expectLedgerInvariant(t);
    console.info(`bulk activation: ${BULK_MAX_ROWS} rows in ${seconds.toFixed(1)} s (${Math.round(BULK_MAX_ROWS / seconds)} rows/s)`);
  });
});
