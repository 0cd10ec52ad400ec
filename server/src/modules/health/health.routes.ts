import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { sendError } from '../../http/error-handler.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['health'], security: [], response: { 200: z.object({ status: z.literal(true), database: z.literal('up') }) } },
    },
    async (request, reply) => {
      try {
        await app.deps.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return sendError(reply, request.locale, 'UNAVAILABLE');
      }
      return { status: true as const, database: 'up' as const };
    },
  );
};
