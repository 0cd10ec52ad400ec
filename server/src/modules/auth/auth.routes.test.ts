import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, LOGIN_WINDOW_MINUTES, translate } from '@panel/contract';
import { ADMIN_EMAIL, ADMIN_LOGIN_PREFIX, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/harness.js';
import {
  GOOD_PASSWORD,
  adminToken,
  countUsers,
  createPasswordFromMail,
  createPasswordLink,
  createVerifiedUser,
  expectError,
  expectFieldErrors,
  lastMailTo,
  mailCount,
  register,
  rows,
  signedUpReseller,
  uniqueEmail,
  uniqueIp,
  userRow,
} from '../../../test/fixtures.js';
import { sha256 } from '../../lib/secrets.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADMIN_LOGIN_URL = `/api/${ADMIN_LOGIN_PREFIX}/admin-login`;
const DAY_MS = 86_400_000;

/** A sign-in attempt from its own client address unless told otherwise (failures count per IP). */
function loginRequest(payload: unknown, options: { admin?: boolean; ip?: string; lang?: string; headers?: Record<string, string> } = {}) {
  return t.call({
    method: 'POST',
    url: options.admin ? ADMIN_LOGIN_URL : '/api/login',
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? uniqueIp(),
    lang: options.lang,
    headers: options.headers,
  });
}

function profile(token: string) {
  return t.call({ method: 'GET', url: '/api/profile', token });
}

describe('POST /api/login', () => {
  it('answers the login response of core-panel.md §3 to a verified reseller', async () => {
    const reseller = await signedUpReseller(t);
    const res = await loginRequest({ email: reseller.email, password: reseller.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: true,
      msg: translate('en', 'success.loggedIn'),
      token: expect.any(String),
      data: { IBOReseller: { id: reseller.id, name: reseller.name, email: reseller.email, credit_point: 0, status: 1 } },
      permissions: expect.any(Array),
      hasPasscode: false,
      statusCode: 200,
      httpCode: 200,
      expiresAt: expect.any(String),
    });
    // 256 random bits, URL-safe.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The permissions are the reseller role's, the same list the permissions call answers.
    const perms = await t.call({ method: 'GET', url: '/api/user/user-permissions', token: body.token });
    expect([...body.permissions].sort()).toEqual([...perms.json().data].sort());
    expect(body.permissions).toContain('reseller-list');
    expect(body.permissions).not.toContain('user-roles');
    expect((await profile(body.token)).statusCode).toBe(200);
  });

  it('stores the session token only as its SHA-256 hash', async () => {
    const reseller = await signedUpReseller(t);
    const stored = await rows<{ token_hash: string }>(t, sql`select token_hash from sessions where user_id = ${reseller.id}`);
    expect(stored.map((s) => s.token_hash)).toContain(sha256(reseller.token));
    expect(stored.map((s) => s.token_hash)).not.toContain(reseller.token);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const reseller = await signedUpReseller(t);
    const res = await loginRequest({ email: `  ${reseller.email.toUpperCase()} `, password: reseller.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.IBOReseller.email).toBe(reseller.email);
  });

  it('gives a 1-day session, or a 10-day one with remember', async () => {
    const reseller = await signedUpReseller(t);
    const short = await loginRequest({ email: reseller.email, password: reseller.password });
    const long = await loginRequest({ email: reseller.email, password: reseller.password, remember: true });
    const shortExpiry = new Date(short.json().expiresAt).getTime();
    const longExpiry = new Date(long.json().expiresAt).getTime();
    expect(Math.abs(shortExpiry - (Date.now() + DAY_MS))).toBeLessThan(60_000);
    expect(Math.abs(longExpiry - (Date.now() + 10 * DAY_MS))).toBeLessThan(60_000);
    // The database holds the same expiry the answer announced.
    const [row] = await rows<{ expires_at: Date | string }>(
      t,
      sql`select expires_at from sessions where token_hash = ${sha256(long.json().token)}`,
    );
    expect(Math.abs(new Date(row!.expires_at).getTime() - longExpiry)).toBeLessThan(1000);
  });

  it('stops accepting a session once it has expired', async () => {
    const reseller = await signedUpReseller(t);
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where token_hash = ${sha256(reseller.token)}`);
    expectError(await profile(reseller.token), 401, 'C10002');
  });

  it('signs an admin in on the admin page with every permission', async () => {
    const res = await loginRequest({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { admin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, statusCode: 200, httpCode: 200, data: { IBOReseller: { email: ADMIN_EMAIL } } });
    expect([...res.json().permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('refuses an admin on the reseller page, even with the right password', async () => {
    const res = await loginRequest({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expectError(res, 403, 'WRONG_SIGN_IN_PAGE', translate('en', 'errors.wrongSignInPage'));
    expect(res.json()).not.toHaveProperty('token');
  });

  it('refuses a reseller on the admin page', async () => {
    const reseller = await signedUpReseller(t);
    expectError(await loginRequest({ email: reseller.email, password: reseller.password }, { admin: true }), 403, 'WRONG_SIGN_IN_PAGE');
  });

  it('refuses an unverified account with 10095', async () => {
    const { email } = await register(t);
    const res = await loginRequest({ email, password: GOOD_PASSWORD });
    const body = expectError(res, 403, '10095', translate('en', 'errors.unverified'));
    expect(body.statusCode).toBe(10095);
  });

  it('refuses an unknown address with 10090', async () => {
    const res = await loginRequest({ email: uniqueEmail('nobody'), password: GOOD_PASSWORD });
    const body = expectError(res, 401, '10090', 'User not found or account is disabled. Please contact support.');
    expect(body.statusCode).toBe(10090);
  });

  it('refuses an inactive account with 10090', async () => {
    const reseller = await signedUpReseller(t);
    await t.database.db.execute(sql`update users set status = 0 where id = ${reseller.id}`);
    expectError(await loginRequest({ email: reseller.email, password: reseller.password }), 401, '10090');
  });

  it('refuses a removed account with 10090', async () => {
    const user = await createVerifiedUser(t);
    const del = await t.call({ method: 'DELETE', url: `/api/delete-users/${user.id}`, token: await adminToken(t) });
    expect(del.statusCode).toBe(200);
    expectError(await loginRequest({ email: user.email, password: user.password }), 401, '10090');
  });

  it('refuses an account disabled by the admin with 10091', async () => {
    const user = await createVerifiedUser(t);
    const res = await t.call({
      method: 'PUT',
      url: `/api/update-reseller/${user.id}/status`,
      token: await adminToken(t),
      payload: { is_disable_by_admin: 1 },
    });
    expect(res.statusCode).toBe(200);
    const body = expectError(await loginRequest({ email: user.email, password: user.password }), 403, '10091', translate('en', 'errors.blockedByAdmin'));
    expect(body.statusCode).toBe(10091);
  });

  it('answers Invalid credentials! to a wrong password', async () => {
    const reseller = await signedUpReseller(t);
    expectError(await loginRequest({ email: reseller.email, password: 'Wrong@123' }), 401, 'INVALID_CREDENTIALS', 'Invalid credentials!');
  });

  it.each([
    ['a JSON array', []],
    ['JSON null', null],
    ['a number as e-mail', { email: 12345, password: 'x' }],
    ['an object as password', { email: 'a@b.test', password: { $ne: '' } }],
  ])('refuses %s with 10092', async (_label, payload) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
      remoteAddress: uniqueIp(),
    });
    const body = expectError(res, 400, '10092', 'Please enter a valid email and password.');
    expect(body.statusCode).toBe(10092);
  });

  it('refuses a missing body with 10092', async () => {
    expectError(await t.call({ method: 'POST', url: '/api/login', remoteAddress: uniqueIp() }), 400, '10092');
  });

  it('answers the error envelope to a body that is not JSON at all', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
      remoteAddress: uniqueIp(),
    });
    expectError(res, 400, 'BAD_REQUEST');
  });

  it('answers 422 with a message under each missing field', async () => {
    expectFieldErrors(await loginRequest({}), {
      email: ['The email is required.'],
      password: ['The password is required.'],
    });
  });

  it('answers 422 with the specification messages for a malformed e-mail and an empty password', async () => {
    expectFieldErrors(await loginRequest({ email: 'not-an-email', password: '' }), {
      email: ['Please enter a valid email.'],
      password: ['The password is required.'],
    });
  });

  it('answers 422 to an e-mail with a NUL character', async () => {
    expectFieldErrors(await loginRequest({ email: 'a\u0000@b.test', password: 'x' }), { email: ['Please enter a valid email.'] });
  });

  it('answers 422 to a password that is too long and to a remember flag that is not a boolean', async () => {
    expectFieldErrors(await loginRequest({ email: 'a@b.test', password: 'x'.repeat(1001), remember: 'yes' }), {
      password: ['The password may not be greater than 1000 characters.'],
      remember: ['The remember me must be a boolean.'],
    });
  });

  it('answers in Arabic for Accept-Language ar-EG', async () => {
    const unknown = await loginRequest({ email: uniqueEmail('nobody'), password: GOOD_PASSWORD }, { lang: 'ar-EG' });
    expectError(unknown, 401, '10090', translate('ar', 'errors.userNotFound'));
    const invalid = await loginRequest({ email: 'nope', password: 'x' }, { lang: 'ar-EG' });
    expect(invalid.json().errors.email).toEqual([translate('ar', 'validation.emailInvalid')]);
    const reseller = await signedUpReseller(t);
    const ok = await loginRequest({ email: reseller.email, password: reseller.password }, { lang: 'ar-EG' });
    expect(ok.json().msg).toBe(translate('ar', 'success.loggedIn'));
  });
});

describe('brute-force limits on POST /api/login', () => {
  it('answers 429 with Retry-After after 5 failures for one account, even with the right password', async () => {
    const reseller = await signedUpReseller(t);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i += 1) {
      expectError(await loginRequest({ email: reseller.email, password: `Wrong@${i}` }, { ip }), 401, 'INVALID_CREDENTIALS');
    }
    // From another address too: the count belongs to the account.
    const blocked = await loginRequest({ email: reseller.email, password: reseller.password }, { ip: uniqueIp() });
    expectError(blocked, 429, 'TOO_MANY_ATTEMPTS', translate('en', 'errors.tooManyAttempts', { count: LOGIN_WINDOW_MINUTES }));
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LOGIN_WINDOW_MINUTES * 60 - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_MINUTES * 60);
    // Another account from the same address still signs in.
    const other = await signedUpReseller(t);
    expect((await loginRequest({ email: other.email, password: other.password }, { ip })).statusCode).toBe(200);
  });

  it('lets the account sign in again once the window has passed', async () => {
    const reseller = await signedUpReseller(t);
    for (let i = 0; i < 5; i += 1) await loginRequest({ email: reseller.email, password: 'Wrong@123' });
    expectError(await loginRequest({ email: reseller.email, password: reseller.password }), 429, 'TOO_MANY_ATTEMPTS');
    await t.database.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${`login:account:${reseller.email}`}`);
    expect((await loginRequest({ email: reseller.email, password: reseller.password })).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const reseller = await signedUpReseller(t);
    for (let i = 0; i < 4; i += 1) await loginRequest({ email: reseller.email, password: 'Wrong@123' });
    expect((await loginRequest({ email: reseller.email, password: reseller.password })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await loginRequest({ email: reseller.email, password: 'Wrong@123' });
    expect((await loginRequest({ email: reseller.email, password: reseller.password })).statusCode).toBe(200);
  });

  it('answers 429 after 20 failures from one IP across accounts', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i += 1) {
      expectError(await loginRequest({ email: uniqueEmail('spray'), password: GOOD_PASSWORD }, { ip }), 401, '10090');
    }
    const reseller = await signedUpReseller(t);
    const blocked = await loginRequest({ email: reseller.email, password: reseller.password }, { ip });
    expectError(blocked, 429, 'TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from elsewhere is not punished for that address.
    expect((await loginRequest({ email: reseller.email, password: reseller.password })).statusCode).toBe(200);
  });

  it('does not let a client pick its address with X-Forwarded-For', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i += 1) {
      const res = await t.call({
        method: 'POST',
        url: '/api/login',
        payload: { email: uniqueEmail('forwarded'), password: GOOD_PASSWORD },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expectError(res, 401, '10090');
    }
    const blocked = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { email: uniqueEmail('forwarded'), password: GOOD_PASSWORD },
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '203.0.113.250' },
    });
    expectError(blocked, 429, 'TOO_MANY_ATTEMPTS');
  });
});

