import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ok, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as widget from './social-widget.service.js';

const socialWidget = z.nullable(
  z.object({ id: z.number(), whatsapp_number: z.nullable(z.string()), telegram_number: z.nullable(z.string()) }),
);

export const socialWidgetRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The footer's messaging links, for every visitor; null until an admin saves the widget. */
  app.get(
    '/public/social-widget',
    { config: { public: true }, schema: { tags: ['social-widget'], security: [], response: { 200: ok({ data: z.object({ SocialWidget: socialWidget }) }) } } },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { SocialWidget: await widget.current(ctx) } };
    },
  );
};
