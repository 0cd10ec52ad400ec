import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_CSV_COLUMNS, translate, type CustomerDetail, type CustomersAnswer } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, applicationIds, createReseller, createVerifiedUser, expectError, expectFieldErrors, rows, uniqueEmail, type TestUser } from '../../../test/fixtures.js';
import { activatedDevice, fundAccount, registerDevice, uniqueMac } from '../../../test/devices.js';

describe('customers API', () => {
  let t: TestApp;
  let reseller: TestUser;
  let other: TestUser;
  let apps: number[];

  beforeAll(async () => {
    t = await createTestApp();
    apps = await applicationIds(t);
    reseller = await createReseller(t, { applications: apps.slice(0, 2) });
    other = await createReseller(t, { applications: apps.slice(0, 2) });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (user: TestUser, payload: Record<string, unknown>, lang?: string) => t.call({ method: 'POST', url: '/api/customers', token: user.token, payload, lang });
  const created = async (user: TestUser, payload: Record<string, unknown>) => {
    const res = await create(user, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: CustomerDetail }>().data;
  };
  const list = async (user: TestUser, search?: string) => {
    const res = await t.call({ method: 'GET', url: '/api/customers', token: user.token, query: { per_page: '100', ...(search === undefined ? {} : { search }) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CustomersAnswer>();
  };
  const page = async (user: TestUser, id: number) => {
    const res = await t.call({ method: 'GET', url: `/api/customers/${id}`, token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: CustomerDetail }>().data;
  };
  const link = (user: TestUser, id: number, payload: Record<string, unknown>, lang?: string) =>
    t.call({ method: 'POST', url: `/api/customers/${id}/devices`, token: user.token, payload, lang });
  const auditRows = (id: number) =>
    rows<{ action: string; details: Record<string, unknown> | null }>(t, sql`select action, details from audit_log where target_type = 'customer' and target_id = ${String(id)} order by id`);

  it('adds, reads, replaces and deletes a customer, its e-mail stored in lower case and its audit rows naming it only', async () => {
    const email = uniqueEmail('Ana').replace('ana', 'Ana');
    const data = await created(reseller, { name: ' Ana Souza ', email, phone: '+55 11 99999-0000', language: 'br', notes: 'Pays by PIX' });
    expect(data).toMatchObject({
      name: 'Ana Souza',
      email: email.toLowerCase(),
      phone: '+55 11 99999-0000',
      language: 'br',
      notes: 'Pays by PIX',
      devices_count: 0,
      orders_count: 0,
      devices: [],
      orders: [],
    });
    expect(await page(reseller, data.id)).toEqual(data);

    // A replace keeps the language when none is given, and clears what is left out.
    const put = await t.call({ method: 'PUT', url: `/api/customers/${data.id}`, token: reseller.token, payload: { name: 'Ana S.', email } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ data: CustomerDetail }>().data).toMatchObject({ name: 'Ana S.', email: email.toLowerCase(), phone: null, notes: null, language: 'br' });

    const del = await t.call({ method: 'DELETE', url: `/api/customers/${data.id}`, token: reseller.token, lang: 'de' });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json<{ msg: string }>().msg).toBe(translate('de', 'success.customerDeleted'));
    expectError(await t.call({ method: 'GET', url: `/api/customers/${data.id}`, token: reseller.token }), 404, 'CUSTOMER_NOT_FOUND');

    const audit = await auditRows(data.id);
    expect(audit.map((r) => r.action)).toEqual(['customer.created', 'customer.updated', 'customer.deleted']);
    expect(audit.map((r) => r.details)).toEqual([{ name: 'Ana Souza' }, { name: 'Ana S.' }, { name: 'Ana S.' }]);
    expect(JSON.stringify(audit)).not.toContain('@');
  });

  it("gives a customer added without a language the store's", async () => {
    const seller = await createReseller(t);
    const store = await t.call({
      method: 'PUT',
      url: '/api/storefront',
      token: seller.token,
      payload: { slug: `lang-${Date.now().toString(36)}`, title: 'Loja', enabled: true, accent_color: '#1864ab', currency: 'BRL', default_language: 'esp' },
    });
    expect(store.statusCode, store.body).toBe(200);
    expect((await created(seller, { name: 'Luis' })).language).toBe('esp');
    expect((await created(reseller, { name: 'No store' })).language).toBe('en');
  });

  it("refuses a customer without a name or an e-mail, a malformed phone, and an e-mail already on file, in the caller's language", async () => {
    expectFieldErrors(await create(reseller, { phone: '+1 555 0100' }, 'ar-EG'), { name: [translate('ar', 'validation.customerNameOrEmail')] });
    expectFieldErrors(await create(reseller, { name: 'Bob', phone: 'call me' }, 'ar-EG'), { phone: [translate('ar', 'validation.phoneInvalid')] });

    const email = uniqueEmail('taken');
    const first = await created(reseller, { email });
    expectFieldErrors(await create(reseller, { name: 'Twin', email: email.toUpperCase() }, 'ar-EG'), { email: [translate('ar', 'validation.customerEmailTaken')] });
    // Another customer cannot take it by a replace either; the customer itself keeps it.
    const second = await created(reseller, { name: 'Second' });
    expectFieldErrors(await t.call({ method: 'PUT', url: `/api/customers/${second.id}`, token: reseller.token, payload: { email }, lang: 'ar-EG' }), {
      email: [translate('ar', 'validation.customerEmailTaken')],
    });
    const same = await t.call({ method: 'PUT', url: `/api/customers/${first.id}`, token: reseller.token, payload: { name: 'Owner', email } });
    expect(same.statusCode, same.body).toBe(200);

    // E-mails are per account: another reseller files the same person.
    expect((await create(other, { email })).statusCode).toBe(201);
  });

  it('answers one e-mail once under concurrent additions (customers_user_email_idx)', async () => {
    const seller = await createReseller(t);
    const email = uniqueEmail('race');
    const answers = await Promise.all([1, 2, 3].map(() => create(seller, { email })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    for (const refused of answers.filter((r) => r.statusCode === 422)) expectFieldErrors(refused, { email: [translate('en', 'validation.customerEmailTaken')] });
    expect((await list(seller)).data).toHaveLength(1);
  });

  it('finds customers by part of a name, e-mail or phone, or by a MAC address of a device or its start, newest first', async () => {
    const seller = await createReseller(t, { applications: apps.slice(0, 1) });
    await fundAccount(t, seller, 5);
    const tag = Math.random().toString(36).slice(2, 8);
    const carla = await created(seller, { name: `Carla ${tag}`, email: `carla.${tag}@example.com`, phone: '+351 912 345 678' });
    const dario = await created(seller, { name: 'Dario', email: `dario.${tag}@example.org`, phone: '+39 06 1234 5678' });
    const { mac } = await activatedDevice(t, seller, [apps[0]!]);
    expect((await link(seller, dario.id, { mac_address: mac.toUpperCase(), app_id: apps[0] })).statusCode).toBe(200);

    const ids = async (search?: string) => (await list(seller, search)).data.map((c) => c.id);
    expect(await ids()).toEqual([dario.id, carla.id]);
    expect(await ids(`carla ${tag}`.toUpperCase())).toEqual([carla.id]);
    expect(await ids(`${tag}@example.org`)).toEqual([dario.id]);
    expect(await ids('912 345')).toEqual([carla.id]);
    expect(await ids(mac)).toEqual([dario.id]);
    expect(await ids(mac.slice(0, 8).replace(/:/g, '-').toUpperCase())).toEqual([dario.id]);
    // Below three characters a keyword narrows nothing; a LIKE wildcard matches itself only.
    expect(await ids('Da')).toEqual([dario.id, carla.id]);
    expect(await ids('%%%')).toEqual([]);

    const answer = await list(seller);
    expect(answer.meta).toEqual({ total: 2, last_page: 1, current_page: 1, per_page: 100, total_capped: false });
    expect(answer.data[0]).toMatchObject({ id: dario.id, devices_count: 1, orders_count: 0 });
  });

  it('links a device the caller activated or one still on its trial, refuses another account\'s, and links again without change', async () => {
    await fundAccount(t, reseller, 10);
    await fundAccount(t, other, 10);
    const customer = await created(reseller, { name: 'Linker' });

    const mine = await activatedDevice(t, reseller, [apps[0]!]);
    const ok = await link(reseller, customer.id, { mac_address: mine.mac, app_id: String(apps[0]) });
    expect(ok.statusCode, ok.body).toBe(200);
    const linked = ok.json<{ data: CustomerDetail }>().data;
    expect(linked.devices).toEqual([
      expect.objectContaining({ mac_address: mine.mac, app: { id: apps[0], name: expect.any(String) }, is_lifetime: false, is_trial: false, status: 'active' }),
    ]);
    expect(linked.devices_count).toBe(1);

    // Again: one link, no second audit row.
    expect((await link(reseller, customer.id, { mac_address: mine.mac, app_id: apps[0] })).json<{ data: CustomerDetail }>().data.devices).toHaveLength(1);

    // A device a player registered that is still on its trial: the customer about to buy.
    const trialMac = uniqueMac();
    await registerDevice(t, { appId: apps[1]!, mac: trialMac });
    const trial = await link(reseller, customer.id, { mac_address: trialMac, app_id: apps[1] });
    expect(trial.statusCode, trial.body).toBe(200);
    expect(trial.json<{ data: CustomerDetail }>().data.devices.map((d) => [d.mac_address, d.is_trial, d.status])).toEqual([
      [mine.mac, false, 'active'],
      [trialMac, true, 'active'],
    ]);

    // Another account's activated device, an unknown one, or a known MAC in another app: refused alike.
    const theirs = await activatedDevice(t, other, [apps[0]!]);
    const refusal = { mac_address: [translate('ar', 'validation.customerDeviceNotLinkable')] };
    expectFieldErrors(await link(reseller, customer.id, { mac_address: theirs.mac, app_id: apps[0] }, 'ar-EG'), refusal);
    expectFieldErrors(await link(reseller, customer.id, { mac_address: uniqueMac(), app_id: apps[0] }, 'ar-EG'), refusal);
    expectFieldErrors(await link(reseller, customer.id, { mac_address: trialMac, app_id: apps[0] }, 'ar-EG'), refusal);
    expectFieldErrors(await link(reseller, customer.id, { mac_address: 'not a mac', app_id: apps[0] }, 'ar-EG'), { mac_address: [translate('ar', 'validation.macInvalid')] });

    // Unlinking leaves the device as it was; unlinking again changes nothing.
    const deviceId = linked.devices[0]!.device_id;
    const unlinked = await t.call({ method: 'DELETE', url: `/api/customers/${customer.id}/devices/${deviceId}`, token: reseller.token });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json<{ data: CustomerDetail }>().data.devices.map((d) => d.mac_address)).toEqual([trialMac]);
    expect((await t.call({ method: 'DELETE', url: `/api/customers/${customer.id}/devices/${deviceId}`, token: reseller.token })).statusCode).toBe(200);
    const [device] = await rows<{ activated_by: number }>(t, sql`select activated_by from devices where id = ${deviceId}`);
    expect(device!.activated_by).toBe(reseller.id);

    expect((await auditRows(customer.id)).map((r) => [r.action, r.details])).toEqual([
      ['customer.created', { name: 'Linker' }],
      ['customer.device_linked', { name: 'Linker', device_id: deviceId }],
      ['customer.device_linked', { name: 'Linker', device_id: expect.any(Number) }],
      ['customer.device_unlinked', { name: 'Linker', device_id: deviceId }],
    ]);
  });

  it("shows a device's status: expired past its expiry, disabled while disabled", async () => {
    const customer = await created(reseller, { name: 'Statuses' });
    const expiredMac = uniqueMac();
    const disabledMac = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac: expiredMac });
    await registerDevice(t, { appId: apps[0]!, mac: disabledMac });
    expect((await link(reseller, customer.id, { mac_address: expiredMac, app_id: apps[0] })).statusCode).toBe(200);
    expect((await link(reseller, customer.id, { mac_address: disabledMac, app_id: apps[0] })).statusCode).toBe(200);
    await rows(t, sql`update devices set expire_date = now() - interval '1 day' where mac_address = ${expiredMac}`);
    await rows(t, sql`update devices set disabled_at = now() where mac_address = ${disabledMac}`);
    expect((await page(reseller, customer.id)).devices.map((d) => [d.mac_address, d.status])).toEqual([
      [expiredMac, 'expired'],
      [disabledMac, 'disabled'],
    ]);
  });

  it("lists a customer's orders, newest first, the last 50", async () => {
    const seller = await createReseller(t, { applications: apps.slice(0, 1) });
    const store = await t.call({
      method: 'PUT',
      url: '/api/storefront',
      token: seller.token,
      payload: { slug: `orders-${Date.now().toString(36)}`, title: 'Shop', enabled: true, accent_color: '#1864ab', currency: 'EUR' },
    });
    expect(store.statusCode, store.body).toBe(200);
    const product = await t.call({ method: 'POST', url: '/api/storefront/products', token: seller.token, payload: { name: 'One year', app_ids: [apps[0]], package: 'one_year', price: 990 } });
    expect(product.statusCode, product.body).toBe(201);
    const storeId = store.json<{ data: { id: number } }>().data.id;
    const productId = product.json<{ data: { id: number } }>().data.id;
    const customer = await created(seller, { name: 'Buyer', email: uniqueEmail('buyer') });
    await rows(
      t,
      sql`insert into store_orders (storefront_id, user_id, product_id, customer_id, product_name, app_ids, package, price, currency, credit_cost, mac_address, email, method, status, token_hash)
        select ${storeId}, ${seller.id}, ${productId}, ${customer.id}, 'One year #' || n, array[${apps[0]}]::int[], 'one_year', 990 + n, 'EUR', 1, '0a:00:00:00:00:01', 'buyer@example.com', 'manual',
          case when n % 2 = 0 then 'activated' else 'awaiting_approval' end, md5(n::text)
        from generate_series(1, 55) as n`,
    );
    const data = await page(seller, customer.id);
    expect(data.orders_count).toBe(55);
    expect(data.orders).toHaveLength(50);
    expect(data.orders[0]).toMatchObject({ product_name: 'One year #55', price: 1045, currency: 'EUR', status: 'awaiting_approval', mac_address: '0a:00:00:00:00:01' });
    expect(data.orders.at(-1)!.product_name).toBe('One year #6');

    // Deleting the customer keeps its orders, without it.
    expect((await t.call({ method: 'DELETE', url: `/api/customers/${customer.id}`, token: seller.token })).statusCode).toBe(200);
    const [kept] = await rows<{ n: number }>(t, sql`select count(*)::int as n from store_orders where user_id = ${seller.id} and customer_id is null`);
    expect(kept!.n).toBe(55);
  });

  it("keeps every customer its account's own: another reseller, or the admin, gets 404 on each route with an id and never sees it listed", async () => {
    await fundAccount(t, reseller, 5);
    const mine = await created(reseller, { name: 'Private', email: uniqueEmail('private'), phone: '+44 20 7946 0000' });
    const { mac } = await activatedDevice(t, reseller, [apps[0]!]);
    const linked = (await link(reseller, mine.id, { mac_address: mac, app_id: apps[0] })).json<{ data: CustomerDetail }>().data;
    const deviceId = linked.devices[0]!.device_id;
    const admin = { token: await adminToken(t) } as TestUser;

    for (const stranger of [other, admin]) {
      const calls = [
        { method: 'GET' as const, url: `/api/customers/${mine.id}` },
        { method: 'PUT' as const, url: `/api/customers/${mine.id}`, payload: { name: 'Taken over' } },
        { method: 'DELETE' as const, url: `/api/customers/${mine.id}` },
        { method: 'POST' as const, url: `/api/customers/${mine.id}/devices`, payload: { mac_address: mac, app_id: apps[0] } },
        { method: 'DELETE' as const, url: `/api/customers/${mine.id}/devices/${deviceId}` },
      ];
      for (const call of calls) expectError(await t.call({ ...call, token: stranger.token }), 404, 'CUSTOMER_NOT_FOUND');
      const theirs = await t.call({ method: 'GET', url: '/api/customers', token: stranger.token, query: { search: 'Private' } });
      expect(theirs.json<CustomersAnswer>().data.map((c) => c.id)).not.toContain(mine.id);
      expect((await t.call({ method: 'GET', url: '/api/customers', token: stranger.token, query: { search: mac } })).json<CustomersAnswer>().data).toEqual([]);
      const csv = await t.call({ method: 'GET', url: '/api/customers/export', token: stranger.token });
      expect(csv.body).not.toContain('Private');
    }
    // Untouched by all of it.
    expect(await page(reseller, mine.id)).toEqual(linked);
    expectError(await t.call({ method: 'GET', url: '/api/customers/2147483647', token: reseller.token }), 404, 'CUSTOMER_NOT_FOUND');
  });

  it('exports the search as CSV, headers in the caller\'s language and formula cells neutralised', async () => {
    const seller = await createReseller(t);
    await created(seller, { name: '=HYPERLINK("http://evil.test","x")', email: uniqueEmail('csv'), phone: '+1 555 0100' });
    await created(seller, { name: '@SUM(A1)', language: 'de' });
    await created(seller, { name: 'Not in the search' });
    const res = await t.call({ method: 'GET', url: '/api/customers/export', token: seller.token, lang: 'de', query: { search: '(' } });
    // `(` is below the search's minimum: every customer.
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('customers.csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(CUSTOMERS_CSV_COLUMNS.map((c) => `"${translate('de', `customers.csv.${c}`)}"`).join(','));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(lines[1]).toContain(`"'+1 555 0100"`);
    expect(lines[2]).toContain(`"'@SUM(A1)","","","de","0","0"`);

    const searched = await t.call({ method: 'GET', url: '/api/customers/export', token: seller.token, query: { search: 'SUM(' } });
    expect(searched.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('refuses a caller without the storefront permission', async () => {
    const staff = await createVerifiedUser(t, { permissions: ['tickets list'] });
    for (const call of [
      { method: 'GET' as const, url: '/api/customers' },
      { method: 'GET' as const, url: '/api/customers/export' },
      { method: 'POST' as const, url: '/api/customers', payload: { name: 'X' } },
      { method: 'GET' as const, url: '/api/customers/1' },
      { method: 'GET' as const, url: '/api/storefront/sales' },
    ]) {
      expectError(await t.call({ ...call, token: staff.token }), 403, 'FORBIDDEN');
    }
  });
});
