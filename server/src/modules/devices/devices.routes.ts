import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boxSummaryEndpoint,
  checkDeviceEndpoint,
  disableBoxesEndpoint,
  disableDeviceEndpoint,
  enableBoxesEndpoint,
  enableDeviceEndpoint,
  releaseClaimEndpoint,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as devices from './devices.service.js';

export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, checkDeviceEndpoint, async (request) => devices.checkDevice(ctxOf(request), request.body));

  for (const [change, endpoint] of [
    ['disable', disableDeviceEndpoint],
    ['enable', enableDeviceEndpoint],
  ] as const) {
    route(app, endpoint, async (request) => {
      const ctx = ctxOf(request);
      const data = await devices.toggleDevice(ctx, change, request.body);
      return { status: true as const, msg: translate(ctx.locale, change === 'disable' ? 'devices.disabled' : 'devices.enabled'), data };
    });
  }

  route(app, releaseClaimEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await devices.releaseClaim(ctx, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'devices.claimReleased') };
  });

  route(app, boxSummaryEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await devices.boxSummary(ctx, request.params.id) };
  });

  route(app, disableBoxesEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await devices.disableBoxes(ctx, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'devices.boxesDisabled', { ...data, count: data.requested }), data };
  });

  route(app, enableBoxesEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await devices.enableBoxes(ctx, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'devices.boxesEnabled', { ...data, count: data.requested }), data };
  });
};
