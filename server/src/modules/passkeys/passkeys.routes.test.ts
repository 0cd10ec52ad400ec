import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, RECOVERY_CODE_COUNT } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { expectError, rows, signedUpReseller, uniqueIp, type TestUser } from '../../../test/fixtures.js';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.js';
import { loadConfig } from '../../config.js';
import { findSession } from '../../http/auth.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The harness's PUBLIC_URL is http://panel.test: the relying party is panel.test. */
const authenticator = () => new SoftwareAuthenticator('panel.test', 'http://panel.test');

type Options = { challenge: string; allowCredentials?: { id: string }[]; rp?: { id: string }; excludeCredentials?: { id: string }[] };

async function registrationOptions(token: string) {
  const res = await t.call({ method: 'POST', url: '/api/passkeys/registration-options', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Options }>().data;
}

async function addPasskey(user: TestUser, key = authenticator(), name = 'Laptop') {
  const options = await registrationOptions(user.token);
  const res = await t.call({ method: 'POST', url: '/api/passkeys', token: user.token, payload: { name, response: key.register(options) } });
  expect(res.statusCode, res.body).toBe(201);
  return { key, answer: res.json<{ data: { id: number; name: string }; recovery_codes?: string[] }>() };
}

function login(user: TestUser, ip = uniqueIp()) {
  return t.call({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password }, remoteAddress: ip });
}

async function challengeOf(user: TestUser) {
  const res = await login(user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ challenge: string; methods: string[]; msg: string }>();
}

async function passkeyOptions(challenge: string) {
  const res = await t.call({ method: 'POST', url: '/api/login/two-factor/passkey-options', payload: { challenge } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Options }>().data;
}

function secondStep(challenge: string, passkey: unknown, ip = uniqueIp()) {
  return t.call({ method: 'POST', url: '/api/login/two-factor', payload: { challenge, passkey }, remoteAddress: ip });
}

/** Signs in with the password and the passkey: the session has confirmed a second factor just now. */
async function signInWithPasskey(user: TestUser, key: SoftwareAuthenticator) {
  const { challenge } = await challengeOf(user);
  const res = await secondStep(challenge, key.assert(await passkeyOptions(challenge)));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

describe('POST /api/passkeys/registration-options and POST /api/passkeys', () => {
  it('registers a passkey and answers the ten recovery codes with the first factor only', async () => {
    const user = await signedUpReseller(t);
    const options = await registrationOptions(user.token);
    expect(options.rp?.id).toBe('panel.test');
    const { answer } = await addPasskey(user);
    expect(answer.data).toMatchObject({ name: 'Laptop', last_used_at: null });
    expect(answer.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);

    const second = await addPasskey(user, authenticator(), 'Phone');
    expect(second.answer.recovery_codes).toBeUndefined();
    // A third options call excludes the two registered authenticators.
    expect((await registrationOptions(user.token)).excludeCredentials).toHaveLength(2);

    const audit = await rows<{ action: string; details: unknown }>(t, sql`select action, details from audit_log where target_id = ${String(user.id)} and action like 'two_factor.passkey%'`);
    expect(audit).toEqual([
      { action: 'two_factor.passkey_added', details: { name: 'Laptop' } },
      { action: 'two_factor.passkey_added', details: { name: 'Phone' } },
    ]);
  });

  it('lists name and dates, never the credential id or the public key', async () => {
    const user = await signedUpReseller(t);
    const { key } = await addPasskey(user);
    const res = await t.call({ method: 'GET', url: '/api/passkeys', token: user.token });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: Record<string, unknown>[] }>().data;
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]!).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);
    const [stored] = await rows<{ public_key: string }>(t, sql`select public_key from passkeys where user_id = ${user.id}`);
    expect(res.body).not.toContain(key.id);
    expect(res.body).not.toContain(stored!.public_key);
  });

  it('refuses a missing or too long name with translated field messages', async () => {
    const user = await signedUpReseller(t);
    const key = authenticator();
    const options = await registrationOptions(user.token);
    const empty = await t.call({ method: 'POST', url: '/api/passkeys', token: user.token, lang: 'ar', payload: { name: '  ', response: key.register(options) } });
    const body = expectError(empty, 422, 'VALIDATION') as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(['name']);
    expect(body.errors.name![0]).toMatch(/[\u0600-\u06FF]/);
    const long = await t.call({ method: 'POST', url: '/api/passkeys', token: user.token, payload: { name: 'x'.repeat(65), response: key.register(options) } });
    expect(expectError(long, 422, 'VALIDATION').errors).toHaveProperty('name');
  });

  it('refuses an answer from another origin, and a registration challenge used twice', async () => {
    const user = await signedUpReseller(t);
    const key = authenticator();
    const options = await registrationOptions(user.token);
    const foreign = await t.call({ method: 'POST', url: '/api/passkeys', token: user.token, payload: { name: 'Evil', response: key.register(options, { origin: 'http://evil.test' }) } });
    expectError(foreign, 422, 'PASSKEY_REGISTRATION_FAILED');
    // The failed try spent the challenge.
    const again = await t.call({ method: 'POST', url: '/api/passkeys', token: user.token, payload: { name: 'Again', response: key.register(options) } });
    expectError(again, 422, 'PASSKEY_REGISTRATION_FAILED');
    expect(await rows(t, sql`select id from passkeys where user_id = ${user.id}`)).toEqual([]);
  });

  it("refuses another account's registration challenge", async () => {
    const a = await signedUpReseller(t);
    const b = await signedUpReseller(t);
    const options = await registrationOptions(a.token);
    const res = await t.call({ method: 'POST', url: '/api/passkeys', token: b.token, payload: { name: 'Stolen', response: authenticator().register(options) } });
    expectError(res, 422, 'PASSKEY_REGISTRATION_FAILED');
  });

  it('refuses a reseller API key: passkeys are managed in a signed-in session', async () => {
    const user = await signedUpReseller(t);
    const admin = await t.loginAdmin();
    await t.database.db.execute(sql`update users set api_access = 1 where id = ${user.id}`);
    const key = await t.call({ method: 'GET', url: `/api/resellers/${user.id}/get-api-key`, token: admin });
    const apiKey = key.json<{ data: { api_key: string } }>().data.api_key;
    expectError(await t.call({ method: 'GET', url: '/api/passkeys', token: apiKey }), 403, 'SESSION_REQUIRED');
    expectError(await t.call({ method: 'POST', url: '/api/passkeys/registration-options', token: apiKey }), 403, 'SESSION_REQUIRED');
  });
});

