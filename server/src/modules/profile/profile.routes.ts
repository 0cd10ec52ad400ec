import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { expiryRemindersBody, ok, okEnvelope, passcodeBody, profileAnswer, profileBody, translate } from '@panel/contract';
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
