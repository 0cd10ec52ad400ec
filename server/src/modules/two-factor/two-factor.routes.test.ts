import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_WINDOW_MINUTES, RECOVERY_CODE_COUNT, translate } from '@panel/contract';
import { ADMIN_EMAIL, ADMIN_LOGIN_PREFIX, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/harness.js';
import { GOOD_PASSWORD, createVerifiedUser, expectError, lastMailTo, rows, signedUpReseller, uniqueIp, type TestUser } from '../../../test/fixtures.js';
import { codeAt, makeStepUpStale, turnOn as turnOnFactor } from '../../../test/two-factor.js';

let t: TestApp;
let logged = '';
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logStream, env: { LOG_LEVEL: 'debug' } });
});
afterAll(() => t.close());

const turnOn = (user: TestUser) => turnOnFactor(t, user);

function login(user: { email: string; password: string }, options: { admin?: boolean; ip?: string; remember?: boolean } = {}) {
  return t.call({
    method: 'POST',
    url: options.admin ? `/api/${ADMIN_LOGIN_PREFIX}/admin-login` : '/api/login',
    payload: { email: user.email, password: user.password, remember: options.remember },
    remoteAddress: options.ip ?? uniqueIp(),
  });
}

async function challengeOf(user: { email: string; password: string }, options: { admin?: boolean } = {}) {
  const res = await login(user, options);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ challenge: string }>().challenge;
}

function secondStep(challenge: string, code: string, ip = uniqueIp()) {
  return t.call({ method: 'POST', url: '/api/login/two-factor', payload: { challenge, code }, remoteAddress: ip });
}

describe('POST /api/two-factor/totp/setup and /confirm', () => {
  it('answers a base32 secret and its otpauth URI, and leaves the factor off until a code is confirmed', async () => {
    const user = await signedUpReseller(t);
    const setup = await t.call({ method: 'POST', url: '/api/two-factor/totp/setup', token: user.token });
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json<{ data: { secret: string; uri: string } }>().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname)).toBe(`/Reseller Panel:${user.email}`);
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({ secret, issuer: 'Reseller Panel', algorithm: 'SHA1', digits: '6', period: '30' });

    const status = await t.call({ method: 'GET', url: '/api/two-factor', token: user.token });
    expect(status.json().data).toEqual({ totp: false, recovery_codes_left: 0 });
    // Not on yet: the password alone still signs in.
    expect((await login(user)).json()).toHaveProperty('token');
  });

  it('stores the secret encrypted, never in the clear', async () => {
    const user = await signedUpReseller(t);
    const { secret } = await turnOn(user);
    const [row] = await rows<{ secret_encrypted: string }>(t, sql`select secret_encrypted from totp_factors where user_id = ${user.id}`);
    expect(row!.secret_encrypted).toMatch(/^v1\./);
    expect(row!.secret_encrypted).not.toContain(secret);
  });

  it('refuses a wrong code in its own words (no recovery code yet) and keeps the factor off', async () => {
    const user = await signedUpReseller(t);
    const setup = await t.call({ method: 'POST', url: '/api/two-factor/totp/setup', token: user.token });
    const { secret } = setup.json<{ data: { secret: string } }>().data;
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await t.call({ method: 'POST', url: '/api/two-factor/totp/confirm', token: user.token, payload: { code: wrong }, lang: 'de' });
    expectError(res, 401, 'INVALID_TWO_FACTOR_CODE', translate('de', 'errors.invalidSetupCode'));
    expect(translate('en', 'errors.invalidSetupCode')).not.toMatch(/recovery/i);
    expect((await t.call({ method: 'GET', url: '/api/two-factor', token: user.token })).json().data.totp).toBe(false);
    expect((await login(user)).json()).toHaveProperty('token');
  });

  it('turns the factor on with a code from the app and answers ten recovery codes once', async () => {
    const user = await turnOn(await signedUpReseller(t));
    expect(user.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(user.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of user.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await rows<{ code_hash: string }>(t, sql`select code_hash from recovery_codes where user_id = ${user.id}`);
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of stored) expect(row.code_hash).toMatch(/^\$argon2id\$/);
    const status = await t.call({ method: 'GET', url: '/api/two-factor', token: user.token });
    expect(status.json().data).toEqual({ totp: true, recovery_codes_left: RECOVERY_CODE_COUNT });
    // A second setup cannot replace a secret in force.
    expectError(await t.call({ method: 'POST', url: '/api/two-factor/totp/setup', token: user.token }), 409, 'TWO_FACTOR_ALREADY_ON');
  });

  it('writes audit rows without the secret or any code', async () => {
    const user = await turnOn(await signedUpReseller(t));
    const audits = await rows<{ action: string; details: unknown }>(t, sql`select action, details from audit_log where target_id = ${String(user.id)} and action like 'two_factor.%'`);
    expect(audits.map((a) => a.action)).toEqual(['two_factor.enable']);
    const text = JSON.stringify(audits);
    expect(text).not.toContain(user.secret);
    for (const code of user.recoveryCodes) expect(text).not.toContain(code);
  });
});

