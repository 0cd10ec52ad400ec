import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okEnvelope,
  recoveryCodesAnswer,
  totpConfirmBody,
  totpSetupAnswer,
  translate,
  stepUpAnswer,
  stepUpBody,
  twoFactorStatusAnswer,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as twoFactor from './two-factor.service.js';

const tags = ['two-factor'];
const stepUpNote = 'No body. With the factor on, the session must have confirmed it in the last 10 minutes (`POST /api/step-up`), else 403 `STEP_UP_REQUIRED`.';

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
    { schema: { tags, description: stepUpNote, response: { 200: recoveryCodesAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      const codes = await twoFactor.regenerateRecoveryCodes(ctx);
      return { status: true as const, msg: translate(ctx.locale, 'success.recoveryCodesRegenerated'), data: { recovery_codes: codes } };
    },
  );

  app.post('/two-factor/disable', { schema: { tags, description: stepUpNote, response: { 200: okEnvelope } } }, async (request) => {
    const ctx = ctxOf(request);
    await twoFactor.disable(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.twoFactorDisabled') };
  });

  app.post(
    '/step-up',
    {
      schema: {
        tags,
        description:
          'A session of an account with a second factor confirms it again with a code (TOTP or recovery, each accepted once). For the next 10 minutes the calls guarded by the step-up (credit moves, API key, password and passcode changes, factor changes) go through; without it they answer 403 `STEP_UP_REQUIRED`. Five wrong codes answer 429 with `Retry-After`, like the sign-in\'s second step. API keys answer 403 `SESSION_REQUIRED`; an account without a factor 409 `TWO_FACTOR_NOT_ON`.',
        body: stepUpBody,
        response: { 200: stepUpAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.stepUpConfirmed'), data: await twoFactor.stepUp({ ctx, input: request.body }) };
    },
  );
};
