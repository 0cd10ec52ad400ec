import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminNotificationsAnswer,
  createNotificationBody,
  idParam,
  NOTIFICATION_BODY_MAX_BYTES,
  notificationDeletedAnswer,
  notificationsAnswer,
  notificationsQuery,
  notificationStatusAnswer,
  okEnvelope,
  readNotificationsAnswer,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as service from './notifications.service.js';

const tags = ['notifications'];
const readers = ['notif-bell', 'offers&notifications'] as const;

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/resellers-notifications',
    { config: { permission: readers }, schema: { tags, querystring: notificationsQuery, response: { 200: notificationsAnswer } } },
    async (request) => {
      const result = await service.listForReseller({ ctx: ctxOf(request), query: request.query });
      return {
        status: true as const,
        msg: translate(request.locale, 'success.ok'),
        data: { notifications: result.notifications, readNotifications: result.readNotifications },
        meta: result.meta,
        unread_count: result.unread,
      };
    },
  );

  app.post(
    '/notifications/:id/read',
    { config: { permission: readers }, schema: { tags, params: idParam, response: { 200: readNotificationsAnswer } } },
    async (request) => {
      const result = await service.markRead({ ctx: ctxOf(request), id: request.params.id });
      return { status: true as const, msg: translate(request.locale, 'success.ok'), data: { readNotifications: result.readNotifications }, unread_count: result.unread };
    },
  );

  app.post(
    '/notifications/read-all',
    { config: { permission: readers }, schema: { tags, response: { 200: readNotificationsAnswer } } },
    async (request) => {
      const result = await service.markAllRead(ctxOf(request));
      return { status: true as const, msg: translate(request.locale, 'success.ok'), data: { readNotifications: result.readNotifications }, unread_count: result.unread };
    },
  );

  app.post(
    '/create-notifications',
    {
      config: { permission: 'add-res-notif' },
      // Embedded images may reach 10 MB: this route alone takes a larger body.
      bodyLimit: NOTIFICATION_BODY_MAX_BYTES,
      schema: {
        tags,
        description:
          "Publishes an announcement or offer to every reseller's bell: title and rich-text description (at most 65,000 characters of text, base64 raster images up to 10 MB in all), sanitised before it is stored.",
        body: createNotificationBody,
        response: { 201: okEnvelope },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      await service.createNotification({ ctx, input: request.body });
      return reply.code(201).send({ status: true as const, msg: translate(ctx.locale, 'notifications.created') });
    },
  );

  app.get(
    '/get-notifications',
    {
      config: { permission: ['res-notif-list', 'add-res-notif'] },
      schema: { tags, description: 'Every notification, active or not, newest first (the admin list).', querystring: notificationsQuery, response: { 200: adminNotificationsAnswer } },
    },
    async (request) => {
      const result = await service.listForAdmin({ ctx: ctxOf(request), query: request.query });
      return { status: true as const, msg: translate(request.locale, 'notifications.listed'), data: { notifications: result.notifications }, meta: result.meta };
    },
  );

  app.put(
    '/change-notifications/:id/status',
    { config: { permission: 'res-notif-list' }, schema: { tags, description: 'Switches a notification between 1 (Active) and 0 (Not Active).', params: idParam, response: { 200: notificationStatusAnswer } } },
    async (request) => ({ status: true as const, ...(await service.toggleNotification({ ctx: ctxOf(request), id: request.params.id })) }),
  );

  app.delete(
    '/delete-notifications/:id',
    { config: { permission: 'res-notif-list' }, schema: { tags, description: 'Deletes a notification and its read marks.', params: idParam, response: { 200: notificationDeletedAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      await service.deleteNotification({ ctx, id: request.params.id });
      const msg = translate(ctx.locale, 'notifications.deleted');
      return { status: true as const, statusCode: 200, msg, message: msg };
    },
  );
};
