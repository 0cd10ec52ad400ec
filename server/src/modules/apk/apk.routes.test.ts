import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES, translate, type ApkPlan } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart, PNG, PNG_2, type Part } from '../../../test/uploads.js';
import { adminToken, createReseller, createVerifiedUser, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';

let t: TestApp;
let admin: string;
/** Each holds one of the three APK permissions. */
let adder: TestUser;
let editor: TestUser;
let remover: TestUser;
let reseller: TestUser;
let sub: TestUser;

const fields = (overrides: Record<string, string> = {}): Part[] =>
  Object.entries({ name: 'IBO Player Pro', description: 'The Android TV build.', apk_url: 'https://downloads.example.test/ibo.apk', ...overrides }).map(
    ([name, value]) => ({ name, value }),
  );

const image = (file: Buffer, filename = 'card.png', type = 'image/png'): Part => ({ name: 'image', file, filename, type });

async function add(token: string, parts: Part[], lang?: string) {
  return t.call({ method: 'POST', url: '/api/add-apk-plans', token, lang, ...(await multipart(parts)) });
}

async function update(token: string, id: number, parts: Part[], lang?: string) {
  return t.call({ method: 'POST', url: `/api/update-apk-plans/${id}`, token, lang, ...(await multipart(parts)) });
}

function remove(token: string, id: number) {
  return t.call({ method: 'DELETE', url: `/api/delete-apk-plans/${id}`, token });
}

async function created(parts: Part[] = fields()) {
  const res = await add(admin, parts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ApkPlan }>().data;
}

async function planRows() {
  return rows(t, sql`select * from apk_plans order by id`);
}

const uploadedFiles = () => {
  const dir = path.join(t.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  [adder, editor, remover] = await Promise.all([
    createVerifiedUser(t, { permissions: ['add-apk'] }),
    createVerifiedUser(t, { permissions: ['edit-apk-plan'] }),
    createVerifiedUser(t, { permissions: ['delete-apk-plan'] }),
  ]);
  reseller = await createReseller(t);
  sub = await createReseller(t, { parent: reseller });
});
afterAll(() => t.close());

describe('POST /api/add-apk-plans', () => {
  it('adds a plan with an image checked by content and served under /uploads/', async () => {
    const res = await add(adder.token, [...fields(), image(PNG)]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ data: ApkPlan }>();
    expect(body).toEqual({
      status: true,
      msg: 'APK plan added successfully.',
      data: {
        id: expect.any(Number),
        name: 'IBO Player Pro',
        description: 'The Android TV build.',
        apk_url: 'https://downloads.example.test/ibo.apk',
        image_url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/),
        created_at: expect.any(String),
      },
    });
    const served = await t.call({ method: 'GET', url: body.data.image_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const [row] = await rows<{ created_by: number }>(t, sql`select created_by from apk_plans where id = ${body.data.id}`);
    expect(row!.created_by).toBe(adder.id);
  });

  it('adds a plan without an image, from a JSON body too', async () => {
    expect((await created()).image_url).toBeNull();
    const res = await t.call({
      method: 'POST',
      url: '/api/add-apk-plans',
      token: admin,
      payload: { name: 'JSON plan', description: 'd', apk_url: 'http://downloads.example.test/x.apk' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: ApkPlan }>().data).toMatchObject({ name: 'JSON plan', image_url: null });
  });

  it('refuses missing fields and a bad APK URL field by field, writing nothing', async () => {
    const before = await planRows();
    expectFieldErrors(await add(admin, fields({ name: ' ', description: '' })), {
      name: ['The name is required.'],
      description: ['The description is required.'],
    });
    expectFieldErrors(await add(admin, fields({ apk_url: 'ftp://downloads.example.test/x.apk' })), { apk_url: ['Please enter a valid URL'] });
    expectFieldErrors(await add(admin, fields({ apk_url: 'not a url' }), 'ar-EG'), { apk_url: [translate('ar', 'validation.urlInvalid')] });
    expectFieldErrors(await add(admin, fields({ name: 'x'.repeat(101) })), { name: [translate('en', 'validation.tooLong', { field: 'name', max: '100' })] });
    expect(await planRows()).toEqual(before);
  });

  it('refuses a file that is no image, and one over 2 MB, writing neither row nor file', async () => {
    const before = await planRows();
    const files = uploadedFiles();
    expectFieldErrors(await add(admin, [...fields(), image(Buffer.from('plain text, not a picture'), 'fake.png')]), {
      image: [translate('en', 'validation.imageType', { field: 'image' })],
    });
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1 - PNG.length)]);
    expectFieldErrors(await add(admin, [...fields(), image(big)]), { image: [translate('en', 'validation.imageTooLarge', { field: 'image' })] });
    expect(await planRows()).toEqual(before);
    expect(uploadedFiles()).toEqual(files);
  });

  it('refuses accounts without add-apk', async () => {
    const before = await planRows();
    for (const user of [editor, remover, reseller, sub]) expectError(await add(user.token, fields()), 403, 'FORBIDDEN');
    expect(await planRows()).toEqual(before);
  });
});

