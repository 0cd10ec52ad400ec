import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okEnvelope, playerDeviceAnswer, playerPinBody, playerRegisterAnswer, playerRegisterBody, playerStatusBody, redeemCodeBody, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { redeemCode } from '../codes/codes.service.js';
import * as player from './player.service.js';

const tags = ['player'];
/** The media players call without a session; each call counts against its address (PLAYER_RATE_LIMIT per minute). */
const config = { public: true };
const security: [] = [];

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only what the count needs (not the whole ctxOf): this hook runs on every player call.
  app.addHook('onRequest', async (request) => player.hitRateLimit({ limiter: app.deps.limiter, config: app.deps.config, ip: request.ip }));

  app.post(
    '/player/register',
    {
      config,
      schema: {
        tags,
        security,
        description:
          "A player's first start creates its device (a free trial of the application's trial length, a device key) and stores the hash of its device_secret (an installation secret of 16+ random bytes the player generated at its first start, base64url or hex). A repeat with the same secret answers the same device, key and playlists (secret_accepted: true); without it or with another, only the MAC, status, expiry and trial (secret_accepted: false), and the miss counts like a failed sign-in: 429 with Retry-After past 20 misses in 15 minutes per address. A device that has no secret yet (registered before secrets existed, or released by its reseller) is claimed by the first register that brings one. 429 with Retry-After past PLAYER_RATE_LIMIT requests per minute per address.",
        body: playerRegisterBody,
        response: { 200: playerRegisterAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, ...(await player.register(ctx, request.body)) };
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

  app.post(
    '/player/redeem-code',
    {
      config,
      schema: {
        tags,
        security,
        description:
          "Binds an activation code to this device (registering it on its first call) and activates it until the code's expiry; answers the device as the status call does, the code's playlists included. The same device may redeem again; another device, an unknown, inactive or expired code is refused (404, 403, 409) and nothing changes. Counts against the per-address limit like every player call, so codes cannot be enumerated. A device_secret (as for register) is stored for a device this call creates, or one that has none yet.",
        body: redeemCodeBody,
        response: { 200: playerDeviceAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'codes.redeemed'), data: await redeemCode(ctx, request.body) };
    },
  );
};
