import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { LOGIN_ERROR_KEYS, loginErrorOutcome } from './login-error';

const fail = (status: number, code?: string, statusCode?: number | string, msg = 'server says', errors = {}) =>
  new ApiError(status, code, statusCode ?? status, msg, errors);

describe('loginErrorOutcome', () => {
  it('sends an unverified account (10095) to the e-mail verification page', () => {
    expect(loginErrorOutcome(fail(403, '10095', 10095))).toEqual({ kind: 'unverified' });
  });

  it('recognises the 10090 family by statusCode alone, as the specification client reads it', () => {
    expect(loginErrorOutcome(fail(403, undefined, 10095))).toEqual({ kind: 'unverified' });
  });

  it('shows the server message for a missing or disabled account (10090), else the catalogue text', () => {
    expect(loginErrorOutcome(fail(401, '10090', 10090, 'Disabled.'))).toEqual({
      kind: 'message',
      key: LOGIN_ERROR_KEYS.userNotFound,
      serverMessage: 'Disabled.',
    });
    expect(loginErrorOutcome(fail(401, '10090', 10090, ''))).toEqual({ kind: 'message', key: LOGIN_ERROR_KEYS.userNotFound });
  });

  it('shows the server message for an account blocked by an admin (10091) and for any 403', () => {
    expect(loginErrorOutcome(fail(403, '10091', 10091, 'Blocked, contact support.'))).toMatchObject({
      serverMessage: 'Blocked, contact support.',
    });
    expect(loginErrorOutcome(fail(403, 'WRONG_SIGN_IN_PAGE', 403, 'Use the other page.'))).toMatchObject({
      serverMessage: 'Use the other page.',
    });
  });

  it('asks for a valid e-mail and password on a malformed sign-in (10092)', () => {
    expect(loginErrorOutcome(fail(400, '10092', 10092))).toEqual({ kind: 'message', key: LOGIN_ERROR_KEYS.malformed });
  });

  it('puts 422 messages under their fields', () => {
    const error = fail(422, 'VALIDATION', 422, 'invalid', { email: ['Please enter a valid email.', 'second'] });
    expect(loginErrorOutcome(error)).toEqual({ kind: 'fields', fields: { email: 'Please enter a valid email.' } });
  });

  it('says Invalid credentials! for a wrong password', () => {
    expect(loginErrorOutcome(fail(401, 'INVALID_CREDENTIALS', 401))).toEqual({
      kind: 'message',
      key: LOGIN_ERROR_KEYS.invalidCredentials,
    });
  });

  it('shows the server message (with its wait) when there were too many attempts', () => {
    expect(loginErrorOutcome(fail(429, 'TOO_MANY_ATTEMPTS', 429, 'Try again in 15 minutes.'))).toEqual({
      kind: 'message',
      key: LOGIN_ERROR_KEYS.tooManyAttempts,
      serverMessage: 'Try again in 15 minutes.',
    });
  });

  it('reports a server error on 502 and a network error when nothing answered', () => {
    expect(loginErrorOutcome(fail(502))).toEqual({ kind: 'message', key: LOGIN_ERROR_KEYS.serverError });
    expect(loginErrorOutcome(new ApiError(0, 'NETWORK', undefined, 'offline'))).toEqual({
      kind: 'message',
      key: LOGIN_ERROR_KEYS.network,
    });
  });

  it('falls back to Unable to log in for anything else', () => {
    expect(loginErrorOutcome(fail(404, 'ROUTE_NOT_FOUND', 404))).toEqual({ kind: 'message', key: LOGIN_ERROR_KEYS.unable });
    expect(loginErrorOutcome(new TypeError('boom'))).toEqual({ kind: 'message', key: LOGIN_ERROR_KEYS.unable });
  });
});
