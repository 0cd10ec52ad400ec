import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_WINDOW_MINUTES, translate } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  createVerifiedUser,
  expectError,
  expectFieldErrors,
  rows,
  signedUpReseller,
  uniqueIp,
  userRow,
  type TestUser,
} from '../../../test/fixtures.js';
import { sha256 } from '../../lib/secrets.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getProfile = (token: string) => t.call({ method: 'GET', url: '/api/profile', token });
const updateProfile = (token: string, payload: unknown) =>
  t.call({ method: 'PUT', url: '/api/profile/update', token, payload: payload as Record<string, unknown> });
const passcodeCall = (path: string, token: string, payload: unknown, ip?: string) =>
  t.call({ method: 'POST', url: `/api/${path}`, token, payload: payload as Record<string, unknown>, remoteAddress: ip });
const setPasscode = (token: string, passcode: unknown) => passcodeCall('set-credit-share-pass-code', token, { requestData: { passcode } });
const updatePasscode = (token: string, passcode: unknown) => passcodeCall('update-credit-share-pass', token, { requestData: { passcode } });
const validatePasscode = (token: string, passcode: unknown, ip = uniqueIp()) =>
  passcodeCall('validate-credit-share-password', token, { requestData: { passcode } }, ip);

async function loginAnswer(user: TestUser) {
  const res = await t.call({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string; hasPasscode: boolean }>();
}

describe('GET /api/profile', () => {
  it('answers the name and e-mail of the signed-in account', async () => {
    const user = await signedUpReseller(t);
    const res = await getProfile(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, msg: translate('en', 'success.ok'), data: { name: user.name, email: user.email } });
  });

  it('says whether the account is an admin, for the screens that offer an admin more', async () => {
    const reseller = await signedUpReseller(t);
    expect((await getProfile(reseller.token)).json()).toMatchObject({ data: { admin: false } });
    expect((await getProfile(await t.loginAdmin())).json()).toMatchObject({ data: { admin: true } });
  });

  it('answers 401 without a session', async () => {
    expectError(await t.call({ method: 'GET', url: '/api/profile' }), 401, 'C10002');
    expectError(await t.call({ method: 'GET', url: '/api/profile', token: 'not-a-real-token' }), 401, 'C10002');
  });

  it('answers each of many simultaneous requests with its own account, even when their sessions are read together', async () => {
    const users = [await signedUpReseller(t), await signedUpReseller(t), await signedUpReseller(t)];
    const tokens = [...Array.from({ length: 30 }, (_, i) => users[i % users.length]!.token), 'not-a-real-token'];
    const answers = await Promise.all(tokens.map((token) => getProfile(token)));
    answers.forEach((res, i) => {
      const user = users.find((u) => u.token === tokens[i]);
      if (!user) return expectError(res, 401, 'C10002');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: { email: user.email } });
    });
  });
});

