import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insightsActivationsEndpoint, insightsRefusalsEndpoint, insightsRenewalsEndpoint, insightsRunwayEndpoint, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './insights.service.js';

export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, insightsActivationsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.activations({ ctx, query: request.query }) };
  });

  route(app, insightsRenewalsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.renewals({ ctx, query: request.query }) };
  });

  route(app, insightsRunwayEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), ...(await service.runway({ ctx, query: request.query })) };
  });

  route(app, insightsRefusalsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.refusals({ ctx, query: request.query }) };
  });
};
