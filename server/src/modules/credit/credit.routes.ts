import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ok, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as credit from './credit.service.js';

export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get-resellers/credit-points',
    { schema: { tags: ['credit'], response: { 200: ok({ credit_point: z.number(), data: z.object({ credit_point: z.number() }) }) } } },
    async (request) => {
      const ctx = ctxOf(request);
      const creditPoint = await credit.balanceOf(ctx);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), credit_point: creditPoint, data: { credit_point: creditPoint } };
    },
  );
};
