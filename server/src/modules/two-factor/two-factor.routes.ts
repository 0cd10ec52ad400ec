import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  disableTwoFactorEndpoint,
  regenerateRecoveryCodesEndpoint,
  stepUpEndpoint,
  totpConfirmEndpoint,
  totpSetupEndpoint,
  translate,
  twoFactorStatusEndpoint,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as twoFactor from './two-factor.service.js';

/** Profile → Security: every account's own second factor, so a session and no permission. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, twoFactorStatusEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await twoFactor.status(ctx) };
  });

  route(app, totpSetupEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.totpSetupStarted'), data: await twoFactor.setupTotp(ctx) };
  });

  route(app, totpConfirmEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const codes = await twoFactor.confirmTotp({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.twoFactorEnabled'), data: { recovery_codes: codes } };
  });

  route(app, regenerateRecoveryCodesEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const codes = await twoFactor.regenerateRecoveryCodes(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.recoveryCodesRegenerated'), data: { recovery_codes: codes } };
  });

  route(app, disableTwoFactorEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await twoFactor.disable(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.twoFactorDisabled') };
  });

  route(app, stepUpEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.stepUpConfirmed'), data: await twoFactor.stepUp({ ctx, input: request.body }) };
  });
};
