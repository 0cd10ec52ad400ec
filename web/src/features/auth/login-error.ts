import { ApiError } from '../../api/client';

/** What the sign-in screen does with a failed sign-in. */
export type LoginErrorOutcome =
  /** 10095: the account's e-mail is not verified yet; go to the e-mail verification page. */
  | { kind: 'unverified' }
  /** 422: messages under the fields. */
  | { kind: 'fields'; fields: Record<string, string> }
  /** A message above the form: the server's own sentence when it has one worth showing, else the key's text. */
  | { kind: 'message'; key: string; serverMessage?: string };

export const LOGIN_ERROR_KEYS = {
  userNotFound: 'auth.login.errors.userNotFound',
  malformed: 'auth.login.errors.malformed',
  invalidCredentials: 'auth.login.errors.invalidCredentials',
  unable: 'auth.login.errors.unable',
  tooManyAttempts: 'auth.login.errors.tooManyAttempts',
  serverError: 'auth.login.errors.serverError',
  network: 'auth.login.errors.network',
} as const;

const message = (key: string, serverMessage?: string): LoginErrorOutcome => ({
  kind: 'message',
  key,
  ...(serverMessage ? { serverMessage } : {}),
});

/** The sign-in error catalogue of core-panel.md §8, as a pure function of the failure. */
export function loginErrorOutcome(error: unknown): LoginErrorOutcome {
  if (!(error instanceof ApiError)) return message(LOGIN_ERROR_KEYS.unable);
  if (error.status === 0) return message(LOGIN_ERROR_KEYS.network);

  // The 10090 family travels in `code` and, as the specification's client reads it, in `statusCode`.
  const codes = [error.code, error.statusCode].filter((c) => c !== undefined).map(String);
  const is = (code: string) => codes.includes(code);

  if (is('10095')) return { kind: 'unverified' };
  if (is('10090')) return message(LOGIN_ERROR_KEYS.userNotFound, error.message);
  if (is('10092')) return message(LOGIN_ERROR_KEYS.malformed);
  if (error.status === 422) {
    const fields = error.fieldErrors();
    return Object.keys(fields).length > 0 ? { kind: 'fields', fields } : message(LOGIN_ERROR_KEYS.malformed);
  }
  if (error.status === 429) return message(LOGIN_ERROR_KEYS.tooManyAttempts, error.message);
  // Blocked by an admin (10091), or signing in on the wrong screen: the server's message says what to do.
  if (is('10091') || error.status === 403) return message(LOGIN_ERROR_KEYS.invalidCredentials, error.message);
  if (error.status === 401) return message(LOGIN_ERROR_KEYS.invalidCredentials);
  if (error.status >= 500) return message(LOGIN_ERROR_KEYS.serverError);
  return message(LOGIN_ERROR_KEYS.unable);
}
