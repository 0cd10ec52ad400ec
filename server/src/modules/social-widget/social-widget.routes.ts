import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setSocialWidgetBody, socialWidgetAnswer, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as widget from './social-widget.service.js';

const tags = ['social-widget'];

export const socialWidgetRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The footer's messaging links, for every visitor; null until an admin saves the widget. */
  app.get(
    '/public/social-widget',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        description: "The footer's WhatsApp and Telegram: the admin's, or for a signed-in sub-reseller its parent's when the parent has set one.",
        response: { 200: socialWidgetAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { SocialWidget: await widget.current(ctx) } };
    },
  );

  app.post(
    '/get-social-widget',
    { config: { permission: 'view-social-widget' }, schema: { tags, description: "The caller's own widget (null until saved).", response: { 200: socialWidgetAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { SocialWidget: await widget.own(ctx) } };
    },
  );

  app.post(
    '/set-social-widget',
    {
      config: { permission: 'view-social-widget' },
      schema: {
        tags,
        description: 'Saves the caller\'s widget: WhatsApp in international form (+ country code and digits), Telegram username of 5 to 32 letters, digits or underscores (an optional leading @); an empty field clears it.',
        body: setSocialWidgetBody,
        response: { 200: socialWidgetAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'socialWidget.saved'), data: { SocialWidget: await widget.save(ctx, request.body.requestData) } };
    },
  );
};
