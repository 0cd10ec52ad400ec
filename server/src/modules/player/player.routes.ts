import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playerRedeemCodeEndpoint, playerRegisterEndpoint, playerStatusEndpoint, playerStoreLinkEndpoint, playerVerifyPinEndpoint, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { redeemCode } from '../codes/codes.service.js';
import * as player from './player.service.js';

/** The media players call without a session; each call counts against its address (PLAYER_RATE_LIMIT per minute). */
export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only what the count needs (not the whole ctxOf): this hook runs on every player call.
  app.addHook('onRequest', async (request) => player.hitRateLimit({ limiter: app.deps.limiter, config: app.deps.config, ip: request.ip }));

  route(app, playerRegisterEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, ...(await player.register(ctx, request.body)) };
  });

  route(app, playerStatusEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await player.status(ctx, request.body) };
  });

  route(app, playerVerifyPinEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await player.verifyPin(ctx, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'player.pinValid') };
  });

  route(app, playerRedeemCodeEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'codes.redeemed'), data: await redeemCode(ctx, request.body) };
  });

  route(app, playerStoreLinkEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await player.storeLink(ctx, request.body) };
  });
};
