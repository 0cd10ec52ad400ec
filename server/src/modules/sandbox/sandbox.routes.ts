import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addTestCreditEndpoint, modesEndpoint, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './sandbox.service.js';

/** Live routes about the modes: what the web app asks before offering the sandbox. */
export const modesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, modesEndpoint, async (request) => ({
    status: true as const,
    msg: translate(request.locale, 'sandbox.modes'),
    data: { sandbox_enabled: app.deps.config.sandboxEnabled },
  }));
};

/** Routes that exist only under /api/sandbox. */
export const sandboxOnlyRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, addTestCreditEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.addTestCredit(ctx, request.body.credit_points);
    return { status: true as const, msg: translate(ctx.locale, 'sandbox.testCreditAdded', { count: data.added }), data };
  });
};
