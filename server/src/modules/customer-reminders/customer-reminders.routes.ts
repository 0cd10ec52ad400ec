import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  publicRenewalEndpoint,
  reminderPreviewEndpoint,
  reminderSettingsEndpoint,
  saveReminderSettingsEndpoint,
  sentRemindersEndpoint,
  translate,
  unsubscribeRemindersEndpoint,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './customer-reminders.service.js';

/** Customer reminders (issue 44): the reseller's settings, last reminders and preview; the customer's renewal link and unsubscribe. */
export const customerRemindersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, reminderSettingsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.settings(ctx) };
  });

  route(app, saveReminderSettingsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.remindersSaved'), data: await service.saveSettings(ctx, request.body) };
  });

  route(app, sentRemindersEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.sent(ctx) };
  });

  route(app, reminderPreviewEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.preview(ctx, request.query.language) };
  });

  route(app, publicRenewalEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.renewal(ctx, request.params.token) };
  });

  // Mail apps POST the RFC 8058 one-click body as a form; the panel's own parsers know JSON only.
  await app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    route(form, unsubscribeRemindersEndpoint, async (request) => {
      const ctx = ctxOf(request);
      await service.unsubscribe(ctx, request.params.token);
      return { status: true as const, msg: translate(ctx.locale, 'success.remindersUnsubscribed') };
    });
  });
};