describe('PUT /api/profile/update', () => {
  let unchanged: TestUser | undefined;
  let otherSession: string | undefined;

  it('renames the account and keeps its password when none is given', async () => {
    const user = await signedUpReseller(t);
    const res = await updateProfile(user.token, { name: '  Renamed Reseller ', password: '', password_confirmation: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.profileUpdated') });
    expect((await getProfile(user.token)).json().data.name).toBe('Renamed Reseller');
    expect((await loginAnswer(user)).token).toBeDefined();
  });

  it('changes the password, revokes the other sessions and keeps this one', async () => {
    const user = await signedUpReseller(t);
    const other = await t.login(user.email, user.password);
    const res = await updateProfile(user.token, { name: user.name, password: 'Changed#Pass1', password_confirmation: 'Changed#Pass1' });
    expect(res.statusCode).toBe(200);
    expect((await getProfile(user.token)).statusCode).toBe(200);
    expectError(await getProfile(other), 401, 'C10002');
    const old = await t.call({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password }, remoteAddress: uniqueIp() });
    expectError(old, 401, 'INVALID_CREDENTIALS');
    expect((await t.login(user.email, 'Changed#Pass1')).length).toBeGreaterThan(0);
  });

  it("changes only the caller's own account, whatever id or e-mail the body carries", async () => {
    const user = await signedUpReseller(t);
    const other = await signedUpReseller(t);
    const otherBefore = await userRow(t, other.email);
    const res = await updateProfile(user.token, { name: 'Only Me', id: other.id, email: other.email, user_id: other.id });
    expect(res.statusCode).toBe(200);
    expect(await userRow(t, other.email)).toEqual(otherBefore);
    expect((await userRow(t, user.email))!.name).toBe('Only Me');
  });

  it.each([
    ['a missing name', {}, { name: ['The name is required.'] }],
    ['a blank name', { name: '   ' }, { name: ['The name is required.'] }],
    ['a name that is too long', { name: 'n'.repeat(101) }, { name: ['The name may not be greater than 100 characters.'] }],
    ['a name of the wrong type', { name: ['x'] }, { name: ['The name must be a string.'] }],
    ['a NUL character in the name', { name: 'Nul\u0000Name' }, { name: ['The name is invalid.'] }],
    ['a short password without a capital or special character', { name: 'Kept', password: 'abc', password_confirmation: 'abc' }, {
      password: [
        'Password must be at least 8 characters',
        'Password must contain at least one capital letter',
        'Password must contain at least one special character',
      ],
    }],
    ['a password without a special character', { name: 'Kept', password: 'Abcdefgh1', password_confirmation: 'Abcdefgh1' }, {
      password: ['Password must contain at least one special character'],
    }],
    ['a password that is too long', { name: 'Kept', password: `A@${'x'.repeat(99)}`, password_confirmation: `A@${'x'.repeat(99)}` }, {
      password: ['The password may not be greater than 100 characters.'],
    }],
    ['a password without its confirmation', { name: 'Kept', password: 'Changed#Pass1' }, {
      password_confirmation: ['Password confirmation is required'],
    }],
    ['a confirmation that does not match', { name: 'Kept', password: 'Changed#Pass1', password_confirmation: 'Changed#Pass2' }, {
      password_confirmation: ['Passwords do not match'],
    }],
  ])('refuses %s with field messages and changes nothing', async (_label, payload, errors) => {
    // One account for every case: each case checks that it is left exactly as it was.
    const user = (unchanged ??= await signedUpReseller(t));
    const other = (otherSession ??= await t.login(user.email, user.password));
    const before = await userRow(t, user.email);
    expectFieldErrors(await updateProfile(user.token, payload), errors);
    const after = await userRow(t, user.email);
    expect(after!.name).toBe(before!.name);
    expect(after!.password_hash).toBe(before!.password_hash);
    expect((await getProfile(other)).statusCode).toBe(200);
  });

  it('refuses a password of the wrong type with 422', async () => {
    const user = await signedUpReseller(t);
    const before = await userRow(t, user.email);
    const res = await updateProfile(user.token, { name: 'Kept', password: 12345678, password_confirmation: 12345678 });
    expectFieldErrors(res, {
      password: ['The password is invalid.'],
      password_confirmation: ['The password confirmation must be a string.'],
    });
    expect((await userRow(t, user.email))!.password_hash).toBe(before!.password_hash);
  });

  it('answers field messages in Arabic for ar-EG', async () => {
    const user = await signedUpReseller(t);
    const res = await t.call({
      method: 'PUT',
      url: '/api/profile/update',
      token: user.token,
      lang: 'ar-EG',
      payload: { name: 'Kept', password: 'Changed#Pass1', password_confirmation: 'other' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password_confirmation).toEqual([translate('ar', 'validation.passwordsMustMatch')]);
    expect(res.json().msg).toBe(translate('ar', 'errors.validation'));
  });

  it('answers 401 without a session', async () => {
    expectError(await t.call({ method: 'PUT', url: '/api/profile/update', payload: { name: 'x' } }), 401, 'C10002');
  });
});

describe('PUT /api/profile/expiry-reminders', () => {
  const setReminders = (token: string, payload: unknown, lang?: string) =>
    t.call({ method: 'PUT', url: '/api/profile/expiry-reminders', token, lang, payload: payload as Record<string, unknown> });

  it('is on for a new account, and the switch turns it off and on again', async () => {
    const user = await signedUpReseller(t);
    expect((await getProfile(user.token)).json().data.expiry_reminders).toBe(true);
    const off = await setReminders(user.token, { expiry_reminders: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ status: true, msg: translate('en', 'success.expiryRemindersOff') });
    expect((await getProfile(user.token)).json().data.expiry_reminders).toBe(false);
    const on = await setReminders(user.token, { expiry_reminders: true }, 'de');
    expect(on.json()).toEqual({ status: true, msg: translate('de', 'success.expiryRemindersOn') });
    expect((await getProfile(user.token)).json().data.expiry_reminders).toBe(true);
  });

  it("changes only the caller's own account and remembers its language for the reminder mail", async () => {
    const user = await signedUpReseller(t);
    const other = await signedUpReseller(t);
    await setReminders(user.token, { expiry_reminders: false, user_id: other.id, email: other.email }, 'ar-EG');
    const [mine] = await rows<{ expiry_reminders: boolean; locale: string | null }>(t, sql`select expiry_reminders, locale from users where id = ${user.id}`);
    expect(mine).toEqual({ expiry_reminders: false, locale: 'ar' });
    expect((await getProfile(other.token)).json().data.expiry_reminders).toBe(true);
  });

  it.each([
    ['a missing value', {}],
    ['a string', { expiry_reminders: 'false' }],
    ['a number', { expiry_reminders: 0 }],
  ])('refuses %s with 422 and changes nothing', async (_label, payload) => {
    const user = await signedUpReseller(t);
    expectError(await setReminders(user.token, payload), 422, 'VALIDATION');
    expect((await getProfile(user.token)).json().data.expiry_reminders).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expectError(await t.call({ method: 'PUT', url: '/api/profile/expiry-reminders', payload: { expiry_reminders: false } }), 401, 'C10002');
  });
});

describe('GET /api/user/user-permissions', () => {
  it("answers exactly the names of the account's role", async () => {
    const user = await createVerifiedUser(t, { permissions: ['notif-bell', 'tickets list'] });
    const res = await t.call({ method: 'GET', url: '/api/user/user-permissions', token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(true);
    expect([...res.json().data].sort()).toEqual(['notif-bell', 'tickets list']);
  });

  it('answers 401 without a session', async () => {
    expectError(await t.call({ method: 'GET', url: '/api/user/user-permissions' }), 401, 'C10002');
  });
});

describe('POST /api/set-credit-share-pass-code', () => {
  let withoutPasscode: TestUser | undefined;

  it('sets the first passcode, stored with argon2id, and the login answer says so', async () => {
    const user = await signedUpReseller(t);
    expect((await loginAnswer(user)).hasPasscode).toBe(false);
    const res = await setPasscode(user.token, '123456');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.passcodeSet') });
    expect((await userRow(t, user.email))!.credit_share_passcode_hash).toMatch(/^\$argon2id\$/);
    expect((await loginAnswer(user)).hasPasscode).toBe(true);
    expect((await validatePasscode(user.token, '123456')).statusCode).toBe(200);
  });

  it('refuses a second set with 409 and keeps the first passcode', async () => {
    const user = await signedUpReseller(t);
    expect((await setPasscode(user.token, '1111')).statusCode).toBe(200);
    expectError(await setPasscode(user.token, '2222'), 409, 'PASSCODE_EXISTS', translate('en', 'errors.passcodeExists'));
    expect((await validatePasscode(user.token, '1111')).statusCode).toBe(200);
    expectError(await validatePasscode(user.token, '2222'), 403, 'INVALID_PASSCODE');
  });

  it.each([
    ['an empty passcode', '', 'Please enter a passcode.'],
    ['letters', 'ab12', 'The passcode field must be a number.'],
    ['a negative number', '-1234', 'The passcode field must be a number.'],
    ['three digits', '123', 'The passcode must be 4 to 12 digits.'],
    ['thirteen digits', '1234567890123', 'The passcode must be 4 to 12 digits.'],
    ['a number instead of a string', 1234, 'The passcode must be a string.'],
  ])('refuses %s with its message and sets nothing', async (_label, passcode, message) => {
    const user = (withoutPasscode ??= await signedUpReseller(t));
    const res = await setPasscode(user.token, passcode);
    const body = expectError(res, 422, 'VALIDATION');
    expect((body.errors as Record<string, string[]>).passcode![0]).toBe(message);
    expect((await userRow(t, user.email))!.credit_share_passcode_hash).toBeNull();
  });

  it('refuses a body without requestData with 422', async () => {
    const user = await signedUpReseller(t);
    const res = await passcodeCall('set-credit-share-pass-code', user.token, { passcode: '1234' });
    expectError(res, 422, 'VALIDATION');
    expect((await userRow(t, user.email))!.credit_share_passcode_hash).toBeNull();
  });

  it('answers 401 without a session', async () => {
    expectError(await t.call({ method: 'POST', url: '/api/set-credit-share-pass-code', payload: { requestData: { passcode: '1234' } } }), 401, 'C10002');
  });
});

describe('POST /api/update-credit-share-pass', () => {
  let withPasscode: TestUser | undefined;

  it('replaces the passcode: the new one validates, the old one no longer does', async () => {
    const user = await signedUpReseller(t);
    await setPasscode(user.token, '1234');
    const res = await updatePasscode(user.token, '987654');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.passcodeUpdated') });
    expect((await validatePasscode(user.token, '987654')).statusCode).toBe(200);
    expectError(await validatePasscode(user.token, '1234'), 403, 'INVALID_PASSCODE');
  });

  it('forgets earlier validations of every session of the account', async () => {
    const user = await signedUpReseller(t);
    await setPasscode(user.token, '1234');
    expect((await validatePasscode(user.token, '1234')).statusCode).toBe(200);
    const [validated] = await rows<{ passcode_validated_at: unknown }>(
      t,
      sql`select passcode_validated_at from sessions where token_hash = ${sha256(user.token)}`,
    );
    expect(validated!.passcode_validated_at).not.toBeNull();
    await updatePasscode(user.token, '5678');
    const left = await rows(t, sql`select 1 from sessions where user_id = ${user.id} and passcode_validated_at is not null`);
    expect(left).toHaveLength(0);
  });

  it('refuses an account whose role lacks update-credit-share-pass with 403 and changes nothing', async () => {
    const user = await createVerifiedUser(t, { permissions: ['notif-bell'] });
    await setPasscode(user.token, '1234');
    const before = (await userRow(t, user.email))!.credit_share_passcode_hash;
    expectError(await updatePasscode(user.token, '9999'), 403, 'FORBIDDEN', translate('en', 'errors.permissionDenied'));
    expect((await userRow(t, user.email))!.credit_share_passcode_hash).toBe(before);
  });

  it.each([
    ['letters', 'abcd', 'The passcode field must be a number.'],
    ['an empty passcode', '', 'Please enter a passcode.'],
    ['too many digits', '1'.repeat(13), 'The passcode must be 4 to 12 digits.'],
  ])('refuses %s with its message and keeps the passcode', async (_label, passcode, message) => {
    if (!withPasscode) {
      withPasscode = await signedUpReseller(t);
      await setPasscode(withPasscode.token, '1234');
    }
    const user = withPasscode;
    const before = (await userRow(t, user.email))!.credit_share_passcode_hash;
    const body = expectError(await updatePasscode(user.token, passcode), 422, 'VALIDATION');
    expect((body.errors as Record<string, string[]>).passcode![0]).toBe(message);
    expect((await userRow(t, user.email))!.credit_share_passcode_hash).toBe(before);
  });
});

describe('POST /api/validate-credit-share-password', () => {
  it('accepts the right passcode and remembers it on this session', async () => {
    const user = await signedUpReseller(t);
    await setPasscode(user.token, '24680');
    const res = await validatePasscode(user.token, '24680');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.passcodeValid') });
    const [row] = await rows<{ passcode_validated_at: unknown }>(
      t,
      sql`select passcode_validated_at from sessions where token_hash = ${sha256(user.token)}`,
    );
    expect(row!.passcode_validated_at).not.toBeNull();
  });

  it('refuses a wrong passcode with 403', async () => {
    const user = await signedUpReseller(t);
    await setPasscode(user.token, '24680');
    expectError(await validatePasscode(user.token, '13579'), 403, 'INVALID_PASSCODE', 'Invalid passcode');
  });

  it('answers 409 while no passcode is set', async () => {
    const user = await signedUpReseller(t);
    expectError(await validatePasscode(user.token, '1234'), 409, 'PASSCODE_NOT_SET', translate('en', 'errors.passcodeNotSet'));
  });

  it('refuses a malformed passcode with 422', async () => {
    const user = await signedUpReseller(t);
    await setPasscode(user.token, '1234');
    const body = expectError(await validatePasscode(user.token, '12a4'), 422, 'VALIDATION');
    expect(body.errors).toEqual({ passcode: ['The passcode field must be a number.'] });
  });

  it('answers 429 with Retry-After after 5 failures, even with the right passcode', async () => {
    const user = await signedUpReseller(t);
    await setPasscode(user.token, '1234');
    for (let i = 0; i < 5; i += 1) expectError(await validatePasscode(user.token, `999${i}`), 403, 'INVALID_PASSCODE');
    const blocked = await validatePasscode(user.token, '1234');
    expectError(blocked, 429, 'TOO_MANY_ATTEMPTS', translate('en', 'errors.tooManyAttempts', { count: LOGIN_WINDOW_MINUTES }));
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_MINUTES * 60);
    // Another account is not affected.
    const other = await signedUpReseller(t);
    await setPasscode(other.token, '1234');
    expect((await validatePasscode(other.token, '1234')).statusCode).toBe(200);
  });

  it('answers 429 after 20 failures from one IP across accounts', async () => {
    const ip = uniqueIp();
    const accounts = await Promise.all([1, 2, 3, 4, 5].map(() => signedUpReseller(t)));
    for (const account of accounts) await setPasscode(account.token, '1234');
    for (const account of accounts.slice(0, 4)) {
      for (let i = 0; i < 5; i += 1) expect((await validatePasscode(account.token, '0000', ip)).statusCode).not.toBe(200);
    }
    expectError(await validatePasscode(accounts[4]!.token, '1234', ip), 429, 'TOO_MANY_ATTEMPTS');
    expect((await validatePasscode(accounts[4]!.token, '1234')).statusCode).toBe(200);
  });
});

