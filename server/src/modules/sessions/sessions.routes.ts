import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, okEnvelope, sessionsAnswer, signOutOthersAnswer, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as service from './sessions.service.js';

const tags = ['sessions'];

/** The caller's own sessions: every account may see and end its own, so no permission beyond a session. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sessions',
    {
      schema: {
        tags,
        description: "The caller's sessions that have not expired, its own first (`current: true`). Never a token: `id` is what ending one takes.",
        response: { 200: sessionsAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.listSessions(ctx) };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags,
        description: "Ends one of the caller's sessions (the caller's own one too, as a logout does). Another account's session id answers 404.",
        params: idParam,
        response: { 200: okEnvelope },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await service.endSession({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.sessionEnded') };
    },
  );

  // An action on the collection, as Stripe names its actions (POST …/cancel): a DELETE with a
  // query flag would make "delete all my sessions" one forgotten parameter away.
  app.post(
    '/sessions/sign-out-others',
    {
      schema: {
        tags,
        description: "Ends every session of the caller's account but the caller's own; `ended` says how many.",
        response: { 200: signOutOthersAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const ended = await service.signOutOthers(ctx);
      return { status: true as const, msg: translate(ctx.locale, 'success.otherSessionsEnded', { count: ended }), ended };
    },
  );
};
