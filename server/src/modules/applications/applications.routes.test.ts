import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_APPLICATIONS, translate } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart, PNG, PNG_2, type Part } from '../../../test/uploads.js';
import { adminToken, createVerifiedUser, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { registerDevice } from '../../../test/devices.js';

let t: TestApp;
let admin: string;
/** Holds app-list only: reads the list, changes nothing. */
let lister: TestUser;
/** Holds actions-app-list only: edits and uploads logos. */
let editor: TestUser;
/** Holds add-module only. */
let adder: TestUser;
/** Holds remove-app only. */
let remover: TestUser;
let reseller: TestUser;
let otherReseller: TestUser;

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const CLEAN_SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><metadata>editor</metadata><rect width="10" height="10" fill="#1A972F"/></svg>';

const uniqueName = () => `App ${Math.random().toString(36).slice(2, 10)}`;

async function create(token: string, parts: Part[], lang?: string) {
  return t.call({ method: 'POST', url: '/api/create-applications', token, lang, ...(await multipart(parts)) });
}

async function createApp(name = uniqueName(), logo?: Buffer) {
  const res = await create(admin, [
    { name: 'appName', value: name },
    { name: 'appPlaceLocation', value: 'https://apps.example.test/player' },
    ...(logo ? [{ name: 'appLogo', file: logo, filename: 'logo.png', type: 'image/png' }] : []),
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: AppAnswer }>().data;
}

type AppAnswer = {
  id: number;
  app_name: string;
  app_logo: string | null;
  app_place_location: string | null;
  app_phone: string | null;
  app_email: string | null;
  app_tagline: string | null;
  app_description: string | null;
  trial_days: number;
  needs_device_key: boolean;
  hidden: boolean;
  resellers_count: number;
  created_at: string;
};

type AppRow = { id: number; app_name: string; app_logo: string | null; app_place_location: string | null; app_email: string | null; hidden: boolean };

async function appRow(id: number) {
  const [row] = await rows<AppRow>(t, sql`select * from applications where id = ${id}`);
  return row;
}

async function appCount() {
  const [row] = await rows<{ n: number }>(t, sql`select count(*)::int as n from applications`);
  return row!.n;
}

const uploadsDir = () => path.join(t.dataDir, 'uploads');
const uploadedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);

async function allow(user: TestUser, applicationId: number) {
  await t.database.db.execute(sql`insert into reseller_applications (user_id, application_id) values (${user.id}, ${applicationId})`);
}

async function seededId(name: string) {
  const [row] = await rows<{ id: number }>(t, sql`select id from applications where app_name = ${name}`);
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  [lister, editor, adder, remover, reseller, otherReseller] = await Promise.all([
    createVerifiedUser(t, { permissions: ['app-list'] }),
    createVerifiedUser(t, { permissions: ['actions-app-list'] }),
    createVerifiedUser(t, { permissions: ['add-module'] }),
    createVerifiedUser(t, { permissions: ['remove-app'] }),
    createVerifiedUser(t, { roleName: 'reseller' }),
    createVerifiedUser(t, { roleName: 'reseller' }),
  ]);
});
afterAll(() => t.close());

describe('the first start', () => {
  it('seeds the player applications with their trial length and device-key rule', async () => {
    const seeded = await rows<{ app_name: string; trial_days: number; needs_device_key: boolean }>(
      t,
      sql`select app_name, trial_days, needs_device_key from applications order by id`,
    );
    for (const app of SEED_APPLICATIONS) {
      expect(seeded).toContainEqual({ app_name: app.appName, trial_days: app.trialDays, needs_device_key: app.needsDeviceKey });
    }
  });
});

