import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  profileSecurityEndpoint,
  resetResellerTwoFactorEndpoint,
  resetUserTwoFactorEndpoint,
  securitySettingsEndpoint,
  translate,
  updateProfileSecurityEndpoint,
  updateSecuritySettingsEndpoint,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as requirement from './requirement.service.js';
import * as twoFactor from './two-factor.service.js';

/**
 * Who must have a second factor (the admin's and a parent's switches) and the reset of another
 * account's factor. Outside `/two-factor`: an account sent to its own setup does not reach these.
 */
export const twoFactorRequirementRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, securitySettingsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await requirement.adminSettings(ctx) };
  });

  route(app, updateSecuritySettingsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await requirement.updateAdminSettings({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.securitySettingsUpdated'), data };
  });

  route(app, profileSecurityEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await requirement.profileSecurity(ctx) };
  });

  route(app, updateProfileSecurityEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await requirement.updateProfileSecurity({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.securitySettingsUpdated'), data };
  });

  // A reseller's factor (by its parent or an admin) and, in users and roles, a staff or admin account's.
  for (const endpoint of [resetResellerTwoFactorEndpoint, resetUserTwoFactorEndpoint]) {
    route(app, endpoint, async (request) => {
      const ctx = ctxOf(request);
      await twoFactor.resetSecondFactor({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.twoFactorReset') };
    });
  }
};
