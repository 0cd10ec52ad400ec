import { Api, GrammyError, HttpError } from 'grammy';
import type { Config } from '../../config.js';

/**
 * A store's bot talks to the Bot API through grammY's `Api` (issue 44 asks for a maintained client),
 * at TELEGRAM_API_BASE: Telegram itself, a local Bot API server, or a stand-in in tests. Every call
 * checks Telegram's answer: `ok: false` throws a GrammyError with its code and description, a
 * network failure an HttpError (whose message grammY keeps free of the token).
 */
export function botApi(config: Pick<Config, 'telegramApiBase'>, token: string): Api {
  return new Api(token, { apiRoot: config.telegramApiBase, timeoutSeconds: 15 });
}

/** Telegram refused the token itself (revoked or never valid): 401 Unauthorized, or 404 for a malformed one. */
export const tokenRefused = (error: unknown) => error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404);

/**
 * A failed call as a log field: the method, Telegram's code and description, never the payload
 * (a message's text, a webhook's secret) nor the request's URL (which carries the token).
 */
export function telegramFailure(error: unknown): Record<string, unknown> {
  if (error instanceof GrammyError) return { method: error.method, code: error.error_code, description: redactToken(error.description) };
  if (error instanceof HttpError) return { network: redactToken(error.message) };
  return { message: redactToken(error instanceof Error ? error.message : String(error)) };
}

/** Anything shaped like a bot token (`<digits>:<secret>`) out of a text bound for a log line. */
const redactToken = (text: string) => text.replace(/\b\d{3,20}:[A-Za-z0-9_-]{20,}/g, '[token]');