describe('DELETE /api/logout', () => {
  it('revokes the token at once and leaves the other sessions alone', async () => {
    const reseller = await signedUpReseller(t);
    const other = await t.login(reseller.email, reseller.password);
    const res = await t.call({ method: 'DELETE', url: '/api/logout', token: reseller.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.loggedOut') });
    expectError(await profile(reseller.token), 401, 'C10002', translate('en', 'errors.unauthenticated'));
    expect((await profile(other)).statusCode).toBe(200);
    const left = await rows(t, sql`select 1 from sessions where token_hash = ${sha256(reseller.token)}`);
    expect(left).toHaveLength(0);
  });

  it('answers 401 without a token', async () => {
    expectError(await t.call({ method: 'DELETE', url: '/api/logout' }), 401, 'C10002');
  });
});

describe('POST /api/register', () => {
  it('answers 429 after 20 sign-ups from one address within 15 minutes', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i += 1) {
      const res = await t.call({ method: 'POST', url: '/api/register', payload: { name: 'Spam', email: uniqueEmail('spam'), tAndC: true }, remoteAddress: ip });
      expect(res.statusCode).toBe(201);
    }
    const email = uniqueEmail('spam');
    const blocked = await t.call({ method: 'POST', url: '/api/register', payload: { name: 'Spam', email, tAndC: true }, remoteAddress: ip });
    expectError(blocked, 429, 'TOO_MANY_ATTEMPTS');
    expect(await countUsers(t, email)).toBe(0);
  });

  it('creates an unverified reseller and mails a create-password link', async () => {
    const email = uniqueEmail('signup');
    const res = await t.call({ method: 'POST', url: '/api/register', payload: { name: 'Nour', email, tAndC: true } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: true, statusCode: 201, msg: translate('en', 'success.registered'), token: expect.any(String) });
    const mail = lastMailTo(t, email);
    expect(mail).toBeDefined();
    expect(mail!.link).toMatch(new RegExp(`^http://panel\\.test/create-password\\?email=${encodeURIComponent(email)}&token=[A-Za-z0-9_-]{43}$`));
    const row = await userRow(t, email);
    expect(row).toMatchObject({ name: 'Nour', email_verified_at: null, password_hash: null, is_disable_by_admin: 0 });
    const [role] = await rows<{ name: string }>(t, sql`select name from roles where id = ${row!.role_id}`);
    expect(role!.name).toBe('reseller');
  });

  it('writes the mail in the language of the request', async () => {
    const { email } = await register(t, uniqueEmail('arabic'), 'Nour', 'ar-EG');
    const raw = lastMailTo(t, email)!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toContain('lang="ar" dir="rtl"');
  });

  it('refuses a taken e-mail, in any case, with 422', async () => {
    const { email } = await register(t);
    const before = mailCount(t, email);
    const res = await t.call({ method: 'POST', url: '/api/register', payload: { name: 'Again', email: email.toUpperCase(), tAndC: true } });
    expectFieldErrors(res, { email: ['The email is already taken.'] });
    expect(await countUsers(t, email)).toBe(1);
    expect((await userRow(t, email))!.name).toBe('New Reseller');
    expect(mailCount(t, email)).toBe(before);
  });

  it.each([
    ['a missing body', undefined, { body: ['The request is required.'] }],
    ['missing fields', {}, { name: ['The name is required.'], email: ['The email is required.'], tAndC: ['You must accept the terms and conditions.'] }],
    ['unaccepted terms', { name: 'A', email: 'EMAIL', tAndC: false }, { tAndC: ['You must accept the terms and conditions.'] }],
    ['a malformed e-mail', { name: 'A', email: 'not-an-email', tAndC: true }, { email: ['Please enter a valid email.'] }],
    ['a blank name', { name: '   ', email: 'EMAIL', tAndC: true }, { name: ['The name is required.'] }],
    ['a NUL character in the name', { name: 'Nour\u0000', email: 'EMAIL', tAndC: true }, { name: ['The name is invalid.'] }],
    ['too long values', { name: 'n'.repeat(101), email: `${'e'.repeat(250)}@x.test`, tAndC: true }, {
      name: ['The name may not be greater than 100 characters.'],
      email: ['The email may not be greater than 255 characters.'],
    }],
    ['wrong types', { name: 42, email: ['EMAIL'], tAndC: 'yes' }, {
      name: ['The name must be a string.'],
      email: ['The email must be a string.'],
      tAndC: ['You must accept the terms and conditions.'],
    }],
  ])('refuses %s with field messages and creates nothing', async (_label, payload, errors) => {
    const email = uniqueEmail('bad');
    const body = payload === undefined ? undefined : JSON.parse(JSON.stringify(payload).replace(/"EMAIL"/g, JSON.stringify(email)));
    expectFieldErrors(await t.call({ method: 'POST', url: '/api/register', payload: body }), errors);
    expect(await countUsers(t, email)).toBe(0);
    expect(mailCount(t, email)).toBe(0);
  });

  it('refuses a form-encoded body with 415', async () => {
    const email = uniqueEmail('form');
    const res = await t.call({
      method: 'POST',
      url: '/api/register',
      payload: `name=A&email=${encodeURIComponent(email)}&tAndC=true`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await countUsers(t, email)).toBe(0);
  });

  it('refuses a body over the size limit with 413', async () => {
    const email = uniqueEmail('huge');
    const res = await t.call({ method: 'POST', url: '/api/register', payload: { name: 'x'.repeat(1_100_000), email, tAndC: true } });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(await countUsers(t, email)).toBe(0);
  });
});

describe('POST /api/password/create', () => {
  it('sets the first password and verifies the account', async () => {
    const { email } = await register(t);
    const link = createPasswordLink(t, email);
    const res = await t.call({
      method: 'POST',
      url: '/api/password/create',
      payload: { email: link.email, token: link.token, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const msg = translate('en', 'success.passwordCreated');
    expect(res.json()).toEqual({ status: true, statusCode: 200, msg, message: msg });
    expect((await userRow(t, email))!.email_verified_at).not.toBeNull();
    expect((await loginRequest({ email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('answers TokenExpired to a token used before, and keeps the first password', async () => {
    const { email } = await register(t);
    const link = createPasswordLink(t, email);
    await createPasswordFromMail(t, email);
    const res = await t.call({
      method: 'POST',
      url: '/api/password/create',
      payload: { email, token: link.token, password: 'Other@1234', password_confirmation: 'Other@1234' },
    });
    expectError(res, 400, 'TOKEN_EXPIRED', translate('en', 'errors.tokenExpired'));
    expect((await loginRequest({ email, password: GOOD_PASSWORD })).statusCode).toBe(200);
    expectError(await loginRequest({ email, password: 'Other@1234' }), 401, 'INVALID_CREDENTIALS');
  });

  it('answers TokenExpired to a token of another address and changes nothing', async () => {
    const victim = await register(t);
    const attacker = await register(t);
    const link = createPasswordLink(t, attacker.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/password/create',
      payload: { email: victim.email, token: link.token, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD },
    });
    expectError(res, 400, 'TOKEN_EXPIRED');
    expect(await userRow(t, victim.email)).toMatchObject({ password_hash: null, email_verified_at: null });
    expect(await userRow(t, attacker.email)).toMatchObject({ password_hash: null, email_verified_at: null });
    expectError(await loginRequest({ email: victim.email, password: GOOD_PASSWORD }), 403, '10095');
    // The failed attempt did not use the token up: its own address still can.
    await createPasswordFromMail(t, attacker.email);
    expect((await userRow(t, attacker.email))!.email_verified_at).not.toBeNull();
  });

  it('answers TokenExpired once the link is older than a day', async () => {
    const { email } = await register(t);
    const link = createPasswordLink(t, email);
    await t.database.db.execute(sql`update email_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(link.token)}`);
    const res = await t.call({
      method: 'POST',
      url: '/api/password/create',
      payload: { email, token: link.token, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD },
    });
    expectError(res, 400, 'TOKEN_EXPIRED');
    expect((await userRow(t, email))!.password_hash).toBeNull();
  });

  it.each([
    ['missing fields', {}, {
      email: ['The email is required.'],
      token: ['The token is required.'],
      password: ['The password is required.'],
      password_confirmation: ['The password confirmation is required.'],
    }],
    ['a password that misses the rule', { password: 'password', password_confirmation: 'password' }, {
      password: ['Password must be at least 8 characters and contain an uppercase letter, a number and one of @$!%*?&.'],
    }],
    ['a confirmation that does not match', { password: GOOD_PASSWORD, password_confirmation: 'Secret@124' }, {
      password_confirmation: ['Passwords do not match'],
    }],
    ['a password that is too long', { password: `Aa1@${'x'.repeat(100)}`, password_confirmation: `Aa1@${'x'.repeat(100)}` }, {
      password: ['The password may not be greater than 100 characters.'],
    }],
    ['a token that is too long or of the wrong type', { token: 't'.repeat(201), password: 12345678, password_confirmation: '12345678' }, {
      token: ['The token may not be greater than 200 characters.'],
      password: ['The password must be a string.'],
    }],
  ])('refuses %s with field messages and changes nothing', async (_label, override, errors) => {
    const { email } = await register(t);
    const link = createPasswordLink(t, email);
    const payload = Object.keys(override).length === 0 ? {} : { email, token: link.token, ...override };
    expectFieldErrors(await t.call({ method: 'POST', url: '/api/password/create', payload }), errors);
    expect(await userRow(t, email)).toMatchObject({ password_hash: null, email_verified_at: null });
  });
});

describe('POST /api/password/resend-password-create', () => {
  it('sends a new link and retires the old one', async () => {
    const { email } = await register(t);
    const old = createPasswordLink(t, email);
    const res = await t.call({ method: 'POST', url: '/api/password/resend-password-create', payload: { email }, remoteAddress: uniqueIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, statusCode: 200, message: translate('en', 'success.verificationResent') });
    expect(mailCount(t, email)).toBe(2);
    const fresh = createPasswordLink(t, email);
    expect(fresh.token).not.toBe(old.token);
    const stale = await t.call({
      method: 'POST',
      url: '/api/password/create',
      payload: { email, token: old.token, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD },
    });
    expectError(stale, 400, 'TOKEN_EXPIRED');
    await createPasswordFromMail(t, email);
    expect((await loginRequest({ email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('answers the same for an unknown or already verified address and sends nothing', async () => {
    const unknown = uniqueEmail('ghost');
    const verified = await signedUpReseller(t);
    const mailsBefore = mailCount(t, verified.email);
    const a = await t.call({ method: 'POST', url: '/api/password/resend-password-create', payload: { email: unknown }, remoteAddress: uniqueIp() });
    const b = await t.call({ method: 'POST', url: '/api/password/resend-password-create', payload: { email: verified.email }, remoteAddress: uniqueIp() });
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(mailCount(t, unknown)).toBe(0);
    expect(mailCount(t, verified.email)).toBe(mailsBefore);
  });

  it('refuses a malformed e-mail with 422', async () => {
    expectFieldErrors(
      await t.call({ method: 'POST', url: '/api/password/resend-password-create', payload: { email: 'x@' }, remoteAddress: uniqueIp() }),
      { email: ['Please enter a valid email.'] },
    );
  });
});

describe('POST /api/password/forgot', () => {
  it('mails a /reset-password/<token> link to a verified account', async () => {
    const reseller = await signedUpReseller(t);
    const res = await t.call({ method: 'POST', url: '/api/password/forgot', payload: { email: reseller.email }, remoteAddress: uniqueIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: translate('en', 'success.resetLinkSent') });
    expect(lastMailTo(t, reseller.email)!.link).toMatch(/^http:\/\/panel\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
  });

  it('answers exactly the same for an unknown address and sends nothing', async () => {
    const reseller = await signedUpReseller(t);
    const unknown = uniqueEmail('ghost');
    const known = await t.call({ method: 'POST', url: '/api/password/forgot', payload: { email: reseller.email }, remoteAddress: uniqueIp() });
    const ghost = await t.call({ method: 'POST', url: '/api/password/forgot', payload: { email: unknown }, remoteAddress: uniqueIp() });
    expect(ghost.statusCode).toBe(known.statusCode);
    expect(ghost.json()).toEqual(known.json());
    expect(mailCount(t, unknown)).toBe(0);
  });

  it('answers 429 after 5 mails to one address', async () => {
    const reseller = await signedUpReseller(t);
    for (let i = 0; i < 5; i += 1) {
      expect((await t.call({ method: 'POST', url: '/api/password/forgot', payload: { email: reseller.email }, remoteAddress: uniqueIp() })).statusCode).toBe(200);
    }
    const mails = mailCount(t, reseller.email);
    const sixth = await t.call({ method: 'POST', url: '/api/password/forgot', payload: { email: reseller.email }, remoteAddress: uniqueIp() });
    expectError(sixth, 429, 'TOO_MANY_ATTEMPTS');
    expect(sixth.headers['retry-after']).toBeDefined();
    expect(mailCount(t, reseller.email)).toBe(mails);
  });

  it('refuses a missing e-mail with 422', async () => {
    expectFieldErrors(await t.call({ method: 'POST', url: '/api/password/forgot', payload: {}, remoteAddress: uniqueIp() }), {
      email: ['The email is required.'],
    });
  });
});

describe('POST /api/password/reset', () => {
  async function resetToken(email: string): Promise<string> {
    await t.call({ method: 'POST', url: '/api/password/forgot', payload: { email }, remoteAddress: uniqueIp() });
    return new URL(lastMailTo(t, email)!.link!).pathname.split('/').at(-1)!;
  }

  it('sets the new password once and signs the account out everywhere', async () => {
    const reseller = await signedUpReseller(t);
    const second = await t.login(reseller.email, reseller.password);
    const token = await resetToken(reseller.email);
    const res = await t.call({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'Newpass@1', password_confirmation: 'Newpass@1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: translate('en', 'success.passwordReset') });
    expectError(await profile(reseller.token), 401, 'C10002');
    expectError(await profile(second), 401, 'C10002');
    expectError(await loginRequest({ email: reseller.email, password: reseller.password }), 401, 'INVALID_CREDENTIALS');
    expect((await loginRequest({ email: reseller.email, password: 'Newpass@1' })).statusCode).toBe(200);

    const again = await t.call({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'Third@123', password_confirmation: 'Third@123' } });
    expectError(again, 400, 'TOKEN_EXPIRED');
    expect((await loginRequest({ email: reseller.email, password: 'Newpass@1' })).statusCode).toBe(200);
  });

  it('answers TokenExpired after an hour and changes nothing', async () => {
    const reseller = await signedUpReseller(t);
    const token = await resetToken(reseller.email);
    await t.database.db.execute(sql`update email_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(token)}`);
    const res = await t.call({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'Newpass@1', password_confirmation: 'Newpass@1' } });
    expectError(res, 400, 'TOKEN_EXPIRED');
    expect((await profile(reseller.token)).statusCode).toBe(200);
    expect((await loginRequest({ email: reseller.email, password: reseller.password })).statusCode).toBe(200);
  });

  it('gives a reset link an expiry of one hour', async () => {
    const reseller = await signedUpReseller(t);
    const token = await resetToken(reseller.email);
    const [row] = await rows<{ expires_at: Date | string }>(t, sql`select expires_at from email_tokens where token_hash = ${sha256(token)}`);
    expect(Math.abs(new Date(row!.expires_at).getTime() - (Date.now() + 3_600_000))).toBeLessThan(60_000);
  });

  it('answers TokenExpired to a create-password token', async () => {
    const { email } = await register(t);
    const link = createPasswordLink(t, email);
    const res = await t.call({ method: 'POST', url: '/api/password/reset', payload: { token: link.token, password: 'Newpass@1', password_confirmation: 'Newpass@1' } });
    expectError(res, 400, 'TOKEN_EXPIRED');
    expect((await userRow(t, email))!.password_hash).toBeNull();
  });

  it('refuses a missing or oversized token with field messages', async () => {
    expectFieldErrors(await t.call({ method: 'POST', url: '/api/password/reset', payload: { password: 'Newpass@1', password_confirmation: 'Newpass@1' } }), {
      token: ['The token is required.'],
    });
    expectFieldErrors(
      await t.call({ method: 'POST', url: '/api/password/reset', payload: { token: 'x'.repeat(201), password: 'Newpass@1', password_confirmation: 'Newpass@1' } }),
      { token: ['The token may not be greater than 200 characters.'] },
    );
  });

  it('refuses a weak or mismatched password with field messages and keeps the token', async () => {
    const reseller = await signedUpReseller(t);
    const token = await resetToken(reseller.email);
    expectFieldErrors(
      await t.call({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'weak', password_confirmation: 'weak' } }),
      { password: ['Password must be at least 8 characters and contain an uppercase letter, a number and one of @$!%*?&.'] },
    );
    expectFieldErrors(
      await t.call({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'Newpass@1', password_confirmation: 'Newpass@2' } }),
      { password_confirmation: ['Passwords do not match'] },
    );
    expect((await profile(reseller.token)).statusCode).toBe(200);
    const ok = await t.call({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'Newpass@1', password_confirmation: 'Newpass@1' } });
    expect(ok.statusCode).toBe(200);
  });
});

describe.each([
  ['/api/password/resend-password-create'],
  ['/api/password/forgot'],
  ['/api/update-email'],
])('POST %s with a bad e-mail body', (url) => {
  it.each([
    ['a missing e-mail', {}, ['The email is required.']],
    ['an empty e-mail', { email: '' }, ['The email is required.']],
    ['an e-mail that is too long', { email: `${'a'.repeat(250)}@example.test` }, ['The email may not be greater than 255 characters.']],
    ['an e-mail of the wrong type', { email: 42 }, ['The email must be a string.']],
    ['a malformed e-mail', { email: 'someone@' }, ['Please enter a valid email.']],
  ])('refuses %s with 422 and sends no mail', async (_label, payload, messages) => {
    const signup = await register(t);
    const mailsBefore = t.mails().length;
    const res = await t.call({ method: 'POST', url, token: signup.updateToken, payload, remoteAddress: uniqueIp() });
    expectFieldErrors(res, { email: messages });
    expect(t.mails().length).toBe(mailsBefore);
    expect(await countUsers(t, signup.email)).toBe(1);
  });
});

describe('POST /api/update-email', () => {
  it('moves an unverified account to a new address and mails the new link there', async () => {
    const signup = await register(t);
    const oldLink = createPasswordLink(t, signup.email);
    const newEmail = uniqueEmail('corrected');
    const res = await t.call({ method: 'POST', url: '/api/update-email', token: signup.updateToken, payload: { email: newEmail } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: translate('en', 'success.emailUpdated') });
    expect(await countUsers(t, signup.email)).toBe(0);
    expect(await countUsers(t, newEmail)).toBe(1);

    const stale = await t.call({
      method: 'POST',
      url: '/api/password/create',
      payload: { email: oldLink.email, token: oldLink.token, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD },
    });
    expectError(stale, 400, 'TOKEN_EXPIRED');
    const stale2 = await t.call({
      method: 'POST',
      url: '/api/password/create',
      payload: { email: newEmail, token: oldLink.token, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD },
    });
    expectError(stale2, 400, 'TOKEN_EXPIRED');

    expect(createPasswordLink(t, newEmail).email).toBe(newEmail);
    await createPasswordFromMail(t, newEmail);
    expect((await loginRequest({ email: newEmail, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('answers 401 without the sign-up token or with a session token', async () => {
    const signup = await register(t);
    const newEmail = uniqueEmail('x');
    expectError(await t.call({ method: 'POST', url: '/api/update-email', payload: { email: newEmail } }), 401, 'C10002');
    const reseller = await signedUpReseller(t);
    expectError(await t.call({ method: 'POST', url: '/api/update-email', token: reseller.token, payload: { email: newEmail } }), 401, 'C10002');
    expect(await countUsers(t, newEmail)).toBe(0);
    expect(await countUsers(t, signup.email)).toBe(1);
  });

  it('refuses a taken address with 422 and keeps the old link working', async () => {
    const signup = await register(t);
    const taken = await signedUpReseller(t);
    const mailsBefore = mailCount(t, taken.email);
    const res = await t.call({ method: 'POST', url: '/api/update-email', token: signup.updateToken, payload: { email: taken.email } });
    expectFieldErrors(res, { email: ['The email is already taken.'] });
    expect(await countUsers(t, signup.email)).toBe(1);
    expect(mailCount(t, taken.email)).toBe(mailsBefore);
    await createPasswordFromMail(t, signup.email);
  });

  it('refuses a malformed address with 422 and changes nothing', async () => {
    const signup = await register(t);
    expectFieldErrors(
      await t.call({ method: 'POST', url: '/api/update-email', token: signup.updateToken, payload: { email: 'nope' } }),
      { email: ['Please enter a valid email.'] },
    );
    expect(await countUsers(t, signup.email)).toBe(1);
  });

  it('answers 429 after 5 mails to one address, like the resend call', async () => {
    const signup = await register(t);
    for (let i = 0; i < 5; i += 1) {
      const res = await t.call({ method: 'POST', url: '/api/update-email', token: signup.updateToken, payload: { email: signup.email }, remoteAddress: uniqueIp() });
      expect(res.statusCode).toBe(200);
    }
    const mails = mailCount(t, signup.email);
    const sixth = await t.call({ method: 'POST', url: '/api/update-email', token: signup.updateToken, payload: { email: signup.email }, remoteAddress: uniqueIp() });
    expectError(sixth, 429, 'TOO_MANY_ATTEMPTS');
    expect(mailCount(t, signup.email)).toBe(mails);
  });

  it('stops working once the account is verified', async () => {
    const signup = await register(t);
    await createPasswordFromMail(t, signup.email);
    const newEmail = uniqueEmail('late');
    expectError(await t.call({ method: 'POST', url: '/api/update-email', token: signup.updateToken, payload: { email: newEmail } }), 401, 'C10002');
    expect(await countUsers(t, signup.email)).toBe(1);
  });
});
