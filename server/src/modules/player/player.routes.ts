import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okEnvelope, playerDeviceAnswer, playerPinBody, playerRegisterBody, playerStatusBody, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as player from './player.service.js';

const tags = ['player'];
/** The media players call without a session; each call counts against its address (PLAYER_RATE_LIMIT per minute). */
const config = { public: true };
const security: [] = [];

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => player.hitRateLimit(ctxOf(request)));

  app.post(
    '/player/register',
    {
      config,
      schema: {
        tags,
        security,
        description:
          "A player's first start creates its device (a free trial of the application's trial length, a device key); repeating the call answers the same device and key. 429 with Retry-After past PLAYER_RATE_LIMIT requests per minute per address.",
        body: playerRegisterBody,
        response: { 200: playerDeviceAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await player.register(ctx, request.body) };
    },
  );

  app.post(
    '/player/status',
    {
      config,
      schema: {
        tags,
        security,
        description: 'The device, its expiry and its playlists (a protected playlist without its PIN). Wrong device key: 403 C10405; unknown device: 404 C10404.',
        body: playerStatusBody,
        response: { 200: playerDeviceAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await player.status(ctx, request.body) };
    },
  );

  app.post(
    '/player/verify-pin',
    {
      config,
      schema: {
        tags,
        security,
        description: "Checks a protected playlist's PIN (403 INVALID_PIN when wrong): the player never receives the PIN itself.",
        body: playerPinBody,
        response: { 200: okEnvelope },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await player.verifyPin(ctx, request.body);
      return { status: true as const, msg: translate(ctx.locale, 'player.pinValid') };
    },
  );
};
