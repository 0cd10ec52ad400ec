import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPasskeyEndpoint,
  loginPasskeyOptionsEndpoint,
  passkeyRegistrationOptionsEndpoint,
  passkeysEndpoint,
  removePasskeyEndpoint,
  renamePasskeyEndpoint,
  stepUpPasskeyOptionsEndpoint,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './passkeys.service.js';

/**
 * Profile → Security: the account's own passkeys (a session, never an API key), the passkey
 * options of the sign-in's second step (public: the challenge names the account) and of the step-up.
 */
export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, passkeysEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.list(ctx) };
  });

  route(app, passkeyRegistrationOptionsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { ...(await service.registrationOptions(ctx)) } };
  });

  route(app, addPasskeyEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const { passkey, recoveryCodes } = await service.register({ ctx, input: request.body });
    return reply.status(201).send({
      status: true as const,
      msg: translate(ctx.locale, 'success.passkeyAdded'),
      data: passkey,
      ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}),
    });
  });

  route(app, renamePasskeyEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const passkey = await service.rename({ ctx, id: request.params.id, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.passkeyRenamed'), data: passkey };
  });

  route(app, removePasskeyEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.remove({ ctx, id: request.params.id });
    return { status: true as const, msg: translate(ctx.locale, 'success.passkeyRemoved') };
  });

  route(app, loginPasskeyOptionsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { ...(await service.loginOptions(ctx, request.body)) } };
  });

  route(app, stepUpPasskeyOptionsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { ...(await service.stepUpPasskeyOptions(ctx)) } };
  });
};
