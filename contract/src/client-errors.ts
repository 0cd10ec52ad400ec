import * as z from 'zod/mini';
import { endpoint } from './endpoint.js';

/**
 * POST /api/client-errors: the web app reports a failure it could not recover from (a screen's
 * chunk that did not load, a rendering error), so that the server's log says what failed.
 * Every field is bounded; the web app trims to these lengths before sending.
 */
export const CLIENT_ERROR_LIMITS = { message: 1000, stack: 4000, route: 300, appVersion: 64, userAgent: 500 } as const;
/** Reports one address may send per minute: a page that fails in a loop must not flood the log. */
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 10;

const bounded = (max: number) => z.string().check(z.maxLength(max));

export const clientErrorBody = z.object({
  message: bounded(CLIENT_ERROR_LIMITS.message),
  stack: z.optional(bounded(CLIENT_ERROR_LIMITS.stack)),
  /**
   * The route's pattern (`/reset-password/:token`), or the path of a screen the app could not
   * match: never a query string or a hash, where links carry tokens and e-mail addresses.
   */
  route: z.pipe(bounded(CLIENT_ERROR_LIMITS.route), z.transform((route) => route.split(/[?#]/)[0]!)),
  app_version: bounded(CLIENT_ERROR_LIMITS.appVersion),
  user_agent: bounded(CLIENT_ERROR_LIMITS.userAgent),
});
export type ClientErrorBody = z.input<typeof clientErrorBody>;

/**
 * The failure may come before sign-in (or be the sign-in itself): a session is used when sent,
 * never required. Its description quotes the server's body limit, so the route writes it.
 */
export const reportClientErrorEndpoint = endpoint({
  method: 'POST',
  path: '/client-errors',
  tags: ['client-errors'],
  public: true,
  security: [{ bearer: [] }, {}],
  body: clientErrorBody,
  answer: z.null(),
  status: 204,
});
