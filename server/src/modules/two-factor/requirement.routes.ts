import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  okEnvelope,
  profileSecurityAnswer,
  profileSecurityBody,
  securitySettingsAnswer,
  securitySettingsBody,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as requirement from './requirement.service.js';
import * as twoFactor from './two-factor.service.js';

const tags = ['two-factor'];
/** A parent reseller: an account that may have sub-resellers. */
const parents = ['add-sub-reseller', 'sub-reseller-list'] as const;

/**
 * Who must have a second factor (the admin's and a parent's switches) and the reset of another
 * account's factor. Outside `/two-factor`: an account sent to its own setup does not reach these.
 */
export const twoFactorRequirementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/security',
    { config: { permission: 'security-settings' }, schema: { tags, response: { 200: securitySettingsAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await requirement.adminSettings(ctx) };
    },
  );

  app.patch(
    '/settings/security',
    { config: { permission: 'security-settings' }, schema: { tags, body: securitySettingsBody, response: { 200: securitySettingsAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await requirement.updateAdminSettings({ ctx, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'success.securitySettingsUpdated'), data };
    },
  );

  app.get(
    '/profile/security',
    { config: { permission: parents }, schema: { tags, response: { 200: profileSecurityAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await requirement.profileSecurity(ctx) };
    },
  );

  app.patch(
    '/profile/security',
    { config: { permission: parents }, schema: { tags, body: profileSecurityBody, response: { 200: profileSecurityAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await requirement.updateProfileSecurity({ ctx, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'success.securitySettingsUpdated'), data };
    },
  );

  app.post(
    '/resellers/:id/two-factor/reset',
    { config: { permission: 'edit-reseller' }, schema: { tags, params: idParam, response: { 200: okEnvelope } } },
    async (request) => {
      const ctx = ctxOf(request);
      await twoFactor.resetSecondFactor({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.twoFactorReset') };
    },
  );

  // Users and roles: the admin resets the factor of a staff or admin account the same way.
  app.post(
    '/users/:id/two-factor/reset',
    { config: { permission: 'user-roles' }, schema: { tags, params: idParam, response: { 200: okEnvelope } } },
    async (request) => {
      const ctx = ctxOf(request);
      await twoFactor.resetSecondFactor({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.twoFactorReset') };
    },
  );
};
