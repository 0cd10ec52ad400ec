import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, translate, type ApiKeyScope, type ScopedApiKey } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, createReseller, expectError, expectFieldErrors, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant, fundedAdmin, ledgerCount, recharge, setPasscode } from '../../../test/credit.js';
import { applicationIds } from '../../../test/fixtures.js';
import { registerDevice, uniqueMac } from '../../../test/devices.js';
import { codeAt, makeStepUpStale, turnOn } from '../../../test/two-factor.js';
import { ROUTE_SCOPES, scopeNeeded } from '../../http/api-key-scopes.js';

let t: TestApp;
let admin: string;
let apps: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 100_000);
  apps = await applicationIds(t);
});
afterAll(() => t.close());

const en = (key: string, params: Record<string, string | number> = {}) => translate('en', key, params);

/** A reseller with API access (given by the admin), `points` credits and a passcode. */
async function apiReseller(points = 0, parent?: TestUser): Promise<TestUser> {
  const r = await createReseller(t, { applications: apps.slice(0, 2), ...(parent ? { parent } : {}) });
  const res = await t.call({ method: 'POST', url: `/api/resellers/${r.id}/enable-api-access`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  if (points > 0) expect((await recharge(t, admin, { email: r.email, points })).statusCode).toBe(200);
  await setPasscode(t, r.token);
  return r;
}

const create = (token: string, payload: Record<string, unknown>, lang?: string) => t.call({ method: 'POST', url: '/api/api-keys', token, payload, lang });

async function newKey(user: TestUser, scopes: ApiKeyScope[], cap?: number | null): Promise<ScopedApiKey & { key: string }> {
  const res = await create(user.token, { name: `bot ${scopes.join('+')}`, scopes, ...(cap !== undefined ? { daily_spend_cap: cap } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ScopedApiKey & { key: string } }>().data;
}

const listOf = async (token: string) => {
  const res = await t.call({ method: 'GET', url: '/api/api-keys', token });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

/** A confirmed 1-Year activation of a fresh MAC in the first app (1 credit). */
async function activate(token: string, remoteAddress?: string) {
  const mac = uniqueMac();
  await registerDevice(t, { appId: apps[0]!, mac });
  return t.call({
    method: 'POST',
    url: '/api/bulk-multi-app-activate',
    token,
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: { requestData: { is_trial: 3, macAddress: mac, isConfirmed: true, app_ids: [apps[0]!] } },
  });
}

describe('POST /api/api-keys', () => {
  it('answers the key once; the list shows its first characters, never the key; the audit row names it without the key', async () => {
    const r = await apiReseller();
    const res = await create(r.token, { name: '  WhatsApp bot ', scopes: ['activate', 'read'], daily_spend_cap: 5 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ msg: string; data: ScopedApiKey & { key: string } }>();
    expect(body.msg).toBe(en('success.apiKeyCreated'));
    const { key, ...shown } = body.data;
    expect(key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(shown).toMatchObject({ name: 'WhatsApp bot', prefix: key.slice(0, 12), scopes: ['read', 'activate'], daily_spend_cap: 5, spent_today: 0, last_used_at: null, revoked_at: null });

    const list = await listOf(r.token);
    expect(list.body).not.toContain(key);
    expect(list.json<{ data: ScopedApiKey[] }>().data).toEqual([shown]);
    const [stored] = await rows<{ key_hash: string }>(t, sql`select key_hash from api_keys where id = ${shown.id}`);
    expect(stored!.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const audits = await rows<{ action: string; details: unknown; target_id: string }>(t, sql`select action, details, target_id from audit_log where target_type = 'api_key' and target_id = ${String(shown.id)}`);
    expect(audits).toEqual([{ action: 'api_key.created', target_id: String(shown.id), details: { name: 'WhatsApp bot', scopes: 'read, activate', daily_spend_cap: 5 } }]);
    expect(JSON.stringify(audits)).not.toContain(key.slice(4, 12));
  });

  it('asks a step-up first when the account has a second factor', async () => {
    const r = await turnOn(t, await apiReseller());
    await makeStepUpStale(t, r.id);
    expectError(await create(r.token, { name: 'bot', scopes: ['read'] }), 403, 'STEP_UP_REQUIRED');
    expect(await rows(t, sql`select id from api_keys where user_id = ${r.id}`)).toEqual([]);
    const step = await t.call({ method: 'POST', url: '/api/step-up', token: r.token, payload: { code: codeAt(r.secret) } });
    expect(step.statusCode, step.body).toBe(200);
    expect((await create(r.token, { name: 'bot', scopes: ['read'] })).statusCode).toBe(201);
  });

  it('answers 422 with field messages for bad input', async () => {
    const r = await apiReseller();
    expectFieldErrors(await create(r.token, { name: ' ', scopes: [], daily_spend_cap: 0 }), {
      name: [en('validation.required', { field: en('fields.name') })],
      scopes: [en('validation.apiKeyScopesRequired')],
      daily_spend_cap: [en('validation.apiKeyCap')],
    });
    const res = await create(r.token, { name: 'x'.repeat(65), scopes: ['read', 'admin'], daily_spend_cap: 1.5 });
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors['scopes.1']).toEqual([en('validation.apiKeyScope')]);
    expect(errors.daily_spend_cap).toEqual([en('validation.apiKeyCap')]);
    expect(Object.keys(errors)).toContain('name');
    expectFieldErrors(await create(r.token, { name: 'bot', scopes: ['read', 'read'] }), { scopes: [en('validation.apiKeyScopesRequired')] });
    expect(await rows(t, sql`select id from api_keys where user_id = ${r.id}`)).toEqual([]);
  });

  it('refuses admin accounts, which have no API key', async () => {
    expectError(await create(await adminToken(t), { name: 'bot', scopes: ['read'] }), 403, 'C10014', en('errors.apiKeyAdmin'));
  });
});

describe('what a scoped key may call', () => {
  it('reads with `read`, and is refused an activation (403 naming `activate`, nothing charged)', async () => {
    const r = await apiReseller(10);
    const { key } = await newKey(r, ['read']);
    const profile = await t.call({ method: 'GET', url: '/api/profile', token: key });
    expect(profile.statusCode, profile.body).toBe(200);
    const check = await t.call({ method: 'POST', url: '/api/check-device-status-multi-app', token: key, payload: { macAddress: uniqueMac(), app_id: [apps[0]!] } });
    expect(check.json<{ code?: string }>().code).not.toBe('API_KEY_SCOPE');
    const ledger = await ledgerCount(t);
    expectError(await activate(key), 403, 'API_KEY_SCOPE', en('errors.apiKeyScope', { scope: 'activate' }));
    const german = await t.call({ method: 'POST', url: '/api/sendingcode', token: key, lang: 'de', payload: { subscriptionType: 'yearly', codeCount: 1 } });
    expectError(german, 403, 'API_KEY_SCOPE', translate('de', 'errors.apiKeyScope', { scope: 'activate' }));
    expect(await balanceOf(t, r.id)).toBe(10);
    expect(await ledgerCount(t)).toBe(ledger);
  });

  it('cannot move credit without `credit` (403 naming it), and can with it', async () => {
    const r = await apiReseller(10);
    const sub = await createReseller(t, { parent: r });
    const without = await newKey(r, ['read', 'activate', 'webhooks']);
    expectError(await recharge(t, without.key, { email: sub.email, points: 2 }), 403, 'API_KEY_SCOPE', en('errors.apiKeyScope', { scope: 'credit' }));
    expect(await balanceOf(t, sub.id)).toBe(0);
    const withCredit = await newKey(r, ['credit']);
    const moved = await recharge(t, withCredit.key, { email: sub.email, points: 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await balanceOf(t, sub.id)).toBe(2);
    expect(await balanceOf(t, r.id)).toBe(8);
    await expectLedgerInvariant(t);
  });

  it('never gives more than the account\'s permissions: a sub-reseller\'s `credit` key still cannot recharge', async () => {
    const parent = await apiReseller();
    const sub = await apiReseller(0, parent);
    const { key } = await newKey(sub, ['credit', 'read']);
    expectError(await recharge(t, key, { email: parent.email, points: 1 }), 403, 'FORBIDDEN');
  });

  it('is refused every call no scope covers, key management included', async () => {
    const r = await apiReseller();
    const { key, id } = await newKey(r, ['read', 'activate', 'credit', 'webhooks']);
    const noScope = en('errors.apiKeyNoScope');
    expectError(await t.call({ method: 'PUT', url: '/api/profile/update', token: key, payload: { name: 'Bot' } }), 403, 'API_KEY_SCOPE', noScope);
    expectError(await t.call({ method: 'GET', url: '/api/api-keys', token: key }), 403, 'API_KEY_SCOPE', noScope);
    expectError(await create(key, { name: 'child', scopes: ['read'] }), 403, 'API_KEY_SCOPE', noScope);
    expectError(await t.call({ method: 'DELETE', url: `/api/api-keys/${id}`, token: key }), 403, 'API_KEY_SCOPE', noScope);
    expectError(await t.call({ method: 'GET', url: '/api/sessions', token: key }), 403, 'API_KEY_SCOPE', noScope);
  });

  it('every call the scope table lists is a route of the app', () => {
    // The sandbox's test credit exists only under /api/sandbox, which this app does not serve.
    for (const call of Object.keys(ROUTE_SCOPES).filter((c) => c !== 'POST /test-credit')) {
      const [method, path] = call.split(' ');
      expect(t.app.hasRoute({ method: method as 'GET', url: `/api${path}` }), call).toBe(true);
    }
  });

  it('maps the webhook routes by prefix, whatever their method, and reads to `read`', () => {
    expect(scopeNeeded('GET', '/api/webhooks')).toBe('webhooks');
    expect(scopeNeeded('POST', '/api/webhooks/:id/roll-secret')).toBe('webhooks');
    expect(scopeNeeded('POST', '/api/sandbox/webhook-deliveries/:id/redeliver')).toBe('webhooks');
    expect(scopeNeeded('GET', '/api/webhooks-elsewhere')).toBe('read');
    expect(scopeNeeded('GET', '/api/activation-codes')).toBe('read');
    expect(scopeNeeded('POST', '/api/sandbox/bulk-multi-app-activate')).toBe('activate');
    expect(scopeNeeded('POST', '/api/create-ticket')).toBe('session');
    expect(scopeNeeded('GET', '/api/api-keys')).toBe('session');
    // The legacy key is every scope at once: a scoped key never reads it.
    expect(scopeNeeded('GET', '/api/resellers/:id/get-api-key')).toBe('session');
  });
});

describe('a key authenticates while it and its account may', () => {
  it('stops at once when revoked; revoking it again changes nothing', async () => {
    const r = await apiReseller();
    const { key, id } = await newKey(r, ['read']);
    expect((await t.call({ method: 'GET', url: '/api/profile', token: key })).statusCode).toBe(200);
    const res = await t.call({ method: 'DELETE', url: `/api/api-keys/${id}`, token: r.token });
    expect(res.json()).toEqual({ status: true, msg: en('success.apiKeyRevoked') });
    expectError(await t.call({ method: 'GET', url: '/api/profile', token: key }), 401, 'C10002');
    expect((await t.call({ method: 'DELETE', url: `/api/api-keys/${id}`, token: r.token })).statusCode).toBe(200);
    const [listed] = (await listOf(r.token)).json<{ data: ScopedApiKey[] }>().data;
    expect(listed!.revoked_at).not.toBeNull();
    const actions = await rows<{ action: string }>(t, sql`select action from audit_log where target_type = 'api_key' and target_id = ${String(id)} order by id`);
    expect(actions.map((a) => a.action)).toEqual(['api_key.created', 'api_key.revoked']);
    expectError(await t.call({ method: 'PATCH', url: `/api/api-keys/${id}`, token: r.token, payload: { name: 'again' } }), 404, 'API_KEY_NOT_FOUND');
  });

  it('answers API_ACCESS_DISABLED without API access, and authenticates nothing once the account is disabled or removed', async () => {
    const r = await apiReseller();
    const { key } = await newKey(r, ['read']);
    expect((await t.call({ method: 'POST', url: `/api/resellers/${r.id}/disable-api-access`, token: admin })).statusCode).toBe(200);
    expectError(await t.call({ method: 'GET', url: '/api/profile', token: key }), 403, 'API_ACCESS_DISABLED', 'API access is off for this account; ask your admin to enable it.');
    expect((await listOf(r.token)).json()).toMatchObject({ api_access: false });
    expect((await t.call({ method: 'POST', url: `/api/resellers/${r.id}/enable-api-access`, token: admin })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/profile', token: key })).statusCode).toBe(200);
    await t.database.db.execute(sql`update users set is_disable_by_admin = 1 where id = ${r.id}`);
    expectError(await t.call({ method: 'GET', url: '/api/profile', token: key }), 401, 'C10002');
    await t.database.db.execute(sql`update users set is_disable_by_admin = 0, deleted_at = now() where id = ${r.id}`);
    expectError(await t.call({ method: 'GET', url: '/api/profile', token: key }), 401, 'C10002');
  });

  it('records its last use (time and address), at most once a minute', async () => {
    const r = await apiReseller();
    const { key, id } = await newKey(r, ['read']);
    await t.call({ method: 'GET', url: '/api/profile', token: key, remoteAddress: '10.77.0.1' });
    const first = (await listOf(r.token)).json<{ data: ScopedApiKey[] }>().data.find((k) => k.id === id)!;
    expect(first.last_used_ip).toBe('10.77.0.1');
    expect(Date.now() - Date.parse(first.last_used_at!)).toBeLessThan(60_000);
    // Within the minute: no write.
    await t.call({ method: 'GET', url: '/api/profile', token: key, remoteAddress: '10.77.0.2' });
    expect((await listOf(r.token)).json<{ data: ScopedApiKey[] }>().data.find((k) => k.id === id)!.last_used_ip).toBe('10.77.0.1');
    await t.database.db.execute(sql`update api_keys set last_used_at = now() - interval '2 minutes' where id = ${id}`);
    await t.call({ method: 'GET', url: '/api/profile', token: key, remoteAddress: '10.77.0.3' });
    expect((await listOf(r.token)).json<{ data: ScopedApiKey[] }>().data.find((k) => k.id === id)!.last_used_ip).toBe('10.77.0.3');
  });

  it('the legacy single key still works with every scope, and manages no scoped key', async () => {
    const r = await apiReseller(10);
    const sub = await createReseller(t, { parent: r });
    const legacy = (await t.call({ method: 'GET', url: `/api/resellers/${r.id}/get-api-key`, token: admin })).json<{ data: { api_key: string } }>().data.api_key;
    expect((await t.call({ method: 'GET', url: '/api/profile', token: legacy })).statusCode).toBe(200);
    expect((await activate(legacy)).statusCode).toBe(200);
    expect((await recharge(t, legacy, { email: sub.email, points: 1 })).statusCode).toBe(200);
    expect(await balanceOf(t, r.id)).toBe(8);
    expectError(await t.call({ method: 'GET', url: '/api/api-keys', token: legacy }), 403, 'SESSION_REQUIRED', en('errors.apiKeySessionRequired'));
    expectError(await create(legacy, { name: 'x', scopes: ['read'] }), 403, 'SESSION_REQUIRED');
  });
});

describe('PATCH and DELETE /api/api-keys/:id', () => {
  it('renames and changes the cap (a new cap after a step-up when the account has a factor); another account\'s key is not found', async () => {
    const r = await apiReseller();
    const { id } = await newKey(r, ['activate'], 3);
    const renamed = await t.call({ method: 'PATCH', url: `/api/api-keys/${id}`, token: r.token, payload: { name: 'Telegram bot' } });
    expect(renamed.json()).toMatchObject({ status: true, msg: en('success.apiKeyUpdated'), data: { id, name: 'Telegram bot', daily_spend_cap: 3 } });
    const uncapped = await t.call({ method: 'PATCH', url: `/api/api-keys/${id}`, token: r.token, payload: { daily_spend_cap: null } });
    expect(uncapped.json()).toMatchObject({ data: { daily_spend_cap: null } });
    expectFieldErrors(await t.call({ method: 'PATCH', url: `/api/api-keys/${id}`, token: r.token, payload: { daily_spend_cap: -1 } }), {
      daily_spend_cap: [en('validation.apiKeyCap')],
    });

    const other = await apiReseller();
    expectError(await t.call({ method: 'PATCH', url: `/api/api-keys/${id}`, token: other.token, payload: { name: 'mine' } }), 404, 'API_KEY_NOT_FOUND');
    expectError(await t.call({ method: 'DELETE', url: `/api/api-keys/${id}`, token: other.token }), 404, 'API_KEY_NOT_FOUND');
    expect((await listOf(other.token)).json().data).toEqual([]);

    const withFactor = await turnOn(t, other);
    expect((await t.call({ method: 'POST', url: '/api/step-up', token: withFactor.token, payload: { code: codeAt(withFactor.secret) } })).statusCode).toBe(200);
    const own = await newKey(withFactor, ['read'], 1);
    await makeStepUpStale(t, withFactor.id);
    expectError(await t.call({ method: 'PATCH', url: `/api/api-keys/${own.id}`, token: withFactor.token, payload: { daily_spend_cap: 100 } }), 403, 'STEP_UP_REQUIRED');
    expect((await t.call({ method: 'PATCH', url: `/api/api-keys/${own.id}`, token: withFactor.token, payload: { name: 'renamed' } })).statusCode).toBe(200);
  });
});

describe('the daily spend cap', () => {
  it('charges activations and code purchases up to the cap, then answers 403 and charges nothing', async () => {
    const r = await apiReseller(20);
    const { key, id } = await newKey(r, ['activate'], 3);
    expect((await activate(key)).statusCode).toBe(200);
    expect((await activate(key)).statusCode).toBe(200);
    const code = await t.call({ method: 'POST', url: '/api/sendingcode', token: key, payload: { subscriptionType: 'yearly', codeCount: 1 } });
    expect(code.statusCode, code.body).toBe(200);
    const ledger = await ledgerCount(t);
    expectError(await activate(key), 403, 'API_KEY_SPEND_CAP', en('errors.apiKeySpendCap', { cost: 1, spent: 3, cap: 3 }));
    expectError(
      await t.call({ method: 'POST', url: '/api/sendingcode', token: key, payload: { subscriptionType: 'yearly', codeCount: 1 } }),
      403,
      'API_KEY_SPEND_CAP',
    );
    expect(await balanceOf(t, r.id)).toBe(17);
    expect(await ledgerCount(t)).toBe(ledger);
    const listed = (await listOf(r.token)).json<{ data: ScopedApiKey[] }>().data.find((k) => k.id === id)!;
    expect(listed).toMatchObject({ daily_spend_cap: 3, spent_today: 3 });
    // The account's session is not the key: it still activates.
    expect((await activate(r.token)).statusCode).toBe(200);
    // A raised cap lets the key spend again.
    await t.call({ method: 'PATCH', url: `/api/api-keys/${id}`, token: r.token, payload: { daily_spend_cap: 4 } });
    expect((await activate(key)).statusCode).toBe(200);
    expect(await balanceOf(t, r.id)).toBe(15);
    await expectLedgerInvariant(t);
  });

  it('counts the spend of an uncapped key too, and a cost larger than the cap is refused at once', async () => {
    const r = await apiReseller(10);
    const free = await newKey(r, ['activate']);
    expect((await activate(free.key)).statusCode).toBe(200);
    expect((await listOf(r.token)).json<{ data: ScopedApiKey[] }>().data.find((k) => k.id === free.id)!.spent_today).toBe(1);
    const small = await newKey(r, ['activate'], 1);
    expectError(
      await t.call({ method: 'POST', url: '/api/sendingcode', token: small.key, payload: { subscriptionType: 'lifetime', codeCount: 1 } }),
      403,
      'API_KEY_SPEND_CAP',
    );
    expect(await balanceOf(t, r.id)).toBe(9);
  });
});

describe('a refund gives the key its daily spend back (issue 27)', () => {
  const spentToday = async (token: string, id: number) => (await listOf(token)).json<{ data: ScopedApiKey[] }>().data.find((k) => k.id === id)!.spent_today;
  const activationIdOf = (res: { json: <T>() => T }) => res.json<{ activated_devices: { activation_id: number }[] }>().activated_devices[0]!.activation_id;
  const undo = (token: string, id: number) => t.call({ method: 'POST', url: `/api/activations/${id}/undo`, token });

  it('an undo the same day lets a key with cap 3 that spent 3 spend 3 again; a deleted code gives its price back too', async () => {
    const r = await apiReseller(20);
    const { key, id } = await newKey(r, ['activate'], 3);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await activate(key);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(activationIdOf(res));
    }
    expectError(await activate(key), 403, 'API_KEY_SPEND_CAP');
    // Which key paid which ledger row is recorded in the spend's transaction, for the Activity screen and the refund.
    const spends = await rows<{ details: { name: string; amount: number } }>(t, sql`select details from audit_log where action = 'api_key.spent' and target_id = ${String(id)}`);
    expect(spends.map((a) => a.details)).toEqual(Array(3).fill(expect.objectContaining({ name: 'bot activate', amount: 1 })));

    // The undo may be asked by the session: the refund follows the key that paid.
    for (const activation of ids) expect((await undo(r.token, activation)).statusCode).toBe(200);
    expect(await spentToday(r.token, id)).toBe(0);
    for (let i = 0; i < 3; i++) expect((await activate(key)).statusCode).toBe(200);
    expectError(await activate(key), 403, 'API_KEY_SPEND_CAP');

    const other = await newKey(r, ['activate'], 1);
    const code = await t.call({ method: 'POST', url: '/api/sendingcode', token: other.key, payload: { subscriptionType: 'yearly', codeCount: 1 } });
    expect(code.statusCode, code.body).toBe(200);
    expect(await spentToday(r.token, other.id)).toBe(1);
    const value = code.json<{ data: { value: string }[] }>().data[0]!.value;
    expect((await t.call({ method: 'POST', url: '/api/delete-code', token: r.token, payload: { value } })).json()).toMatchObject({ refunded_points: 1 });
    expect(await spentToday(r.token, other.id)).toBe(0);
    // The other key's refund left this one's day alone.
    expect(await spentToday(r.token, id)).toBe(3);
    await expectLedgerInvariant(t);
  });

  it('a refund another day changes nothing, and a session\'s spend refunds no key', async () => {
    const r = await apiReseller(20);
    const { key, id } = await newKey(r, ['activate'], 3);
    const made = await activate(key);
    expect(made.statusCode, made.body).toBe(200);
    const activation = activationIdOf(made);
    // The spend as if made yesterday: the key's day, its record and the activation a day back, within a 48-hour window.
    await t.database.db.execute(sql`update api_key_spend set day = current_date - 1 where key_id = ${id}`);
    await t.database.db.execute(sql`update audit_log set created_at = created_at - interval '1 day',
      details = jsonb_set(details, '{day}', to_jsonb((current_date - 1)::text)) where action = 'api_key.spent' and target_id = ${String(id)}`);
    await t.database.db.execute(sql`update activations set created_at = created_at - interval '1 day' where id = ${activation}`);
    expect((await t.call({ method: 'PATCH', url: '/api/settings/activation-undo', token: admin, payload: { undo_window_hours: 48 } })).statusCode).toBe(200);
    try {
      expect((await undo(r.token, activation)).statusCode).toBe(200);
    } finally {
      await t.call({ method: 'PATCH', url: '/api/settings/activation-undo', token: admin, payload: { undo_window_hours: 24 } });
    }
    const days = await rows<{ spent: number; yesterday: boolean }>(t, sql`select spent::int as spent, day = current_date - 1 as yesterday from api_key_spend where key_id = ${id}`);
    expect(days).toEqual([{ spent: 1, yesterday: true }]);
    expect(await spentToday(r.token, id)).toBe(0);

    // Today: the key spends 2 of its 3, then a session's activation is undone: the key's day stays at 2.
    expect((await activate(key)).statusCode).toBe(200);
    expect((await activate(key)).statusCode).toBe(200);
    const bySession = await activate(r.token);
    expect((await undo(r.token, activationIdOf(bySession))).statusCode).toBe(200);
    expect(await spentToday(r.token, id)).toBe(2);
  });
});

describe('in the sandbox', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ env: { SANDBOX_ENABLED: 'true' } });
  });
  afterAll(() => s.close());

  it('a capped key spends against its cap in the sandbox only, never its live spend', async () => {
    const sAdmin = await adminToken(s);
    const [app] = await applicationIds(s);
    const r = await createReseller(s, { applications: [app!] });
    expect((await s.call({ method: 'POST', url: `/api/resellers/${r.id}/enable-api-access`, token: sAdmin })).statusCode).toBe(200);
    const created = await s.call({ method: 'POST', url: '/api/api-keys', token: r.token, payload: { name: 'bot', scopes: ['activate', 'credit'], daily_spend_cap: 1 } });
    const { key, id } = created.json<{ data: { key: string; id: number } }>().data;
    expect((await s.call({ method: 'POST', url: '/api/sandbox/test-credit', token: key, payload: { credit_points: 10 } })).statusCode).toBe(200);
    const activateInSandbox = async () => {
      const mac = uniqueMac();
      await s.call({ method: 'POST', url: '/api/sandbox/player/register', payload: { app_id: app, mac_address: mac, device_secret: 'q3V9xYw2bN7kLm4pR8tZ1a' } });
      return s.call({
        method: 'POST',
        url: '/api/sandbox/bulk-multi-app-activate',
        token: key,
        payload: { requestData: { is_trial: 3, macAddress: mac, isConfirmed: true, app_ids: [app!] } },
      });
    };
    const first = await activateInSandbox();
    expect(first.statusCode, first.body).toBe(200);
    expectError(await activateInSandbox(), 403, 'API_KEY_SPEND_CAP');
    const [live] = await rows<{ n: number }>(s, sql`select count(*)::int as n from public.api_key_spend where key_id = ${id}`);
    expect(live!.n).toBe(0);
  });
});
