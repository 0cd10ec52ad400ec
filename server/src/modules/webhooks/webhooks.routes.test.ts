import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createReseller, createVerifiedUser, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { codeAt, makeStepUpStale, turnOn } from '../../../test/two-factor.js';
import { createEndpoint, deliveriesOf, eventually, sleep, startReceiver } from '../../../test/webhooks.js';

const PUBLIC_URL = 'https://93.184.215.14/hooks/panel';

/** The rules of saved URLs and the API's answers, with the default settings: no private addresses. */
describe('webhook endpoints API', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    // No delivery worker: nothing here is sent (the public address is a documentation one).
    t = await createTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: 'hooks.internal.test' } });
    user = await createVerifiedUser(t, { roleName: 'reseller' });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (payload: Record<string, unknown>, options: { token?: string; lang?: string } = {}) =>
    t.call({ method: 'POST', url: '/api/webhooks', token: options.token ?? user.token, lang: options.lang, payload });

  it('creates, lists, updates and deletes an endpoint; the secret is answered by creation only', async () => {
    const res = await create({ url: PUBLIC_URL, events: ['activation.succeeded', 'credit.low'], description: ' Sales bot ' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ data: Record<string, unknown> & { id: number; secret: string } }>().data;
    expect(created).toMatchObject({
      url: PUBLIC_URL,
      description: 'Sales bot',
      events: ['activation.succeeded', 'credit.low'],
      include_sub_resellers: false,
      enabled: true,
      disabled_reason: null,
      previous_secret_expires_at: null,
    });
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    // Stored encrypted.
    const [stored] = await rows<{ secret_encrypted: string }>(t, sql`select secret_encrypted from webhook_endpoints where id = ${created.id}`);
    expect(stored!.secret_encrypted).not.toContain(created.secret.slice(6));

    const list = await t.call({ method: 'GET', url: '/api/webhooks', token: user.token });
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ data: Record<string, unknown>[] }>().data;
    expect(listed.map((e) => e.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    const put = await t.call({
      method: 'PUT',
      url: `/api/webhooks/${created.id}`,
      token: user.token,
      payload: { url: `${PUBLIC_URL}/v2`, events: ['ticket.replied'], include_sub_resellers: true, enabled: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ data: unknown }>().data).toMatchObject({ url: `${PUBLIC_URL}/v2`, events: ['ticket.replied'], description: null, include_sub_resellers: true, enabled: false });
    expectError(await t.call({ method: 'POST', url: `/api/webhooks/${created.id}/test`, token: user.token }), 409, 'WEBHOOK_DISABLED');

    const del = await t.call({ method: 'DELETE', url: `/api/webhooks/${created.id}`, token: user.token });
    expect(del.statusCode).toBe(200);
    expectError(await t.call({ method: 'DELETE', url: `/api/webhooks/${created.id}`, token: user.token }), 404, 'WEBHOOK_NOT_FOUND');

    const audit = await rows<{ action: string; details: Record<string, unknown> }>(
      t,
      sql`select action, details from audit_log where target_type = 'webhook' and target_id = ${String(created.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['webhook.created', 'webhook.updated', 'webhook.deleted']);
    expect(audit[0]!.details).toEqual({ host: '93.184.215.14', events: ['activation.succeeded', 'credit.low'], include_sub_resellers: false });
    expect(JSON.stringify(audit)).not.toContain('/hooks/panel');
  });

  it('refuses a bad URL with the reason on `url`, in the caller\'s language', async () => {
    const cases: [string, string, Record<string, string>?][] = [
      ['ftp://93.184.215.14/x', 'validation.webhookUrlInvalid'],
      ['not a url', 'validation.webhookUrlInvalid'],
      ['https://bot:secret@93.184.215.14/x', 'validation.webhookUrlCredentials'],
      ['http://93.184.215.14/x', 'validation.webhookUrlHttps'],
      ['https://127.0.0.1/x', 'validation.webhookUrlPrivate', { address: '127.0.0.1' }],
      ['https://localhost:8443/x', 'validation.webhookUrlPrivate'],
      ['https://10.1.2.3/x', 'validation.webhookUrlPrivate', { address: '10.1.2.3' }],
      ['https://192.168.0.10/x', 'validation.webhookUrlPrivate', { address: '192.168.0.10' }],
      ['https://169.254.169.254/latest/meta-data', 'validation.webhookUrlPrivate', { address: '169.254.169.254' }],
      ['https://100.64.0.1/x', 'validation.webhookUrlPrivate', { address: '100.64.0.1' }],
      ['https://0.0.0.0/x', 'validation.webhookUrlPrivate', { address: '0.0.0.0' }],
      ['https://[::1]/x', 'validation.webhookUrlPrivate', { address: '::1' }],
      ['https://[fd00::1]/x', 'validation.webhookUrlPrivate', { address: 'fd00::1' }],
      ['https://[fe80::1]/x', 'validation.webhookUrlPrivate', { address: 'fe80::1' }],
      ['https://[::ffff:127.0.0.1]/x', 'validation.webhookUrlPrivate', { address: '::ffff:7f00:1' }],
      // Another spelling of 127.0.0.1 is still 127.0.0.1.
      ['https://2130706433/x', 'validation.webhookUrlPrivate', { address: '127.0.0.1' }],
    ];
    for (const [url, key, params] of cases) {
      const res = await create({ url, events: ['credit.low'] });
      const body = expectError(res, 422, 'VALIDATION') as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors), url).toEqual(['url']);
      const expected = params ? [params] : [{ address: '127.0.0.1' }, { address: '::1' }];
      expect(expected.map((p) => translate('en', key, { field: 'URL', ...p })), url).toContain(body.errors.url![0]);
    }
    const arabic = await create({ url: 'https://127.0.0.1/x', events: ['credit.low'] }, { lang: 'ar' });
    expect((arabic.json<{ errors: Record<string, string[]> }>().errors.url ?? [])[0]).toBe(translate('ar', 'validation.webhookUrlPrivate', { address: '127.0.0.1' }));

    expectFieldErrors(await create({ url: `https://93.184.215.14/${'a'.repeat(WEBHOOK_URL_MAX)}`, events: ['credit.low'] }), {
      url: [translate('en', 'validation.tooLong', { field: 'URL', max: WEBHOOK_URL_MAX })],
    });
    // A listed host may be reached over http, wherever it resolves.
    const listed = await create({ url: 'http://hooks.internal.test:8080/x', events: ['credit.low'] });
    expect(listed.statusCode, listed.body).toBe(201);
  });

  it('refuses unknown events listing the valid ones, and an empty list', async () => {
    const unknown = await create({ url: PUBLIC_URL, events: ['credit.low', 'device.stolen'] });
    const body = expectError(unknown, 422, 'VALIDATION') as { errors: Record<string, string[]> };
    expect(body.errors).toEqual({ 'events.1': [translate('en', 'validation.webhookEvent', { values: WEBHOOK_EVENT_TYPES.join(', ') })] });
    for (const type of WEBHOOK_EVENT_TYPES) expect(body.errors['events.1']![0]).toContain(type);
    // The test event is the test button's only.
    expectError(await create({ url: PUBLIC_URL, events: ['webhook.test'] }), 422, 'VALIDATION');
    expectFieldErrors(await create({ url: PUBLIC_URL, events: [] }), { events: [translate('en', 'validation.webhookEventsRequired')] });
  });

  it("answers 404 for another account's endpoint and delivery", async () => {
    const other = await createVerifiedUser(t, { roleName: 'reseller' });
    {
      const theirs = await createEndpoint(t, other.token, { url: PUBLIC_URL });
      await t.call({ method: 'POST', url: `/api/webhooks/${theirs.id}/test`, token: other.token });
      const [delivery] = await rows<{ id: number }>(t, sql`select id from webhook_deliveries where endpoint_id = ${theirs.id}`);
      const calls = [
        { method: 'PUT' as const, url: `/api/webhooks/${theirs.id}`, payload: { url: PUBLIC_URL, events: ['credit.low'] } },
        { method: 'DELETE' as const, url: `/api/webhooks/${theirs.id}` },
        { method: 'POST' as const, url: `/api/webhooks/${theirs.id}/test` },
        { method: 'POST' as const, url: `/api/webhooks/${theirs.id}/roll-secret`, payload: {} },
        { method: 'GET' as const, url: `/api/webhooks/${theirs.id}/secret` },
        { method: 'GET' as const, url: `/api/webhooks/${theirs.id}/deliveries` },
      ];
      for (const call of calls) expectError(await t.call({ ...call, token: user.token }), 404, 'WEBHOOK_NOT_FOUND');
      expectError(await t.call({ method: 'POST', url: `/api/webhook-deliveries/${delivery!.id}/redeliver`, token: user.token }), 404, 'WEBHOOK_DELIVERY_NOT_FOUND');
      const mine = await t.call({ method: 'GET', url: '/api/webhooks', token: user.token });
      expect(mine.json<{ data: { id: number }[] }>().data.map((e) => e.id)).not.toContain(theirs.id);
    }
  });

  it(`keeps an account to ${WEBHOOK_ENDPOINTS_MAX} endpoints`, async () => {
    const owner = await createVerifiedUser(t, { roleName: 'reseller' });
    const results = await Promise.all(
      Array.from({ length: WEBHOOK_ENDPOINTS_MAX + 2 }, (_, i) => create({ url: `${PUBLIC_URL}/${i}`, events: ['credit.low'] }, { token: owner.token })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
    for (const r of results.filter((x) => x.statusCode !== 201)) expectError(r, 409, 'WEBHOOK_LIMIT', translate('en', 'errors.webhookLimit', { max: WEBHOOK_ENDPOINTS_MAX }));
  });

  it('shows the secret again and rolls it only after a step-up when the account has a second factor', async () => {
    const guarded = await turnOn(t, await createVerifiedUser(t, { roleName: 'reseller' }));
    const endpoint = await createEndpoint(t, guarded.token, { url: PUBLIC_URL });
    await makeStepUpStale(t, guarded.id);
    expectError(await t.call({ method: 'GET', url: `/api/webhooks/${endpoint.id}/secret`, token: guarded.token }), 403, 'STEP_UP_REQUIRED');
    expectError(await t.call({ method: 'POST', url: `/api/webhooks/${endpoint.id}/roll-secret`, token: guarded.token, payload: {} }), 403, 'STEP_UP_REQUIRED');
    const [unchanged] = await rows<{ previous_secret_encrypted: string | null }>(t, sql`select previous_secret_encrypted from webhook_endpoints where id = ${endpoint.id}`);
    expect(unchanged!.previous_secret_encrypted).toBeNull();

    const confirmed = await t.call({ method: 'POST', url: '/api/step-up', token: guarded.token, payload: { code: codeAt(guarded.secret) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const shown = await t.call({ method: 'GET', url: `/api/webhooks/${endpoint.id}/secret`, token: guarded.token });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<{ data: { secret: string } }>().data.secret).toBe(endpoint.secret);
    const rolled = await t.call({ method: 'POST', url: `/api/webhooks/${endpoint.id}/roll-secret`, token: guarded.token });
    expect(rolled.statusCode, rolled.body).toBe(200);
    // Without a second factor, no step-up is asked.
    const plain = await createEndpoint(t, user.token, { url: PUBLIC_URL });
    expect((await t.call({ method: 'GET', url: `/api/webhooks/${plain.id}/secret`, token: user.token })).statusCode).toBe(200);
  });

  it('is a permission of the default reseller and sub-reseller roles', async () => {
    const parent = await createReseller(t);
    const sub = await createReseller(t, { parent });
    for (const account of [parent, sub]) {
      const res = await t.call({ method: 'GET', url: '/api/webhooks', token: account.token });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [grants] = await rows<{ roles: string[] }>(
      t,
      sql`select array_agg(lower(r.name) order by r.name) as roles from role_permissions rp join roles r on r.id = rp.role_id join permissions p on p.id = rp.permission_id where p.name = 'webhooks'`,
    );
    expect(grants!.roles).toEqual(expect.arrayContaining(['admin', 'reseller', 'sub-reseller']));
  });

  it('pages the deliveries newest first', async () => {
    const endpoint = await createEndpoint(t, user.token, { url: PUBLIC_URL });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await t.call({ method: 'POST', url: `/api/webhooks/${endpoint.id}/test`, token: user.token })).json<{ data: { event_id: string } }>().data.event_id);
    const page1 = await t.call({ method: 'GET', url: `/api/webhooks/${endpoint.id}/deliveries?limit=2`, token: user.token });
    expect(page1.statusCode, page1.body).toBe(200);
    const one = page1.json<{ data: { event_id: string }[]; meta: unknown }>();
    expect(one.data.map((d) => d.event_id)).toEqual([ids[2], ids[1]]);
    expect(one.meta).toEqual({ current_page: 1, per_page: 2, has_more: true });
    const two = (await t.call({ method: 'GET', url: `/api/webhooks/${endpoint.id}/deliveries?limit=2&page=2`, token: user.token })).json<{ data: { event_id: string }[]; meta: { has_more: boolean } }>();
    expect(two.data.map((d) => d.event_id)).toEqual([ids[0]]);
    expect(two.meta.has_more).toBe(false);
  });

  it("is in the OpenAPI document: every event type in the endpoint calls, each one's data as a component", async () => {
    type Schema = { properties: Record<string, unknown>; required: string[] };
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description: string }>>;
      components: { schemas: Record<string, Schema> };
    }>();
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(doc.paths['/api/webhooks']!.post!.description).toContain(`\`${type}\``);
      expect(doc.components.schemas[`WebhookEvent.${type}`]?.required).toContain('account_id');
    }
    expect(Object.keys(doc.components.schemas['WebhookEvent.activation.undone']!.properties).sort()).toEqual(
      ['account_id', 'activation_id', 'app', 'balance_after', 'device', 'ledger_id', 'package', 'refunded_points'],
    );
    expect(doc.components.schemas['WebhookEvent.code.deleted']!.properties).toEqual({
      account_id: { type: 'number' },
      code: expect.objectContaining({ properties: { id: { type: 'number' }, last4: { type: 'string' }, type: { type: 'string', enum: ['yearly', 'lifetime'] } } }),
      refunded_points: { type: 'number' },
    });
  });
});

