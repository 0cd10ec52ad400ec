import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { expiryRemindersBody, LOW_CREDIT_THRESHOLD_MAX, lowCreditAnswer, lowCreditBody, ok, okEnvelope, passcodeBody, profileAnswer, profileBody, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as profile from './profile.service.js';

const tags = ['profile'];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/profile', { schema: { tags, response: { 200: profileAnswer } } }, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await profile.getProfile(ctx) };
  });

  app.put('/profile/update', { schema: { tags, body: profileBody, response: { 200: okEnvelope } } }, async (request) => {
    const ctx = ctxOf(request);
    await profile.updateProfile({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.profileUpdated') };
  });

  app.put(
    '/profile/expiry-reminders',
    { schema: { tags, body: expiryRemindersBody, response: { 200: okEnvelope } } },
    async (request) => {
      const ctx = ctxOf(request);
      await profile.setExpiryReminders({ ctx, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, request.body.expiry_reminders ? 'success.expiryRemindersOn' : 'success.expiryRemindersOff') };
    },
  );

  app.get(
    '/profile/low-credit',
    { schema: { tags, description: 'The account\'s low-balance threshold for the `credit.low` webhook event; null when none.', response: { 200: lowCreditAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { threshold: await profile.lowCreditThreshold(ctx) } };
    },
  );

  app.patch(
    '/profile/low-credit',
    {
      schema: {
        tags,
        description: `threshold: a whole number from 0 to ${LOW_CREDIT_THRESHOLD_MAX} (digits accepted), or null or '' for none. A move that takes the balance under it sends one \`credit.low\` event, not again until the balance is back at or above it. Setting it sends nothing; a balance already at or above the new line re-arms the event.`,
        body: lowCreditBody,
        response: { 200: lowCreditAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const threshold = await profile.setLowCreditThreshold({ ctx, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, threshold === null ? 'success.lowCreditCleared' : 'success.lowCreditSaved'), data: { threshold } };
    },
  );

  app.get(
    '/user/user-permissions',
    { schema: { tags, response: { 200: ok({ data: z.array(z.string()) }) } } },
    async (request) => ({
      status: true as const,
      msg: translate(request.locale, 'success.ok'),
      data: [...request.auth!.permissions],
    }),
  );

  app.post('/set-credit-share-pass-code', { schema: { tags, body: passcodeBody, response: { 200: okEnvelope } } }, async (request) => {
    const ctx = ctxOf(request);
    await profile.setPasscode({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.passcodeSet') };
  });

  app.post(
    '/update-credit-share-pass',
    { config: { permission: 'update-credit-share-pass' }, schema: { tags, body: passcodeBody, response: { 200: okEnvelope } } },
    async (request) => {
      const ctx = ctxOf(request);
      await profile.updatePasscode({ ctx, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'success.passcodeUpdated') };
    },
  );

  app.post('/validate-credit-share-password', { schema: { tags, body: passcodeBody, response: { 200: okEnvelope } } }, async (request) => {
    const ctx = ctxOf(request);
    await profile.validatePasscode({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.passcodeValid') };
  });
};
