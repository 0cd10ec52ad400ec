import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  lowCreditEndpoint,
  profileEndpoint,
  setPasscodeEndpoint,
  translate,
  updateExpiryRemindersEndpoint,
  updateLowCreditEndpoint,
  updatePasscodeEndpoint,
  updateProfileEndpoint,
  userPermissionsEndpoint,
  validatePasscodeEndpoint,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as profile from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, profileEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await profile.getProfile(ctx) };
  });

  route(app, updateProfileEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await profile.updateProfile({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.profileUpdated') };
  });

  route(app, updateExpiryRemindersEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await profile.setExpiryReminders({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, request.body.expiry_reminders ? 'success.expiryRemindersOn' : 'success.expiryRemindersOff') };
  });

  route(app, lowCreditEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { threshold: await profile.lowCreditThreshold(ctx) } };
  });

  route(app, updateLowCreditEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const threshold = await profile.setLowCreditThreshold({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, threshold === null ? 'success.lowCreditCleared' : 'success.lowCreditSaved'), data: { threshold } };
  });

  route(app, userPermissionsEndpoint, async (request) => ({
    status: true as const,
    msg: translate(request.locale, 'success.ok'),
    data: [...request.auth!.permissions],
  }));

  route(app, setPasscodeEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await profile.setPasscode({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.passcodeSet') };
  });

  route(app, updatePasscodeEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await profile.updatePasscode({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.passcodeUpdated') };
  });

  route(app, validatePasscodeEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await profile.validatePasscode({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.passcodeValid') };
  });
};