describe('GET /api/apk-plans', () => {
  it('lists the plans, newest first, to every signed-in account', async () => {
    const older = await created(fields({ name: 'Older' }));
    const newer = await created([...fields({ name: 'Newer' }), image(PNG_2)]);
    for (const token of [admin, reseller.token, sub.token, remover.token]) {
      const res = await t.call({ method: 'GET', url: '/api/apk-plans', token });
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json<{ data: ApkPlan[] }>().data;
      expect(list.findIndex((p) => p.id === newer.id)).toBeLessThan(list.findIndex((p) => p.id === older.id));
      expect(list.find((p) => p.id === newer.id)).toEqual(newer);
    }
  });

  it('refuses an anonymous caller', async () => {
    expectError(await t.call({ method: 'GET', url: '/api/apk-plans' }), 401, 'C10002');
  });
});

describe('POST /api/update-apk-plans/:id', () => {
  it('updates the fields and keeps the image when none is sent', async () => {
    const plan = await created([...fields(), image(PNG)]);
    const res = await update(editor.token, plan.id, fields({ name: 'Renamed', description: 'New text', apk_url: 'https://cdn.example.test/v2.apk' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: ApkPlan }>()).toEqual({
      status: true,
      msg: 'APK plan updated successfully.',
      data: { ...plan, name: 'Renamed', description: 'New text', apk_url: 'https://cdn.example.test/v2.apk' },
    });
  });

  it('replaces the image with a new one', async () => {
    const plan = await created([...fields(), image(PNG)]);
    const res = await update(admin, plan.id, [...fields(), image(PNG_2)]);
    const updated = res.json<{ data: ApkPlan }>().data;
    expect(updated.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(updated.image_url).not.toBe(plan.image_url);
    expect((await t.call({ method: 'GET', url: updated.image_url! })).statusCode).toBe(200);
  });

  it('refuses bad input, a fake image and an unknown plan, changing nothing', async () => {
    const plan = await created([...fields(), image(PNG)]);
    const before = await planRows();
    expectFieldErrors(await update(admin, plan.id, fields({ apk_url: 'javascript:alert(1)' })), { apk_url: ['Please enter a valid URL'] });
    expectFieldErrors(await update(admin, plan.id, [...fields(), image(Buffer.from('<html></html>'), 'x.png')]), {
      image: [translate('en', 'validation.imageType', { field: 'image' })],
    });
    expectError(await update(admin, 999_999, fields()), 404, 'NOT_FOUND', 'APK plan not found.');
    expect((await update(admin, 0, fields())).statusCode).toBe(422);
    expect(await planRows()).toEqual(before);
  });

  it('refuses accounts without edit-apk-plan', async () => {
    const plan = await created();
    const before = await planRows();
    for (const user of [adder, remover, reseller]) expectError(await update(user.token, plan.id, fields({ name: 'Hacked' })), 403, 'FORBIDDEN');
    expect(await planRows()).toEqual(before);
  });
});

describe('DELETE /api/delete-apk-plans/:id', () => {
  it('deletes a plan and leaves an audit row', async () => {
    const plan = await created();
    const res = await remove(remover.token, plan.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: 'APK plan deleted successfully.' });
    expect(await rows(t, sql`select id from apk_plans where id = ${plan.id}`)).toEqual([]);
    const audits = await rows<{ actor_id: number }>(t, sql`select actor_id from audit_log where action = 'apk-plan.delete' and target_id = ${String(plan.id)}`);
    expect(audits).toEqual([{ actor_id: remover.id }]);
    expectError(await remove(remover.token, plan.id), 404, 'NOT_FOUND');
  });

  it('refuses accounts without delete-apk-plan', async () => {
    const plan = await created();
    for (const user of [adder, editor, reseller, sub]) expectError(await remove(user.token, plan.id), 403, 'FORBIDDEN');
    expect(await rows(t, sql`select id from apk_plans where id = ${plan.id}`)).toHaveLength(1);
  });
});
