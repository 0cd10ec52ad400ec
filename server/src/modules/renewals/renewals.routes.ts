import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { expiringDevicesEndpoint, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './renewals.service.js';

export const renewalsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, expiringDevicesEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.expiringDevices({ ctx, query: request.query }) };
  });
};
