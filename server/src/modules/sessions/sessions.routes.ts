import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endSessionEndpoint, sessionsEndpoint, signOutOthersEndpoint, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './sessions.service.js';

/** The caller's own sessions: every account may see and end its own, so no permission beyond a session. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, sessionsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.listSessions(ctx) };
  });

  route(app, endSessionEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.endSession({ ctx, id: request.params.id });
    return { status: true as const, msg: translate(ctx.locale, 'success.sessionEnded') };
  });

  route(app, signOutOthersEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const ended = await service.signOutOthers(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.otherSessionsEnded', { count: ended }), ended };
  });
};
