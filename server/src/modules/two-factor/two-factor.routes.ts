import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okEnvelope,
  recoveryCodesAnswer,
  totpConfirmBody,
  totpSetupAnswer,
  translate,
  twoFactorChangeBody,
  twoFactorStatusAnswer,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as twoFactor from './two-factor.service.js';

const tags = ['two-factor'];

/** Profile → Security: every account's own second factor, so a session and no permission. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/two-factor', { schema: { tags, response: { 200: twoFactorStatusAnswer } } }, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await twoFactor.status(ctx) };
  });

  app.post('/two-factor/totp/setup', { schema: { tags, response: { 200: totpSetupAnswer } } }, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.totpSetupStarted'), data: await twoFactor.setupTotp(ctx) };
  });

  app.post('/two-factor/totp/confirm', { schema: { tags, body: totpConfirmBody, response: { 200: recoveryCodesAnswer } } }, async (request) => {
    const ctx = ctxOf(request);
    const codes = await twoFactor.confirmTotp({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.twoFactorEnabled'), data: { recovery_codes: codes } };
  });

  app.post(
    '/two-factor/recovery-codes',
    { schema: { tags, body: twoFactorChangeBody, response: { 200: recoveryCodesAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      const codes = await twoFactor.regenerateRecoveryCodes({ ctx, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'success.recoveryCodesRegenerated'), data: { recovery_codes: codes } };
    },
  );

  app.post('/two-factor/disable', { schema: { tags, body: twoFactorChangeBody, response: { 200: okEnvelope } } }, async (request) => {
    const ctx = ctxOf(request);
    await twoFactor.disable({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.twoFactorDisabled') };
  });
};
