import { pathOf, SANDBOX_PREFIX, type AnswerOf, type BodyIn, type Endpoint, type ErrorEnvelope, type PathParams, type QueryIn } from '@panel/contract';
import { ACCEPT_LANGUAGE, currentLocale, i18n } from '../i18n';
import { currentMode } from '../lib/mode';
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
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or a `FormData` sent as multipart (file uploads): the browser then writes the content type and its boundary. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** A bearer other than the session's (the sign-up token on the update-email screen). */
  token?: string;
  /** Sign-in screens handle their own 401s; every other 401 means the session is over. */
  allowUnauthorized?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (the credit moves' `request-id` and `timestamp`). */
  headers?: Record<string, string>;
};

/**
 * Asks the person to confirm their second factor (the step-up modal, mounted once near the app's
 * root): resolves true once `POST /api/step-up` confirmed it, false when they cancel.
 */
export type StepUpHandler = () => Promise<boolean>;
let onStepUpRequired: StepUpHandler | undefined;

/** The step-up modal registers itself here; without one, STEP_UP_REQUIRED fails like any error. */
export function setStepUpHandler(handler: StepUpHandler | undefined) {
  onStepUpRequired = handler;
}

let onSessionExpired: () => void = () => {
  session.clear();
  window.location.assign('/login');
};

/** The router replaces the hard reload with a client-side redirect. */
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

let onTwoFactorSetupRequired: () => void = () => {};

/**
 * An account that must turn a second factor on gets 403 TWO_FACTOR_SETUP_REQUIRED from every call
 * but its security setup: the router then takes it to that screen, wherever the call came from.
 */
export function setTwoFactorSetupHandler(handler: () => void) {
  onTwoFactorSetupRequired = handler;
}

/**
 * Calls that ask the live side whatever the mode: whether the sandbox exists at all, the session's
 * step-up, and the backups (of the live database; the sandbox serves no such call).
 */
const ALWAYS_LIVE = new Set(['/public/modes', '/step-up', '/step-up/passkey-options', '/backups']);

/**
 * Where a call goes (core-panel.md §4 "Mode"): `/api` in live mode, `/api/sandbox` in the
 * sandbox, which serves every call again on data of its own with the same session.
 */
function apiUrl(path: string): URL {
  const prefix = currentMode() === 'sandbox' && !ALWAYS_LIVE.has(path) ? SANDBOX_PREFIX : '/api';
  return new URL(`${prefix}${path}`, window.location.origin);
}

/**
 * Sends one request with the bearer token and Accept-Language; a failed answer becomes an `ApiError`.
 * A call the server holds back for a step-up (403 STEP_UP_REQUIRED: money or secrets move) asks
 * the person for a code and is sent once more when they confirm; cancelled, it fails with that 403.
 */
async function send(path: string, options: Options, accept: string): Promise<Response> {
  try {
    return await sendOnce(path, options, accept);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 403 && error.code === 'STEP_UP_REQUIRED' && onStepUpRequired)) throw error;
    if (!(await onStepUpRequired())) throw error;
    return sendOnce(path, options, accept);
  }
}

async function sendOnce(path: string, options: Options, accept: string): Promise<Response> {
  const url = apiUrl(path);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const token = options.token ?? session.token();
  const headers: Record<string, string> = { ...options.headers, 'accept-language': ACCEPT_LANGUAGE[currentLocale()], accept };
  if (token) headers.authorization = `Bearer ${token}`;
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', undefined, i18n.t('common.networkError'));
  }
  if (response.ok) return response;

  const envelope = parseJson(await response.text()) as Partial<ErrorEnvelope> | undefined;
  if (response.status === 401 && !options.allowUnauthorized) onSessionExpired();
  if (response.status === 403 && envelope?.code === 'TWO_FACTOR_SETUP_REQUIRED') onTwoFactorSetupRequired();
  const message =
    envelope?.msg ?? (response.status === 502 ? i18n.t('common.serverError') : i18n.t('common.unexpectedError'));
  throw new ApiError(response.status, envelope?.code, envelope?.statusCode, message, envelope?.errors ?? {});
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The one fetch client: bearer token, Accept-Language, JSON, and the error envelope turned into `ApiError`. */
export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  return parseJson(await response.text()) as T;
}

/** What a call of an endpoint sends: its path's parameters, its query and its body, typed by the endpoint. */
export type CallInput<E extends Endpoint> = Omit<Options, 'method' | 'body' | 'query'> &
  (keyof PathParams<E['path']> extends never ? { params?: undefined } : { params: { [K in keyof PathParams<E['path']>]: string | number } }) & {
    /** JSON, or a `FormData` for an upload. */
    body?: BodyIn<E> | FormData;
    query?: { [K in keyof QueryIn<E>]?: string | number | undefined };
  };

type Optional<E extends Endpoint> = keyof PathParams<E['path']> extends never ? [input?: CallInput<E>] : [input: CallInput<E>];

/** Calls a contract endpoint: its method and path come from the contract, its answer is typed by it. */
export function call<E extends Endpoint>(endpoint: E, ...[input]: Optional<E>): Promise<AnswerOf<E>> {
  const { params, ...options } = (input ?? {}) as CallInput<Endpoint> & { params?: Record<string, string | number> };
  return api<AnswerOf<E>>(pathOf(endpoint.path, params), { ...options, method: endpoint.method });
}

/** Downloads the file a contract endpoint answers (the CSV reports). */
export function callDownload<E extends Endpoint>(endpoint: E, input: CallInput<E> & { fallbackName: string }): Promise<Download> {
  const { params, ...options } = input as CallInput<Endpoint> & { params?: Record<string, string | number>; fallbackName: string };
  return apiDownload(pathOf(endpoint.path, params), { ...options, method: endpoint.method });
}

export type Download = { blob: Blob; filename: string };

/**
 * A file answer (the CSV reports): the body as a blob and the name from Content-Disposition.
 * Failures answer the JSON error envelope like every other call.
 */
export async function apiDownload(path: string, options: Options & { fallbackName: string }): Promise<Download> {
  const response = await send(path, options, 'text/csv, application/octet-stream, application/json');
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), filename: filename ? decodeURIComponent(filename) : options.fallbackName };
}

/** Hands a downloaded file to the browser's download manager. */
export function saveDownload({ blob, filename }: Download) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the URL to the download by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