/** Addresses are checked again on the address each delivery connects to (DNS may answer otherwise later). */
describe('webhook deliveries to refused addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webhooks: { pollMs: 100, timeoutMs: 1000 }, env: { WEBHOOK_RETRY_SCHEDULE: '60' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a private address at delivery, by name or number, without connecting', async () => {
    const user = await createVerifiedUser(t, { roleName: 'reseller' });
    const r = await startReceiver();
    try {
      for (const host of ['localhost', '127.0.0.1']) {
        const endpoint = await createEndpoint(t, user.token, { url: PUBLIC_URL });
        // As if the name resolved elsewhere after it was saved (https: the scheme rule passes).
        await t.database.db.execute(sql`update webhook_endpoints set url = ${`https://${host}:${r.port}/hook`} where id = ${endpoint.id}`);
        await t.call({ method: 'POST', url: `/api/webhooks/${endpoint.id}/test`, token: user.token });
        const [delivery] = await eventually(async () => {
          const list = await deliveriesOf(t, user.token, endpoint.id);
          expect(list[0]?.attempts).toHaveLength(1);
          return list;
        });
        expect(delivery!.attempts[0]).toMatchObject({ status_code: null, error: 'address_refused' });
        expect(delivery!.status).toBe('pending');
      }
      await sleep(200);
      expect(r.received).toHaveLength(0);
    } finally {
      await r.close();
    }
  });
});