describe('POST /api/login with a second factor on', () => {
  it('answers a challenge and the methods, and no token', async () => {
    const user = await turnOn(await signedUpReseller(t));
    const res = await login(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      msg: translate('en', 'success.twoFactorRequired'),
      two_factor_required: true,
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      methods: ['totp', 'recovery'],
      statusCode: 200,
      httpCode: 200,
      expiresAt: expect.any(String),
    });
    expect(res.json()).not.toHaveProperty('token');
    const challenge = res.json<{ challenge: string }>().challenge;
    const stored = await rows<{ token_hash: string }>(t, sql`select token_hash from login_challenges where user_id = ${user.id}`);
    expect(stored.map((r) => r.token_hash)).not.toContain(challenge);
    expect(stored).toHaveLength(1);
  });

  it('still refuses a wrong password before any challenge', async () => {
    const user = await turnOn(await signedUpReseller(t));
    expectError(await login({ email: user.email, password: 'Wrong@123' }), 401, 'INVALID_CREDENTIALS');
  });
});

describe('POST /api/login/two-factor', () => {
  it('answers exactly the sign-in answer for a current TOTP code', async () => {
    const user = await turnOn(await signedUpReseller(t));
    const res = await secondStep(await challengeOf(user), codeAt(user.secret));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      msg: translate('en', 'success.loggedIn'),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      data: { IBOReseller: { id: user.id, name: user.name, email: user.email, credit_point: 0, status: 1 } },
      permissions: expect.arrayContaining(['reseller-list']),
      hasPasscode: false,
      statusCode: 200,
      httpCode: 200,
      expiresAt: expect.any(String),
    });
    expect((await t.call({ method: 'GET', url: '/api/profile', token: res.json<{ token: string }>().token })).statusCode).toBe(200);
  });

  it('signs the admin in through the admin screen and the same second step', async () => {
    const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, token: await t.loginAdmin() };
    const on = await turnOn({ ...admin, id: 0, name: '', roleId: 0 });
    const challenge = await challengeOf(admin, { admin: true });
    const res = await secondStep(challenge, codeAt(on.secret));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().permissions).toContain('user-roles');
    // The rest of the suite signs the admin in with the password alone.
    // The session just signed in with a code: its confirmation is fresh, no step-up asked.
    const off = await t.call({ method: 'POST', url: '/api/two-factor/disable', token: res.json<{ token: string }>().token });
    expect(off.statusCode, off.body).toBe(200);
  });

  it('carries remember-me from the password step to the session', async () => {
    const user = await turnOn(await signedUpReseller(t));
    const challenge = (await login(user, { remember: true })).json<{ challenge: string }>().challenge;
    const res = await secondStep(challenge, codeAt(user.secret));
    const days = (new Date(res.json<{ expiresAt: string }>().expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9);
  });

  it('signs in with a recovery code, once', async () => {
    const user = await turnOn(await signedUpReseller(t));
    const [code] = user.recoveryCodes;
    // Read aloud or typed in capitals without the dash, it is the same code.
    const res = await secondStep(await challengeOf(user), code!.replace('-', ' ').toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveProperty('token');
    expectError(await secondStep(await challengeOf(user), code!), 401, 'INVALID_TWO_FACTOR_CODE');
    const status = await t.call({ method: 'GET', url: '/api/two-factor', token: user.token });
    expect(status.json().data.recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('refuses a step already used, and an earlier one', async () => {
    const user = await turnOn(await signedUpReseller(t));
    expect((await secondStep(await challengeOf(user), codeAt(user.secret, 1))).statusCode).toBe(200);
    expectError(await secondStep(await challengeOf(user), codeAt(user.secret, 1)), 401, 'INVALID_TWO_FACTOR_CODE');
    expectError(await secondStep(await challengeOf(user), codeAt(user.secret, 0)), 401, 'INVALID_TWO_FACTOR_CODE');
  });

  it('refuses a code two steps away from the clock', async () => {
    const user = await turnOn(await signedUpReseller(t));
    expectError(await secondStep(await challengeOf(user), codeAt(user.secret, 2)), 401, 'INVALID_TWO_FACTOR_CODE');
  });

  it('signs in once when the same TOTP code is sent ten times at once', async () => {
    const user = await turnOn(await signedUpReseller(t));
    // One after another: sign-ins of one account sent together are limited like guesses (five at a time).
    const challenges: string[] = [];
    for (let i = 0; i < 10; i += 1) challenges.push(await challengeOf(user));
    const code = codeAt(user.secret);
    const results = await Promise.all(challenges.map((c) => secondStep(c, code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The losers count as wrong codes: once five are in, the rest meet the limit.
    for (const r of results.filter((x) => x.statusCode !== 200)) expect([401, 429]).toContain(r.statusCode);
  });

  it('signs in once when the same recovery code is sent ten times at once on one challenge', async () => {
    const user = await turnOn(await signedUpReseller(t));
    const challenge = await challengeOf(user);
    const results = await Promise.all(Array.from({ length: 10 }, () => secondStep(challenge, user.recoveryCodes[0]!)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [left] = await rows<{ n: number }>(t, sql`select count(*)::int as n from recovery_codes where user_id = ${user.id} and used_at is null`);
    expect(left!.n).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('uses a challenge once', async () => {
    const user = await turnOn(await signedUpReseller(t));
    const challenge = await challengeOf(user);
    expect((await secondStep(challenge, codeAt(user.secret))).statusCode).toBe(200);
    expectError(await secondStep(challenge, codeAt(user.secret, 1)), 401, 'CHALLENGE_EXPIRED');
  });

  it('refuses an expired challenge and an unknown one', async () => {
    const user = await turnOn(await signedUpReseller(t));
    const challenge = await challengeOf(user);
    await t.database.db.execute(sql`update login_challenges set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expectError(await secondStep(challenge, codeAt(user.secret)), 401, 'CHALLENGE_EXPIRED', translate('en', 'errors.challengeExpired'));
    expectError(await secondStep('not-a-challenge', codeAt(user.secret)), 401, 'CHALLENGE_EXPIRED');
  });

  it("never completes account A's sign-in with B's code", async () => {
    const a = await turnOn(await signedUpReseller(t));
    const b = await turnOn(await signedUpReseller(t));
    const challenge = await challengeOf(a);
    expectError(await secondStep(challenge, codeAt(b.secret)), 401, 'INVALID_TWO_FACTOR_CODE');
    expectError(await secondStep(challenge, b.recoveryCodes[0]!), 401, 'INVALID_TWO_FACTOR_CODE');
    // B's codes are still B's to use.
    expect((await secondStep(await challengeOf(b), codeAt(b.secret))).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After after five wrong codes for the account, even with the right one', async () => {
    const user = await turnOn(await signedUpReseller(t));
    for (let i = 0; i < 5; i += 1) {
      // A fresh challenge and address each time: the account's count is the one that bites.
      expectError(await secondStep(await challengeOf(user), '000000'), 401, 'INVALID_TWO_FACTOR_CODE');
    }
    const blocked = await secondStep(await challengeOf(user), codeAt(user.secret));
    expectError(blocked, 429, 'TOO_MANY_ATTEMPTS', translate('en', 'errors.tooManyAttempts', { count: LOGIN_WINDOW_MINUTES }));
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(LOGIN_WINDOW_MINUTES * 60 - 60);
  });

  it('refuses a session to an account disabled between the two steps', async () => {
    const user = await turnOn(await signedUpReseller(t));
    const challenge = await challengeOf(user);
    await t.database.db.execute(sql`update users set is_disable_by_admin = 1 where id = ${user.id}`);
    expectError(await secondStep(challenge, codeAt(user.secret)), 403, '10091');
  });
});

describe('POST /api/two-factor/recovery-codes and /disable', () => {
  const stepUp = (user: { token: string }, code: string) => t.call({ method: 'POST', url: '/api/step-up', token: user.token, payload: { code } });

  it('regenerates the codes after a step-up; the old ones stop working', async () => {
    const user = await turnOn(await signedUpReseller(t));
    await makeStepUpStale(t, user.id);
    expectError(await t.call({ method: 'POST', url: '/api/two-factor/recovery-codes', token: user.token }), 403, 'STEP_UP_REQUIRED');
    expect((await t.call({ method: 'GET', url: '/api/two-factor', token: user.token })).json().data.recovery_codes_left).toBe(RECOVERY_CODE_COUNT);
    expect((await stepUp(user, codeAt(user.secret))).statusCode).toBe(200);
    const res = await t.call({ method: 'POST', url: '/api/two-factor/recovery-codes', token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expectError(await secondStep(await challengeOf(user), user.recoveryCodes[1]!), 401, 'INVALID_TWO_FACTOR_CODE');
    expect((await secondStep(await challengeOf(user), fresh[0]!)).statusCode).toBe(200);
  });

  it('turns the factor off after a step-up with a recovery code; the password alone signs in again', async () => {
    const user = await turnOn(await signedUpReseller(t));
    await makeStepUpStale(t, user.id);
    expectError(await t.call({ method: 'POST', url: '/api/two-factor/disable', token: user.token }), 403, 'STEP_UP_REQUIRED');
    expect((await login(user)).json()).toMatchObject({ two_factor_required: true });
    expect((await stepUp(user, user.recoveryCodes[0]!)).statusCode).toBe(200);
    const res = await t.call({ method: 'POST', url: '/api/two-factor/disable', token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(user)).json()).toHaveProperty('token');
    const [left] = await rows<{ n: number }>(t, sql`select count(*)::int as n from recovery_codes where user_id = ${user.id}`);
    expect(left!.n).toBe(0);
    const audits = await rows<{ action: string }>(t, sql`select action from audit_log where target_id = ${String(user.id)} and action like 'two_factor.%' order by id`);
    expect(audits.map((a) => a.action)).toEqual(['two_factor.enable', 'two_factor.step_up', 'two_factor.disable']);
  });

  it('takes the fresh confirmation of a sign-in with a code', async () => {
    const user = await turnOn(await signedUpReseller(t));
    const signedIn = await secondStep(await challengeOf(user), codeAt(user.secret));
    const token = signedIn.json<{ token: string }>().token;
    expect((await t.call({ method: 'POST', url: '/api/two-factor/disable', token })).statusCode).toBe(200);
  });

  it('refuses to change the factor of an account without one', async () => {
    const user = await signedUpReseller(t);
    expectError(await t.call({ method: 'POST', url: '/api/two-factor/disable', token: user.token }), 409, 'TWO_FACTOR_NOT_ON');
    expectError(await t.call({ method: 'POST', url: '/api/two-factor/recovery-codes', token: user.token }), 409, 'TWO_FACTOR_NOT_ON');
  });
});

describe('a password reset', () => {
  it('keeps the second factor on', async () => {
    const user = await turnOn(await createVerifiedUser(t));
    await t.call({ method: 'POST', url: '/api/password/forgot', payload: { email: user.email } });
    const token = lastMailTo(t, user.email)!.link!.split('/').at(-1)!;
    const reset = await t.call({ method: 'POST', url: '/api/password/reset', payload: { token, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(user)).json()).toMatchObject({ two_factor_required: true });
  });
});

describe('secrets', () => {
  it('never shows the secret or a code after setup, in an answer or a log line', async () => {
    const user = await turnOn(await signedUpReseller(t));
    const status = await t.call({ method: 'GET', url: '/api/two-factor', token: user.token });
    const profile = await t.call({ method: 'GET', url: '/api/profile', token: user.token });
    const challenge = await login(user);
    const signedIn = await secondStep(challenge.json<{ challenge: string }>().challenge, user.recoveryCodes[2]!);
    for (const body of [status.body, profile.body, challenge.body, signedIn.body]) {
      expect(body).not.toContain(user.secret);
      for (const code of user.recoveryCodes) expect(body).not.toContain(code);
    }
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toContain(user.secret);
    for (const code of user.recoveryCodes) expect(logged).not.toContain(code);
    expect(logged).not.toContain(challenge.json<{ challenge: string }>().challenge);
  });

  it('refuses a reseller API key: the factor is set up in a signed-in session', async () => {
    const user = await signedUpReseller(t);
    const admin = await t.loginAdmin();
    await t.database.db.execute(sql`update users set api_access = 1 where id = ${user.id}`);
    const key = await t.call({ method: 'GET', url: `/api/resellers/${user.id}/get-api-key`, token: admin });
    expect(key.statusCode, key.body).toBe(200);
    const apiKey = key.json<{ data: { api_key: string } }>().data.api_key;
    expectError(await t.call({ method: 'POST', url: '/api/two-factor/totp/setup', token: apiKey }), 403, 'SESSION_REQUIRED');
  });
});
