import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, notificationsAnswer, notificationsQuery, readNotificationsAnswer, translate } from '@panel/contract';
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
};
