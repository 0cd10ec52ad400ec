import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastWithWhite, translate } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, createVerifiedUser, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { makeStepUpStale, turnOn } from '../../../test/two-factor.js';
import { multipart, PNG } from '../../../test/uploads.js';

const settings = (slug: string, extra: Record<string, unknown> = {}) => ({ slug, title: 'Fast TV', enabled: true, accent_color: '#1864ab', currency: 'EUR', ...extra });

describe('storefront settings and products API', () => {
  let t: TestApp;
  let reseller: TestUser;
  let apps: number[];

  beforeAll(async () => {
    t = await createTestApp();
    apps = await applicationIds(t);
    reseller = await createReseller(t, { applications: apps.slice(0, 2) });
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (user: TestUser, payload: Record<string, unknown>, lang?: string) => t.call({ method: 'PUT', url: '/api/storefront', token: user.token, payload, lang });
  const slug = (label: string) => `${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

  it('answers null before the first save, then the saved store with its public and Stripe webhook URLs', async () => {
    const before = await t.call({ method: 'GET', url: '/api/storefront', token: reseller.token });
    expect(before.statusCode).toBe(200);
    expect(before.json<{ data: unknown }>().data).toBeNull();

    const name = slug('fast-tv');
    const saved = await put(reseller, settings(name.toUpperCase(), { accent_color: '#1864AB', currency: 'eur', support: { email: 'Help@Fast.TV', whatsapp: '', telegram: null } }));
    expect(saved.statusCode, saved.body).toBe(200);
    const data = saved.json<{ data: Record<string, unknown> & { id: number } }>().data;
    expect(data).toMatchObject({
      slug: name,
      accent_color: '#1864ab',
      currency: 'EUR',
      default_language: 'en',
      support: { email: 'help@fast.tv', whatsapp: null, telegram: null },
      stripe: { configured: false, key_last4: null },
      manual: { enabled: false, instructions: null },
      public_url: `http://panel.test/store/${name}`,
      stripe_webhook_url: `http://panel.test/api/public/stripe/${data.id}/webhook`,
    });
    const again = await t.call({ method: 'GET', url: '/api/storefront', token: reseller.token });
    expect(again.json<{ data: unknown }>().data).toEqual(data);
  });

  it('refuses a malformed, reserved or taken slug, a colour white text cannot be read on, and an unknown currency, in the caller\'s language', async () => {
    expectFieldErrors(await put(reseller, settings('ab')), { slug: [translate('en', 'validation.slugLength')] });
    expectFieldErrors(await put(reseller, settings('-my-store')), { slug: [translate('en', 'validation.slugInvalid')] });
    expectFieldErrors(await put(reseller, settings('admin')), { slug: [translate('en', 'validation.slugReserved')] });
    expectFieldErrors(await put(reseller, settings(slug('ok'), { accent_color: '#ffd43b' })), { accent_color: [translate('en', 'validation.colorContrast')] });
    expectFieldErrors(await put(reseller, settings(slug('ok'), { accent_color: 'blue' })), { accent_color: [translate('en', 'validation.colorInvalid')] });
    expectFieldErrors(await put(reseller, settings(slug('ok'), { currency: 'EUX' }), 'de'), { currency: [translate('de', 'validation.currencyInvalid')] });

    const other = await createReseller(t);
    const taken = slug('taken');
    expect((await put(other, settings(taken))).statusCode).toBe(200);
    const res = await put(reseller, settings(taken), 'ar');
    expectFieldErrors(res, { slug: [translate('ar', 'validation.slugTaken')] });
    // The refused save changed nothing.
    const mine = await t.call({ method: 'GET', url: '/api/storefront', token: reseller.token });
    expect(mine.json<{ data: { slug: string } }>().data.slug).not.toBe(taken);
  });

  it('checks contrast as WCAG does: #1864ab passes 4.5:1 against white, #1c7ed6 and #4dabf7 do not', () => {
    expect(contrastWithWhite('#1864ab')).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite('#1c7ed6')).toBeLessThan(4.5);
    expect(contrastWithWhite('#4dabf7')).toBeLessThan(4.5);
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
  });

  it('sells products of allowed apps with their credit cost, keeps deleted ones out of the list, and locks the currency while products exist', async () => {
    const create = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/storefront/products', token: reseller.token, payload });
    const one = await create({ name: 'IBO one year', app_ids: [String(apps[0])], package: 'one_year', price: '990' });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json<{ data: unknown }>().data).toMatchObject({ app_ids: [apps[0]], price: 990, currency: 'EUR', active: true, credit_cost: 1 });
    const both = await create({ name: 'Both lifetime', app_ids: apps.slice(0, 2), package: 'lifetime', price: 4990, active: false });
    expect(both.json<{ data: unknown }>().data).toMatchObject({ credit_cost: 4, active: false });

    expectFieldErrors(await create({ name: 'Not mine', app_ids: [apps[2]], package: 'one_year', price: 990 }), {
      app_ids: [translate('en', 'validation.applicationNotAllowed')],
    });
    expectFieldErrors(await create({ name: 'Cents', app_ids: [apps[0]], package: 'one_year', price: 9.9 }), {
      price: [translate('en', 'validation.productPriceInvalid')],
    });

    const id = one.json<{ data: { id: number } }>().data.id;
    const updated = await t.call({
      method: 'PUT',
      url: `/api/storefront/products/${id}`,
      token: reseller.token,
      payload: { name: 'IBO + BOB one year', app_ids: apps.slice(0, 2), package: 'one_year', price: 1490, active: true },
    });
    expect(updated.json<{ data: unknown }>().data).toMatchObject({ name: 'IBO + BOB one year', credit_cost: 2, price: 1490 });

    const mine = await t.call({ method: 'GET', url: '/api/storefront', token: reseller.token });
    const current = mine.json<{ data: { slug: string } }>().data;
    expectFieldErrors(await put(reseller, settings(current.slug, { currency: 'BRL' })), {
      currency: [translate('en', 'validation.currencyLocked', { currency: 'EUR' })],
    });

    expect((await t.call({ method: 'DELETE', url: `/api/storefront/products/${id}`, token: reseller.token })).statusCode).toBe(200);
    const list = await t.call({ method: 'GET', url: '/api/storefront/products', token: reseller.token });
    expect(list.json<{ data: { id: number }[] }>().data.map((p) => p.id)).not.toContain(id);
    // Kept for its orders.
    const [kept] = await rows<{ deleted_at: Date | null }>(t, sql`select deleted_at from storefront_products where id = ${id}`);
    expect(kept!.deleted_at).not.toBeNull();
    expectError(await t.call({ method: 'DELETE', url: `/api/storefront/products/${id}`, token: reseller.token }), 404, 'PRODUCT_NOT_FOUND');
  });

  it("keeps every store its account's own: another account's product answers 404, and products need a store", async () => {
    const mine = await t.call({ method: 'GET', url: '/api/storefront/products', token: reseller.token });
    const id = mine.json<{ data: { id: number }[] }>().data[0]!.id;

    const stranger = await createReseller(t);
    expectError(await t.call({ method: 'GET', url: '/api/storefront/products', token: stranger.token }), 404, 'STOREFRONT_NOT_SET_UP');
    await put(stranger, settings(slug('stranger')));
    expectError(
      await t.call({ method: 'PUT', url: `/api/storefront/products/${id}`, token: stranger.token, payload: { name: 'x', app_ids: [apps[0]], package: 'one_year', price: 100 } }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectError(await t.call({ method: 'DELETE', url: `/api/storefront/products/${id}`, token: stranger.token }), 404, 'PRODUCT_NOT_FOUND');

    // A sub-reseller has a store of its own.
    const sub = await createReseller(t, { parent: reseller });
    const own = await put(sub, settings(slug('sub')));
    expect(own.statusCode, own.body).toBe(200);

    // An account whose role lacks the permission is refused.
    const staff = await createVerifiedUser(t, { permissions: ['tickets list'] });
    expectError(await t.call({ method: 'GET', url: '/api/storefront', token: staff.token }), 403, 'FORBIDDEN');
  });

  it('turns manual payment on only with instructions', async () => {
    const manual = (payload: Record<string, unknown>) => t.call({ method: 'PUT', url: '/api/storefront/manual', token: reseller.token, payload });
    expectFieldErrors(await manual({ enabled: true, instructions: '  ' }), { instructions: [translate('en', 'validation.instructionsRequired')] });
    const res = await manual({ enabled: true, instructions: 'PIX key: 11.222.333/0001-44' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: unknown }>().data).toMatchObject({ manual: { enabled: true, instructions: 'PIX key: 11.222.333/0001-44' } });
  });

  it('keeps the Stripe keys encrypted and out of every answer and audit row, behind a recent second factor', async () => {
    const secretKey = 'sk_test_51ABCDEFabcdef0123456789wxyz';
    const webhookSecret = 'whsec_abcdefghijklmnopqrstuvwxyz012345';
    const stripe = (user: TestUser, payload?: Record<string, unknown>) =>
      t.call({ method: payload ? 'PUT' : 'DELETE', url: '/api/storefront/stripe', token: user.token, payload });

    expectFieldErrors(await stripe(reseller, { secret_key: 'pk_test_123456789012', webhook_secret: 'nope' }), {
      secret_key: [translate('en', 'validation.stripeSecretKey')],
      webhook_secret: [translate('en', 'validation.stripeWebhookSecret')],
    });
    const saved = await stripe(reseller, { secret_key: secretKey, webhook_secret: webhookSecret });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: unknown }>().data).toMatchObject({ stripe: { configured: true, key_last4: 'wxyz' } });
    const read = await t.call({ method: 'GET', url: '/api/storefront', token: reseller.token });
    for (const body of [saved.body, read.body]) {
      expect(body).not.toContain(secretKey.slice(8, -4));
      expect(body).not.toContain(webhookSecret.slice(6));
    }
    const [stored] = await rows<Record<string, string>>(
      t,
      sql`select stripe_secret_key_encrypted, stripe_webhook_secret_encrypted from storefronts s join users u on u.id = s.user_id where u.email = ${reseller.email}`,
    );
    expect(JSON.stringify(stored)).not.toContain(secretKey.slice(8, -4));
    expect(JSON.stringify(stored)).not.toContain(webhookSecret.slice(6));
    const audits = await rows<{ action: string; details: unknown }>(t, sql`select action, details from audit_log where target_type = 'storefront'`);
    expect(audits.map((a) => a.action)).toContain('storefront.stripe_saved');
    expect(JSON.stringify(audits)).not.toContain(secretKey.slice(8, -4));

    const removed = await stripe(reseller);
    expect(removed.json<{ data: unknown }>().data).toMatchObject({ stripe: { configured: false, key_last4: null } });

    const guarded = await turnOn(t, await createReseller(t));
    await put(guarded, settings(slug('guarded')));
    await makeStepUpStale(t, guarded.id);
    expectError(await stripe(guarded, { secret_key: secretKey, webhook_secret: webhookSecret }), 403, 'STEP_UP_REQUIRED');
    expectError(await stripe(guarded), 403, 'STEP_UP_REQUIRED');
  });

  it('shows customers the open store without a session: active products of apps it may sell, the methods set up, never its cost or owner', async () => {
    const owner = await createReseller(t, { applications: apps.slice(0, 2) });
    const name = slug('public');
    await put(owner, settings(name, { support: { whatsapp: '+55 11 91234-5678' } }));
    const create = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/storefront/products', token: owner.token, payload });
    const sold = (await create({ name: 'One year', app_ids: [apps[0]], package: 'one_year', price: 990 })).json<{ data: { id: number } }>().data;
    await create({ name: 'Hidden', app_ids: [apps[0]], package: 'lifetime', price: 2990, active: false });
    await t.call({ method: 'PUT', url: '/api/storefront/manual', token: owner.token, payload: { enabled: true, instructions: 'PIX' } });

    const res = await t.call({ method: 'GET', url: `/api/public/storefronts/${name.toUpperCase()}` });
    expect(res.statusCode, res.body).toBe(200);
    const store = res.json<{ data: Record<string, unknown> & { products: { id: number }[] } }>().data;
    expect(store).toMatchObject({ title: 'Fast TV', currency: 'EUR', methods: ['manual'], support: { whatsapp: '+55 11 91234-5678', email: null } });
    expect(store.products).toEqual([{ id: sold.id, name: 'One year', package: 'one_year', price: 990, apps: [{ id: apps[0], name: expect.any(String) }] }]);
    expect(res.body).not.toContain('credit_cost');
    expect(res.body).not.toContain(owner.email);

    // An app the account may no longer activate takes its products off the page.
    await t.database.db.execute(sql`delete from reseller_applications where user_id = ${owner.id} and application_id = ${apps[0]}`);
    const without = await t.call({ method: 'GET', url: `/api/public/storefronts/${name}` });
    expect(without.json<{ data: { products: unknown[] } }>().data.products).toEqual([]);

    expectError(await t.call({ method: 'GET', url: '/api/public/storefronts/no-such-store' }), 404, 'STOREFRONT_NOT_FOUND');
    await put(owner, settings(name, { enabled: false }));
    expectError(await t.call({ method: 'GET', url: `/api/public/storefronts/${name}` }), 404, 'STOREFRONT_NOT_FOUND');
    await put(owner, settings(name));
    await t.database.db.execute(sql`update users set status = 0 where id = ${owner.id}`);
    expectError(await t.call({ method: 'GET', url: `/api/public/storefronts/${name}` }), 404, 'STOREFRONT_NOT_FOUND');
  });

  it('takes a logo through the image pipeline, shows it on the store and its public page, and takes it off again', async () => {
    const owner = await createReseller(t);
    const upload = async (user: TestUser, file: Buffer, filename: string, type?: string) =>
      t.call({ method: 'POST', url: '/api/storefront/logo', token: user.token, ...(await multipart([{ name: 'logo', file, filename, type }])) });

    // No store yet: nothing to put a logo on, and no file written.
    expectError(await upload(owner, PNG, 'logo.png', 'image/png'), 404, 'STOREFRONT_NOT_SET_UP');
    const name = slug('logo');
    await put(owner, settings(name));

    const res = await upload(owner, PNG, 'logo.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const logoUrl = res.json<{ data: { logo_url: string } }>().data.logo_url;
    expect(logoUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const file = await t.call({ method: 'GET', url: logoUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/storefront', token: owner.token })).json<{ data: { logo_url: string } }>().data.logo_url).toBe(logoUrl);
    expect((await t.call({ method: 'GET', url: `/api/public/storefronts/${name}` })).json<{ data: { logo_url: string } }>().data.logo_url).toBe(logoUrl);

    // Checked by content, whatever the name or declared type says; a script in an SVG is refused.
    expectFieldErrors(await upload(owner, Buffer.from('not an image at all'), 'logo.png', 'image/png'), { logo: [translate('en', 'validation.imageType', { field: 'logo' })] });
    expectFieldErrors(await upload(owner, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml'), {
      logo: [translate('en', 'validation.svgUnsafe')],
    });
    expectFieldErrors(await t.call({ method: 'POST', url: '/api/storefront/logo', token: owner.token, ...(await multipart([{ name: 'other', value: 'x' }])) }), {
      logo: [translate('en', 'validation.imageRequired')],
    });
    // The refusals left the logo as it was.
    expect((await t.call({ method: 'GET', url: '/api/storefront', token: owner.token })).json<{ data: { logo_url: string } }>().data.logo_url).toBe(logoUrl);

    const removed = await t.call({ method: 'DELETE', url: '/api/storefront/logo', token: owner.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ data: { logo_url: unknown } }>().data.logo_url).toBeNull();
    expect((await t.call({ method: 'GET', url: `/api/public/storefronts/${name}` })).json<{ data: { logo_url: unknown } }>().data.logo_url).toBeNull();
    const audits = await rows<{ action: string }>(t, sql`select action from audit_log a join users u on u.id = a.actor_id where u.email = ${owner.email} and target_type = 'storefront'`);
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['storefront.logo_uploaded', 'storefront.logo_removed']));

    // Another account's logo calls reach only its own store; without the permission, refused.
    const stranger = await createReseller(t);
    expectError(await t.call({ method: 'DELETE', url: '/api/storefront/logo', token: stranger.token }), 404, 'STOREFRONT_NOT_SET_UP');
    const staff = await createVerifiedUser(t, { permissions: ['tickets list'] });
    expectError(await upload(staff, PNG, 'logo.png', 'image/png'), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'DELETE', url: '/api/storefront/logo', token: staff.token }), 403, 'FORBIDDEN');
  });
});
