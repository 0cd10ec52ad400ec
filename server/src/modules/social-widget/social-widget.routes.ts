import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSocialWidgetEndpoint, publicSocialWidgetEndpoint, setSocialWidgetEndpoint, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as widget from './social-widget.service.js';

export const socialWidgetRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, publicSocialWidgetEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { SocialWidget: await widget.current(ctx) } };
  });

  route(app, getSocialWidgetEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { SocialWidget: await widget.own(ctx) } };
  });

  route(app, setSocialWidgetEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'socialWidget.saved'), data: { SocialWidget: await widget.save(ctx, request.body.requestData) } };
  });
};
