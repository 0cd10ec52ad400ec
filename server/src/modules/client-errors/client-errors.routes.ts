import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_ERROR_REPORTS_PER_MINUTE, reportClientErrorEndpoint } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as clientErrors from './client-errors.service.js';

/** Far above a report's bounded fields, far below the app's 1 MB: a larger body is refused unread (413). */
const BODY_LIMIT = 16 * 1024;

export const clientErrorsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    reportClientErrorEndpoint,
    async (request, reply) => {
      clientErrors.logClientError(ctxOf(request), request.body);
      return reply.status(204).send(null);
    },
    {
      bodyLimit: BODY_LIMIT,
      onRequest: async (request) => clientErrors.hitRateLimit(ctxOf(request)),
      schema: {
        description: `The web app reports a failure it could not recover from (a part of the app that did not load after a retry, a rendering error); the server logs it at warn as "client error reported", without query strings or e-mail addresses. A session is optional. 413 above ${BODY_LIMIT / 1024} KB, 422 past a field's length, 429 with Retry-After past ${CLIENT_ERROR_REPORTS_PER_MINUTE} reports per minute per address.`,
      },
    },
  );
};