describe('POST /api/login/two-factor with a passkey', () => {
  it('lists the passkey among the methods and signs in with it, storing the counter and the second factor on the session', async () => {
    const user = await signedUpReseller(t);
    const { key } = await addPasskey(user);
    const { challenge, methods, msg } = await challengeOf(user);
    expect(methods).toEqual(['passkey', 'recovery']);
    expect(msg).toBe('Confirm with your passkey to finish signing in.');
    const options = await passkeyOptions(challenge);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    const res = await secondStep(challenge, key.assert(options));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ token: string; data: { IBOReseller: { email: string } }; permissions: string[] }>();
    expect(answer.data.IBOReseller.email).toBe(user.email);
    expect(answer.permissions.length).toBeGreaterThan(0);
    const session = await findSession(t.database.db, answer.token);
    expect(session?.twoFactorAt).toBeInstanceOf(Date);
    expect(session?.hasSecondFactor).toBe(true);
    const [stored] = await rows<{ counter: string | number; last_used_at: Date | null }>(t, sql`select counter, last_used_at from passkeys where user_id = ${user.id}`);
    expect(Number(stored!.counter)).toBe(key.counter);
    expect(stored!.last_used_at).not.toBeNull();
  });

  it('signs in once when the same assertion arrives ten times at once', async () => {
    const user = await signedUpReseller(t);
    const { key } = await addPasskey(user);
    const { challenge } = await challengeOf(user);
    const assertion = key.assert(await passkeyOptions(challenge));
    const answers = await Promise.all(Array.from({ length: 10 }, () => secondStep(challenge, assertion)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The others lost the challenge (401), and past five failures the limit answers (429).
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect(await rows(t, sql`select id from sessions where user_id = ${user.id} and two_factor_at is not null`)).toHaveLength(1);
  });

  it('refuses a replayed assertion and one whose counter did not move on', async () => {
    const user = await signedUpReseller(t);
    const { key } = await addPasskey(user);
    const first = await challengeOf(user);
    const assertion = key.assert(await passkeyOptions(first.challenge));
    expect((await secondStep(first.challenge, assertion)).statusCode).toBe(200);
    // The same assertion again, for a fresh sign-in: its challenge was spent.
    const second = await challengeOf(user);
    await passkeyOptions(second.challenge);
    expectError(await secondStep(second.challenge, assertion), 401, 'INVALID_PASSKEY');
    // A fresh challenge signed with the counter it already used: a cloned authenticator.
    const third = await challengeOf(user);
    const cloned = key.assert(await passkeyOptions(third.challenge), { counter: key.counter });
    expectError(await secondStep(third.challenge, cloned), 401, 'INVALID_PASSKEY');
  });

  it("never completes one account's challenge with another account's passkey", async () => {
    const a = await signedUpReseller(t);
    const b = await signedUpReseller(t);
    await addPasskey(a);
    const { key: bKey } = await addPasskey(b);
    const { challenge } = await challengeOf(a);
    const res = await secondStep(challenge, bKey.assert(await passkeyOptions(challenge)));
    expectError(res, 401, 'INVALID_PASSKEY');
    expect(res.body).not.toContain('token');
  });

  it('counts wrong assertions with the wrong codes: the sixth try answers 429', async () => {
    const user = await signedUpReseller(t);
    const { key } = await addPasskey(user);
    const other = authenticator();
    const { challenge } = await challengeOf(user);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expectError(await secondStep(challenge, other.assert(await passkeyOptions(challenge))), 401, 'INVALID_PASSKEY');
    }
    const blocked = await secondStep(challenge, key.assert(await passkeyOptions(challenge)));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('answers CHALLENGE_EXPIRED for options of an unknown challenge, and a body without code nor passkey is a field error', async () => {
    expectError(await t.call({ method: 'POST', url: '/api/login/two-factor/passkey-options', payload: { challenge: 'nope' } }), 401, 'CHALLENGE_EXPIRED');
    const user = await signedUpReseller(t);
    await addPasskey(user);
    const { challenge } = await challengeOf(user);
    const res = await t.call({ method: 'POST', url: '/api/login/two-factor', payload: { challenge } });
    expect(expectError(res, 422, 'VALIDATION').errors).toHaveProperty('code');
  });
});

describe('PATCH and DELETE /api/passkeys/:id', () => {
  it("renames a passkey, and another account's passkey is not found", async () => {
    const user = await signedUpReseller(t);
    const other = await signedUpReseller(t);
    const { answer } = await addPasskey(user);
    const res = await t.call({ method: 'PATCH', url: `/api/passkeys/${answer.data.id}`, token: user.token, payload: { name: ' Work laptop ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.name).toBe('Work laptop');
    expectError(await t.call({ method: 'PATCH', url: `/api/passkeys/${answer.data.id}`, token: other.token, payload: { name: 'Mine' } }), 404, 'PASSKEY_NOT_FOUND');
    expectError(await t.call({ method: 'DELETE', url: `/api/passkeys/${answer.data.id}`, token: other.token }), 404, 'PASSKEY_NOT_FOUND');
  });

  it('removes one of two passkeys freely; the last one needs a step-up and takes the recovery codes along', async () => {
    const user = await signedUpReseller(t);
    const { key, answer: first } = await addPasskey(user);
    const { answer: second } = await addPasskey(user, authenticator(), 'Phone');
    // The session signed in before any factor existed: it has confirmed none.
    const removeSecond = await t.call({ method: 'DELETE', url: `/api/passkeys/${second.data.id}`, token: user.token });
    expect(removeSecond.statusCode, removeSecond.body).toBe(200);
    expectError(await t.call({ method: 'DELETE', url: `/api/passkeys/${first.data.id}`, token: user.token }), 403, 'STEP_UP_REQUIRED');
    expect(await rows(t, sql`select id from passkeys where user_id = ${user.id}`)).toHaveLength(1);

    const fresh = await signInWithPasskey(user, key);
    const removed = await t.call({ method: 'DELETE', url: `/api/passkeys/${first.data.id}`, token: fresh });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await rows(t, sql`select id from recovery_codes where user_id = ${user.id}`)).toEqual([]);
    // No factor left: the password alone signs in again.
    expect((await login(user)).json()).toHaveProperty('token');
    const audit = await rows<{ details: unknown }>(t, sql`select details from audit_log where target_id = ${String(user.id)} and action = 'two_factor.passkey_removed' order by id`);
    expect(audit).toEqual([{ details: { name: 'Phone', last_factor: false } }, { details: { name: 'Laptop', last_factor: true } }]);
  });
});

describe('a passkey beside TOTP', () => {
  const codeAt = (secret: string, steps: number) =>
    new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

  it('lists both methods, and turning TOTP off keeps the passkey and the recovery codes', async () => {
    const user = await signedUpReseller(t);
    const setup = await t.call({ method: 'POST', url: '/api/two-factor/totp/setup', token: user.token });
    const { secret } = setup.json<{ data: { secret: string } }>().data;
    const confirm = await t.call({ method: 'POST', url: '/api/two-factor/totp/confirm', token: user.token, payload: { code: codeAt(secret, -1) } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { answer } = await addPasskey(user);
    // The account had its recovery codes already: none are answered again.
    expect(answer.recovery_codes).toBeUndefined();
    expect((await challengeOf(user)).methods).toEqual(['totp', 'passkey', 'recovery']);

    const stepUp = await t.call({ method: 'POST', url: '/api/step-up', token: user.token, payload: { code: codeAt(secret, 0) } });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    const off = await t.call({ method: 'POST', url: '/api/two-factor/disable', token: user.token });
    expect(off.statusCode, off.body).toBe(200);
    expect((await challengeOf(user)).methods).toEqual(['passkey', 'recovery']);
    expect(await rows(t, sql`select id from recovery_codes where user_id = ${user.id}`)).toHaveLength(RECOVERY_CODE_COUNT);
    const status = await t.call({ method: 'GET', url: '/api/two-factor', token: user.token });
    expect(status.json().data).toEqual({ totp: false, recovery_codes_left: RECOVERY_CODE_COUNT });
  });
});

describe('step-up with a passkey', () => {
  it('answers options for the session, and POST /api/step-up takes the assertion once', async () => {
    const user = await signedUpReseller(t);
    const { key } = await addPasskey(user);
    const res = await t.call({ method: 'POST', url: '/api/step-up/passkey-options', token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json<{ data: Options }>().data;
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    const assertion = key.assert(options);
    const confirmed = await t.call({ method: 'POST', url: '/api/step-up', token: user.token, body: { passkey: assertion } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expectError(await t.call({ method: 'POST', url: '/api/step-up', token: user.token, body: { passkey: assertion } }), 401, 'INVALID_PASSKEY');
  });

  it("refuses another session's step-up challenge and an account without passkeys", async () => {
    const user = await signedUpReseller(t);
    const { key } = await addPasskey(user);
    const options = (await t.call({ method: 'POST', url: '/api/step-up/passkey-options', token: user.token })).json<{ data: Options }>().data;
    const fresh = await signInWithPasskey(user, key);
    expectError(await t.call({ method: 'POST', url: '/api/step-up', token: fresh, body: { passkey: key.assert(options) } }), 401, 'INVALID_PASSKEY');
    const none = await signedUpReseller(t);
    expectError(await t.call({ method: 'POST', url: '/api/step-up/passkey-options', token: none.token }), 409, 'NO_PASSKEY');
  });
});

describe('the relying party', () => {
  it('is the host and origin of PUBLIC_URL, or WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN when set', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://panel.example.com/' }).webauthn).toEqual({ rpId: 'panel.example.com', origin: 'https://panel.example.com' });
    expect(loadConfig({ PORT: '4000' }).webauthn).toEqual({ rpId: 'localhost', origin: 'http://localhost:4000' });
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000', WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGIN: 'http://localhost:3000' }).webauthn).toEqual({
      rpId: 'localhost',
      origin: 'http://localhost:3000',
    });
    expect(() => loadConfig({ WEBAUTHN_RP_ID: 'https://panel.example.com' })).toThrow(/WEBAUTHN_RP_ID/);
  });

  it('documents the passkey calls in the OpenAPI document, with no key material in the list answer', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(doc.paths['/api/passkeys'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/passkeys/{id}'] ?? {}).sort()).toEqual(['delete', 'patch']);
    expect(doc.paths['/api/login/two-factor/passkey-options']).toHaveProperty('post');
    expect(doc.paths['/api/step-up/passkey-options']).toHaveProperty('post');
    const list = JSON.stringify(doc.paths['/api/passkeys']!.get);
    expect(list).not.toMatch(/public_key|credential_id/);
  });
});
