import { CLIENT_ERROR_REPORTS_PER_MINUTE, type ClientErrorBody } from '@panel/contract';
import { redactUrl } from '../../lib/redact-url.js';
import { AppError } from '../../http/app-error.js';
import type { Ctx } from '../../http/context.js';
import { retryAfterSeconds } from '../../lib/rate-limiter.js';

const WINDOW_MS = 60_000;

/**
 * Counts this report against the caller's address; past the limit a 429 says when to come back.
 * Runs before the body is read, so oversized and malformed reports count too.
 */
export async function hitRateLimit(ctx: Ctx) {
  const window = await ctx.limiter.hit(`client-errors:${ctx.ip}`, WINDOW_MS);
  if (window.count > CLIENT_ERROR_REPORTS_PER_MINUTE) {
    const seconds = retryAfterSeconds(window);
    throw new AppError('TOO_MANY_REQUESTS', { params: { count: seconds }, headers: { 'retry-after': String(seconds) } });
  }
}

const QUERY = /\?[^\s)'"]*/g;
const EMAIL = /[^\s@/:()'"<>]+@[^\s@/:()'"<>]+\.[^\s@/:()'"<>]+/g;

/**
 * A browser's message or stack may quote a URL with its query string (where links carry tokens)
 * or an address someone typed: the log keeps neither.
 */
function scrub(text: string): string {
  return redactUrl(text).replace(QUERY, '').replace(EMAIL, '[email]');
}

/** One warn line per report, with a stable message to search the log for; the caller by id only. */
export function logClientError(ctx: Ctx, report: ClientErrorBody) {
  ctx.log.warn(
    {
      clientError: {
        message: scrub(report.message),
        stack: report.stack === undefined ? undefined : scrub(report.stack),
        route: scrub(report.route),
        appVersion: report.app_version,
        userAgent: report.user_agent,
        userId: ctx.auth?.userId,
      },
    },
    'client error reported',
  );
}