describe('GET /api/fetch-allowed-applications', () => {
  type Allowed = { id: number; app_name: string; app_logo: string | null; app_place_location: string | null; needs_device_key: boolean };
  const fetchAllowed = async (token: string) => {
    const res = await t.call({ method: 'GET', url: '/api/fetch-allowed-applications', token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ status: boolean; msg: string; data: { ApplicationList: Allowed[] } }>();
    expect(body.status).toBe(true);
    return body.data.ApplicationList;
  };

  it('allows an admin every visible application, by name', async () => {
    const list = await fetchAllowed(admin);
    const [visible] = await rows<{ n: number }>(t, sql`select count(*)::int as n from applications where not hidden`);
    expect(list).toHaveLength(visible!.n);
    expect(list.map((a) => a.app_name)).toContain('IBOPLAYER');
    expect(Object.keys(list[0]!).sort()).toEqual(['app_logo', 'app_name', 'app_place_location', 'id', 'needs_device_key']);
    // The playlist reset asks for the device key of these two only (business-panel.md §9).
    expect(list.filter((a) => a.needs_device_key).map((a) => a.app_name).sort()).toEqual(['BOBPLAYER', 'IBOPLAYER']);
    const names = list.map((a) => a.app_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("allows a reseller only its own application_allowed rows, and nobody else's", async () => {
    expect(await fetchAllowed(reseller.token)).toEqual([]);
    const ibo = await seededId('IBOPLAYER');
    const bob = await seededId('BOBPLAYER');
    await allow(reseller, ibo);
    await allow(reseller, bob);
    await allow(otherReseller, await seededId('HUSHPLAY'));
    const list = await fetchAllowed(reseller.token);
    expect(list.map((a) => a.app_name)).toEqual(['BOBPLAYER', 'IBOPLAYER']);
    expect(list.find((a) => a.app_name === 'IBOPLAYER')).toMatchObject({ id: ibo });
    expect((await fetchAllowed(otherReseller.token)).map((a) => a.app_name)).toEqual(['HUSHPLAY']);
  });

  it('leaves hidden applications out, for admins and resellers alike', async () => {
    const app = await createApp();
    await allow(reseller, app.id);
    expect((await fetchAllowed(reseller.token)).map((a) => a.id)).toContain(app.id);
    await t.database.db.execute(sql`update applications set hidden = true where id = ${app.id}`);
    expect((await fetchAllowed(reseller.token)).map((a) => a.id)).not.toContain(app.id);
    expect((await fetchAllowed(admin)).map((a) => a.id)).not.toContain(app.id);
  });
});

describe('GET /api/get-applications', () => {
  type Page = { ApplicationList: AppAnswer[]; pagination: { last_page: number; total: number; current_page: number; per_page: number } };
  const list = async (query: string, token = admin) => {
    const res = await t.call({ method: 'GET', url: `/api/get-applications${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Page }>().data;
  };

  it('answers a page of 10 by default with the paging fields', async () => {
    const total = await appCount();
    const page = await list('');
    expect(page.ApplicationList.length).toBe(Math.min(10, total));
    expect(page.pagination).toEqual({ current_page: 1, per_page: 10, total, last_page: Math.max(1, Math.ceil(total / 10)) });
    // Newest first by default.
    const ids = page.ApplicationList.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('pages with page_number and page_size, and serves at most 100 rows whatever is asked', async () => {
    const first = await list('?page_size=3&page_number=1&sort_key=id&sort_type=asc');
    const second = await list('?page_size=3&page_number=2&sort_key=id&sort_type=asc');
    expect(first.ApplicationList).toHaveLength(3);
    expect(second.ApplicationList[0]!.id).toBeGreaterThan(first.ApplicationList[2]!.id);
    const huge = await list('?page_size=100000');
    expect(huge.pagination.per_page).toBe(100);
  });

  it('searches names from 3 characters on, case-insensitively, and ignores shorter keywords', async () => {
    const total = await appCount();
    expect((await list('?search_title=IB')).pagination.total).toBe(total);
    const found = await list('?search_title=iboPL');
    expect(found.ApplicationList.map((a) => a.app_name)).toEqual(['IBOPLAYER']);
    // LIKE wildcards are searched for as themselves.
    expect((await list('?search_title=%25%25%25')).pagination.total).toBe(0);
  });

  it('sorts by a whitelisted column in either direction', async () => {
    const asc = (await list('?sort_key=app_name&sort_type=asc&page_size=100')).ApplicationList.map((a) => a.app_name.toLowerCase());
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = (await list('?sort_key=app_name&sort_type=desc&page_size=100')).ApplicationList.map((a) => a.app_name.toLowerCase());
    expect(desc).toEqual([...asc].reverse());
  });

  it('refuses a sort column outside the whitelist and a bad page', async () => {
    const bad = await t.call({ method: 'GET', url: '/api/get-applications?sort_key=app_name;drop table applications', token: admin });
    expect(expectError(bad, 422, 'VALIDATION').errors).toHaveProperty('sort_key');
    const badType = await t.call({ method: 'GET', url: '/api/get-applications?sort_type=sideways', token: admin });
    expect(expectError(badType, 422, 'VALIDATION').errors).toHaveProperty('sort_type');
    const badPage = await t.call({ method: 'GET', url: '/api/get-applications?page_number=0', token: admin });
    expect(expectError(badPage, 422, 'VALIDATION').errors).toHaveProperty('page_number');
  });

  it('lets an app-list holder read and refuses an account without it', async () => {
    expect((await list('', lister.token)).pagination.total).toBeGreaterThan(0);
    expectError(await t.call({ method: 'GET', url: '/api/get-applications', token: reseller.token }), 403, 'FORBIDDEN');
  });
});

describe('GET /api/get-application/:id', () => {
  it('answers every field of the application', async () => {
    const app = await createApp();
    const res = await t.call({ method: 'GET', url: `/api/get-application/${app.id}`, token: editor.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      id: app.id,
      app_name: app.app_name,
      app_logo: null,
      app_place_location: 'https://apps.example.test/player',
      app_phone: null,
      app_email: null,
      app_tagline: null,
      app_description: null,
      trial_days: 7,
      needs_device_key: false,
      hidden: false,
      resellers_count: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers 404 for an unknown id and 422 for one that is no id', async () => {
    expectError(await t.call({ method: 'GET', url: '/api/get-application/999999', token: admin }), 404, 'NOT_FOUND');
    expectError(await t.call({ method: 'GET', url: '/api/get-application/abc', token: admin }), 422, 'VALIDATION');
  });

  it('refuses an account that may neither list nor edit applications', async () => {
    expectError(await t.call({ method: 'GET', url: `/api/get-application/${await seededId('IBOPLAYER')}`, token: reseller.token }), 403, 'FORBIDDEN');
  });
});

describe('POST /api/create-applications', () => {
  it('creates an application with a real PNG logo, stored under a content-hash name and served publicly', async () => {
    const name = uniqueName();
    const res = await create(adder.token, [
      { name: 'appName', value: `  ${name}  ` },
      { name: 'appPlaceLocation', value: 'https://iboplayer.example.test' },
      { name: 'appLogo', file: PNG, filename: 'whatever.bin', type: 'application/octet-stream' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ status: boolean; msg: string; data: AppAnswer }>();
    expect(body).toMatchObject({ status: true, msg: translate('en', 'success.applicationCreated') });
    expect(body.data).toMatchObject({ app_name: name, app_place_location: 'https://iboplayer.example.test', hidden: false });
    expect(body.data.app_logo).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect((await appRow(body.data.id))!.app_logo).toBe(body.data.app_logo);

    const file = await t.call({ method: 'GET', url: body.data.app_logo! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('creates an application without a logo, from a JSON body too', async () => {
    const name = uniqueName();
    const res = await t.call({
      method: 'POST',
      url: '/api/create-applications',
      token: admin,
      payload: { appName: name, appPlaceLocation: 'http://player.example.test/path?x=1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ app_name: name, app_logo: null });
  });

  it('refuses a name already taken, whatever its case, and changes nothing', async () => {
    const before = await appCount();
    const res = await create(admin, [
      { name: 'appName', value: 'iboplayer' },
      { name: 'appPlaceLocation', value: 'https://x.example.test' },
      { name: 'appLogo', file: PNG_2, filename: 'logo.png', type: 'image/png' },
    ]);
    expectFieldErrors(res, { appName: [translate('en', 'validation.taken', { field: 'application name' })] });
    expect(await appCount()).toBe(before);
    // The refused logo was not written either.
    const hashes = uploadedFiles();
    const again = await create(admin, [
      { name: 'appName', value: 'IBOPlayer' },
      { name: 'appPlaceLocation', value: 'https://x.example.test' },
      { name: 'appLogo', file: PNG_2, filename: 'logo.png', type: 'image/png' },
    ]);
    expect(again.statusCode).toBe(422);
    expect(uploadedFiles()).toEqual(hashes);
  });

  it('requires a name and a valid http(s) URL, answering "Please enter a valid URL"', async () => {
    const before = await appCount();
    const missing = await create(admin, [{ name: 'appName', value: ' ' }]);
    expectFieldErrors(missing, {
      appName: [translate('en', 'validation.required', { field: 'application name' })],
      appPlaceLocation: [translate('en', 'validation.required', { field: 'app URL' })],
    });
    for (const url of ['', 'not a url', 'javascript:alert(1)', 'ftp://files.example.test', 'https://']) {
      const res = await create(admin, [
        { name: 'appName', value: uniqueName() },
        { name: 'appPlaceLocation', value: url },
      ]);
      expectFieldErrors(res, { appPlaceLocation: ['Please enter a valid URL'] });
    }
    expect(await appCount()).toBe(before);
  });

  it('checks the logo by its content: a text file named .png is refused and nothing is written', async () => {
    const before = await appCount();
    const files = uploadedFiles();
    const res = await create(admin, [
      { name: 'appName', value: uniqueName() },
      { name: 'appPlaceLocation', value: 'https://x.example.test' },
      { name: 'appLogo', file: Buffer.from('definitely not an image'), filename: 'logo.png', type: 'image/png' },
    ]);
    expectFieldErrors(res, { appLogo: [translate('en', 'validation.imageType', { field: 'logo' })] });
    expect(await appCount()).toBe(before);
    expect(uploadedFiles()).toEqual(files);
  });

  it('refuses an image of a type the panel does not take (GIF)', async () => {
    const res = await create(admin, [
      { name: 'appName', value: uniqueName() },
      { name: 'appPlaceLocation', value: 'https://x.example.test' },
      { name: 'appLogo', file: GIF, filename: 'logo.gif', type: 'image/gif' },
    ]);
    expectFieldErrors(res, { appLogo: [translate('en', 'validation.imageType', { field: 'logo' })] });
  });

  it('refuses a logo over 2 MB and changes nothing', async () => {
    const before = await appCount();
    const files = uploadedFiles();
    // A real PNG header followed by padding: the size is what is refused.
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await create(admin, [
      { name: 'appName', value: uniqueName() },
      { name: 'appPlaceLocation', value: 'https://x.example.test' },
      { name: 'appLogo', file: big, filename: 'big.png', type: 'image/png' },
    ]);
    expectFieldErrors(res, { appLogo: [translate('en', 'validation.imageTooLarge', { field: 'logo' })] });
    expect(await appCount()).toBe(before);
    expect(uploadedFiles()).toEqual(files);
  });

  it('accepts a logo of exactly 2 MB', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    const res = await create(admin, [
      { name: 'appName', value: uniqueName() },
      { name: 'appPlaceLocation', value: 'https://x.example.test' },
      { name: 'appLogo', file: exact, filename: 'big.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([
    ['a script element', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'],
    ['a foreign object', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.test"/></foreignObject></svg>'],
    ['an external link', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="https://evil.test/x.svg#a"/></svg>'],
    ['a javascript link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>'],
    ['an entity declaration', '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "boom">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>'],
    ['an external style', '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.test/a)" width="1" height="1"/></svg>'],
  ])('refuses an SVG with %s, with a clear message, and changes nothing', async (_what, svg) => {
    const before = await appCount();
    const files = uploadedFiles();
    const res = await create(admin, [
      { name: 'appName', value: uniqueName() },
      { name: 'appPlaceLocation', value: 'https://x.example.test' },
      { name: 'appLogo', file: Buffer.from(svg), filename: 'logo.svg', type: 'image/svg+xml' },
    ]);
    expectFieldErrors(res, { appLogo: [translate('en', 'validation.svgUnsafe')] });
    expect(await appCount()).toBe(before);
    expect(uploadedFiles()).toEqual(files);
  });

  it('stores a plain SVG sanitised: only drawing elements are kept', async () => {
    const res = await create(admin, [
      { name: 'appName', value: uniqueName() },
      { name: 'appPlaceLocation', value: 'https://x.example.test' },
      { name: 'appLogo', file: Buffer.from(CLEAN_SVG), filename: 'logo.svg', type: 'image/svg+xml' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const logo = res.json<{ data: AppAnswer }>().data.app_logo!;
    expect(logo).toMatch(/^\/uploads\/[0-9a-f]{32}\.svg$/);
    const file = await t.call({ method: 'GET', url: logo });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/svg+xml');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.body).toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">');
    expect(file.body).toContain('<rect width="10" height="10" fill="#1A972F"></rect>');
    expect(file.body).not.toContain('metadata');
  });

  it('refuses an account without add-module and changes nothing', async () => {
    const before = await appCount();
    const res = await create(editor.token, [
      { name: 'appName', value: uniqueName() },
      { name: 'appPlaceLocation', value: 'https://x.example.test' },
    ]);
    expectError(res, 403, 'FORBIDDEN');
    expect(await appCount()).toBe(before);
  });
});

describe('PUT /api/update-applications/:id', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    appName: uniqueName(),
    appPlaceLocation: 'https://new.example.test/app',
    appPhone: '+20 100 123 4567',
    appEmail: 'Support@Example.test',
    appTagLine: 'Watch everything',
    appDescription: 'The best player.',
    ...overrides,
  });

  it('updates every field and answers the application', async () => {
    const app = await createApp();
    const input = body();
    const res = await t.call({ method: 'PUT', url: `/api/update-applications/${app.id}`, token: editor.token, payload: input });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      msg: translate('en', 'success.applicationUpdated'),
      data: {
        id: app.id,
        app_name: input.appName,
        app_place_location: 'https://new.example.test/app',
        app_phone: '+20 100 123 4567',
        app_email: 'support@example.test',
        app_tagline: 'Watch everything',
        app_description: 'The best player.',
      },
    });
  });

  it('clears optional fields sent empty or left out', async () => {
    const app = await createApp();
    await t.call({ method: 'PUT', url: `/api/update-applications/${app.id}`, token: admin, payload: body() });
    const res = await t.call({
      method: 'PUT',
      url: `/api/update-applications/${app.id}`,
      token: admin,
      payload: { appName: app.app_name, appPlaceLocation: 'https://a.example.test', appEmail: '', appPhone: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ app_email: null, app_phone: null, app_tagline: null, app_description: null });
  });

  it('refuses a bad URL, e-mail, phone or taken name field by field, and changes nothing', async () => {
    const app = await createApp();
    const before = await appRow(app.id);
    const put = (payload: Record<string, unknown>) => t.call({ method: 'PUT', url: `/api/update-applications/${app.id}`, token: admin, payload });
    expectFieldErrors(await put(body({ appPlaceLocation: 'www example' })), { appPlaceLocation: ['Please enter a valid URL'] });
    expectFieldErrors(await put(body({ appPlaceLocation: '' })), { appPlaceLocation: ['Please enter a valid URL'] });
    expectFieldErrors(await put(body({ appEmail: 'not-an-email' })), { appEmail: [translate('en', 'validation.emailInvalid')] });
    expectFieldErrors(await put(body({ appPhone: '12<script>' })), { appPhone: [translate('en', 'validation.phoneInvalid')] });
    expectFieldErrors(await put(body({ appName: 'BOBPLAYER' })), { appName: [translate('en', 'validation.taken', { field: 'application name' })] });
    expectFieldErrors(await put(body({ appDescription: 'x'.repeat(5001) })), {
      appDescription: [translate('en', 'validation.tooLong', { field: 'description', max: 5000 })],
    });
    const missing = await put({});
    expect(Object.keys(expectError(missing, 422, 'VALIDATION').errors as object).sort()).toEqual(['appName', 'appPlaceLocation']);
    expect(await appRow(app.id)).toEqual(before);
  });

  it('answers the URL message in Arabic to an Arabic caller', async () => {
    const app = await createApp();
    const res = await t.call({
      method: 'PUT',
      url: `/api/update-applications/${app.id}`,
      token: admin,
      lang: 'ar-EG',
      payload: body({ appPlaceLocation: 'nope' }),
    });
    expectFieldErrors(res, { appPlaceLocation: [translate('ar', 'validation.urlInvalid')] });
  });

  it('answers 404 for an unknown application', async () => {
    expectError(await t.call({ method: 'PUT', url: '/api/update-applications/999999', token: admin, payload: body() }), 404, 'NOT_FOUND');
  });

  it('lets add-module holders edit and refuses an app-list-only account, changing nothing', async () => {
    const app = await createApp();
    const before = await appRow(app.id);
    expectError(await t.call({ method: 'PUT', url: `/api/update-applications/${app.id}`, token: lister.token, payload: body() }), 403, 'FORBIDDEN');
    expect(await appRow(app.id)).toEqual(before);
    const res = await t.call({ method: 'PUT', url: `/api/update-applications/${app.id}`, token: adder.token, payload: body() });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('POST /api/application/:id/upload-logo', () => {
  const upload = async (id: number | string, parts: Part[], token = admin) =>
    t.call({ method: 'POST', url: `/api/application/${id}/upload-logo`, token, ...(await multipart(parts)) });

  it('replaces the logo and answers data.app_logo, a new name for new content', async () => {
    const app = await createApp(uniqueName(), PNG);
    const res = await upload(app.id, [{ name: 'appLogo', file: PNG_2, filename: 'new.png', type: 'image/png' }], editor.token);
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json<{ data: { app_logo: string } }>().data.app_logo;
    expect(logo).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(logo).not.toBe(app.app_logo);
    expect((await appRow(app.id))!.app_logo).toBe(logo);
    expect((await t.call({ method: 'GET', url: logo })).rawPayload.equals(PNG_2)).toBe(true);
  });

  it('requires a file', async () => {
    const app = await createApp();
    expectFieldErrors(await upload(app.id, [{ name: 'other', value: 'x' }]), { appLogo: [translate('en', 'validation.imageRequired')] });
    expectFieldErrors(await upload(app.id, [{ name: 'appLogo', file: Buffer.alloc(0), filename: 'empty.png' }]), {
      appLogo: [translate('en', 'validation.imageRequired')],
    });
  });

  it('refuses a fake image, an unsafe SVG and an oversized file, keeping the old logo', async () => {
    const app = await createApp(uniqueName(), PNG);
    const files = uploadedFiles();
    expectFieldErrors(await upload(app.id, [{ name: 'appLogo', file: Buffer.from('<html>hi</html>'), filename: 'a.png', type: 'image/png' }]), {
      appLogo: [translate('en', 'validation.imageType', { field: 'logo' })],
    });
    expectFieldErrors(
      await upload(app.id, [{ name: 'appLogo', file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'a.svg' }]),
      { appLogo: [translate('en', 'validation.svgUnsafe')] },
    );
    expectFieldErrors(await upload(app.id, [{ name: 'appLogo', file: Buffer.alloc(3 * 1024 * 1024, 1), filename: 'a.png' }]), {
      appLogo: [translate('en', 'validation.imageTooLarge', { field: 'logo' })],
    });
    expect((await appRow(app.id))!.app_logo).toBe(app.app_logo);
    expect(uploadedFiles()).toEqual(files);
  });

  it('answers 404 for an unknown application and writes no file', async () => {
    const files = uploadedFiles();
    expectError(await upload(999999, [{ name: 'appLogo', file: Buffer.from(CLEAN_SVG.replace('1A972F', '000001')), filename: 'a.svg' }]), 404, 'NOT_FOUND');
    expect(uploadedFiles()).toEqual(files);
  });

  it('refuses an account that may not edit applications', async () => {
    const app = await createApp();
    expectError(await upload(app.id, [{ name: 'appLogo', file: PNG_2, filename: 'a.png' }], lister.token), 403, 'FORBIDDEN');
    expect((await appRow(app.id))!.app_logo).toBeNull();
  });
});

describe('DELETE /api/delete-applications/:id and PUT /api/applications/:id/visibility', () => {
  it('deletes an application no reseller is allowed', async () => {
    const app = await createApp();
    const res = await t.call({ method: 'DELETE', url: `/api/delete-applications/${app.id}`, token: remover.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.applicationDeleted') });
    expect(await appRow(app.id)).toBeUndefined();
    const [audit] = await rows<{ action: string }>(t, sql`select action from audit_log where target_type = 'application' and target_id = ${String(app.id)} order by id desc limit 1`);
    expect(audit!.action).toBe('application.delete');
  });

  it('refuses (409) to delete an application in use by resellers, then hides it instead', async () => {
    const app = await createApp();
    await allow(reseller, app.id);
    await allow(otherReseller, app.id);
    const res = await t.call({ method: 'DELETE', url: `/api/delete-applications/${app.id}`, token: admin });
    expectError(res, 409, 'APPLICATION_IN_USE', translate('en', 'errors.applicationInUse', { count: 2 }));
    expect(await appRow(app.id)).toMatchObject({ id: app.id, hidden: false });
    const arabic = await t.call({ method: 'DELETE', url: `/api/delete-applications/${app.id}`, token: admin, lang: 'ar-EG' });
    expectError(arabic, 409, 'APPLICATION_IN_USE', translate('ar', 'errors.applicationInUse', { count: 2 }));

    const hide = await t.call({ method: 'PUT', url: `/api/applications/${app.id}/visibility`, token: remover.token, payload: { hidden: true } });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ msg: translate('en', 'success.applicationHidden'), data: { id: app.id, hidden: true, resellers_count: 2 } });
    expect((await appRow(app.id))!.hidden).toBe(true);
    const allowed = await t.call({ method: 'GET', url: '/api/fetch-allowed-applications', token: reseller.token });
    expect(allowed.json<{ data: { ApplicationList: { id: number }[] } }>().data.ApplicationList.map((a) => a.id)).not.toContain(app.id);
    // Still listed for the admin, marked hidden, and still allowed to the reseller for later.
    const listed = await t.call({ method: 'GET', url: `/api/get-application/${app.id}`, token: admin });
    expect(listed.json().data).toMatchObject({ hidden: true });

    const show = await t.call({ method: 'PUT', url: `/api/applications/${app.id}/visibility`, token: editor.token, payload: { hidden: false } });
    expect(show.json()).toMatchObject({ msg: translate('en', 'success.applicationShown'), data: { hidden: false } });
  });

  it('refuses (409) to delete an application with registered devices, even when no reseller is allowed it', async () => {
    const app = await createApp();
    await registerDevice(t, { appId: app.id });
    await registerDevice(t, { appId: app.id });
    const res = await t.call({ method: 'DELETE', url: `/api/delete-applications/${app.id}`, token: admin });
    expectError(res, 409, 'APPLICATION_IN_USE', translate('en', 'errors.applicationInUseDevices', { count: 0, devices: 2 }));
    await allow(reseller, app.id);
    const german = await t.call({ method: 'DELETE', url: `/api/delete-applications/${app.id}`, token: admin, lang: 'de' });
    expectError(german, 409, 'APPLICATION_IN_USE', translate('de', 'errors.applicationInUseDevices', { count: 1, devices: 2 }));
    expect(await appRow(app.id)).toMatchObject({ id: app.id, hidden: false });
  });

  it('refuses a visibility body that is not a boolean, and changes nothing', async () => {
    const app = await createApp();
    for (const payload of [{}, { hidden: 'yes' }, { hidden: 1 }]) {
      const res = await t.call({ method: 'PUT', url: `/api/applications/${app.id}/visibility`, token: admin, payload });
      expect(expectError(res, 422, 'VALIDATION').errors).toHaveProperty('hidden');
    }
    expect((await appRow(app.id))!.hidden).toBe(false);
    expectError(await t.call({ method: 'PUT', url: '/api/applications/999999/visibility', token: admin, payload: { hidden: true } }), 404, 'NOT_FOUND');
  });

  it('refuses deleting or hiding without the permission, and changes nothing', async () => {
    const app = await createApp();
    expectError(await t.call({ method: 'DELETE', url: `/api/delete-applications/${app.id}`, token: editor.token }), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'PUT', url: `/api/applications/${app.id}/visibility`, token: lister.token, payload: { hidden: true } }), 403, 'FORBIDDEN');
    expect(await appRow(app.id)).toMatchObject({ id: app.id, hidden: false });
  });

  it('answers 404 for an unknown application', async () => {
    expectError(await t.call({ method: 'DELETE', url: '/api/delete-applications/999999', token: admin }), 404, 'NOT_FOUND');
  });
});

describe('GET /uploads/*', () => {
  it('answers 404 for a file that does not exist, and nothing outside the folder', async () => {
    expect((await t.call({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/uploads/../panel.lock' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/uploads/%2e%2e/panel.lock' })).statusCode).toBe(404);
  });
});

describe('the API documentation', () => {
  it("documents every applications call, the list's query and the visibility addition", async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { description?: string; parameters?: { name: string }[] }>> }>();
    for (const p of ['/api/fetch-allowed-applications', '/api/get-applications', '/api/get-application/{id}', '/api/create-applications', '/api/update-applications/{id}', '/api/application/{id}/upload-logo', '/api/delete-applications/{id}']) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(doc.paths['/api/get-applications']!.get!.parameters!.map((q) => q.name).sort()).toEqual(['page_number', 'page_size', 'search_title', 'sort_key', 'sort_type']);
    expect(doc.paths['/api/applications/{id}/visibility']!.put!.description).toContain("This panel's addition");
  });
});
