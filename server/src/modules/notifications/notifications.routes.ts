import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminNotificationsEndpoint,
  changeNotificationStatusEndpoint,
  createNotificationEndpoint,
  deleteNotificationEndpoint,
  markAllNotificationsReadEndpoint,
  markNotificationReadEndpoint,
  NOTIFICATION_BODY_MAX_BYTES,
  notificationsEndpoint,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './notifications.service.js';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, notificationsEndpoint, async (request) => {
    const result = await service.listForReseller({ ctx: ctxOf(request), query: request.query });
    return {
      status: true as const,
      msg: translate(request.locale, 'success.ok'),
      data: { notifications: result.notifications, readNotifications: result.readNotifications },
      meta: result.meta,
      unread_count: result.unread,
    };
  });

  route(app, markNotificationReadEndpoint, async (request) => {
    const result = await service.markRead({ ctx: ctxOf(request), id: request.params.id });
    return { status: true as const, msg: translate(request.locale, 'success.ok'), data: { readNotifications: result.readNotifications }, unread_count: result.unread };
  });

  route(app, markAllNotificationsReadEndpoint, async (request) => {
    const result = await service.markAllRead(ctxOf(request));
    return { status: true as const, msg: translate(request.locale, 'success.ok'), data: { readNotifications: result.readNotifications }, unread_count: result.unread };
  });

  route(
    app,
    createNotificationEndpoint,
    async (request, reply) => {
      const ctx = ctxOf(request);
      await service.createNotification({ ctx, input: request.body });
      return reply.code(201).send({ status: true as const, msg: translate(ctx.locale, 'notifications.created') });
    },
    // Embedded images may reach 10 MB: this route alone takes a larger body.
    { bodyLimit: NOTIFICATION_BODY_MAX_BYTES },
  );

  route(app, adminNotificationsEndpoint, async (request) => {
    const result = await service.listForAdmin({ ctx: ctxOf(request), query: request.query });
    return { status: true as const, msg: translate(request.locale, 'notifications.listed'), data: { notifications: result.notifications }, meta: result.meta };
  });

  route(app, changeNotificationStatusEndpoint, async (request) => ({
    status: true as const,
    ...(await service.toggleNotification({ ctx: ctxOf(request), id: request.params.id })),
  }));

  route(app, deleteNotificationEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.deleteNotification({ ctx, id: request.params.id });
    const msg = translate(ctx.locale, 'notifications.deleted');
    return { status: true as const, statusCode: 200, msg, message: msg };
  });
};
