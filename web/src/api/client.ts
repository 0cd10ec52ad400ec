import type { ErrorEnvelope } from '@panel/contract';
import { ACCEPT_LANGUAGE, currentLocale, i18n } from '../i18n';
import { session } from '../lib/session';

/** An API failure: the envelope of DESIGN.md §3, or a network failure (`status` 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    /** The catalogue code as the specification's client reads it (`10095`, `C10014`, or the HTTP status). */
    readonly statusCode: number | string | undefined,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }

  /** The first message of each field, as forms show them under their inputs. */
  fieldErrors(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.errors).map(([field, messages]) => [field, messages[0] ?? '']));
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** A bearer other than the session's (the sign-up token on the update-email screen). */
  token?: string;
  /** Sign-in screens handle their own 401s; every other 401 means the session is over. */
  allowUnauthorized?: boolean;
  signal?: AbortSignal;
};

let onSessionExpired: () => void = () => {
  session.clear();
  window.location.assign('/login');
};

/** The router replaces the hard reload with a client-side redirect. */
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

/** The one fetch client: bearer token, Accept-Language, JSON, and the error envelope turned into `ApiError`. */
export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const token = options.token ?? session.token();
  const headers: Record<string, string> = { 'accept-language': ACCEPT_LANGUAGE[currentLocale()], accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', undefined, i18n.t('common.networkError'));
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.ok) return body as T;

  const envelope = body as Partial<ErrorEnvelope> | undefined;
  if (response.status === 401 && !options.allowUnauthorized) onSessionExpired();
  const message =
    envelope?.msg ?? (response.status === 502 ? i18n.t('common.serverError') : i18n.t('common.unexpectedError'));
  throw new ApiError(response.status, envelope?.code, envelope?.statusCode, message, envelope?.errors ?? {});
}
