import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activatedAppsAnswer,
  activatedAppsBody,
  activationDashboardAnswer,
  activationLogsAnswer,
  activationLogsBody,
  activationRefusal,
  bulkActivateAnswer,
  bulkActivateBody,
  checkMultiAppAnswer,
  checkMultiAppBody,
  okEnvelope,
  translate,
  updateCommentBody,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { requestIdFrom } from '../credit/credit.service.js';
import * as service from './activation.service.js';

const tags = ['activation'];

export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/check-device-status-multi-app',
    { config: { permission: 'multi apps activation' }, schema: { tags, body: checkMultiAppBody, response: { 200: checkMultiAppAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.checkMultiApp({ ctx, input: request.body }) };
    },
  );

  app.post(
    '/bulk-multi-app-activate',
    {
      config: { permission: 'multi apps activation' },
      schema: {
        tags,
        description:
          'Activates one MAC address in up to 4 apps for one charge. `isConfirmed` false answers the price only; a `request-id` header makes a repeat within 24 hours answer the first result and charge nothing.',
        body: bulkActivateBody,
        response: { 200: bulkActivateAnswer, '4xx': activationRefusal },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const requestId = requestIdFrom(request.headers['request-id']);
      return service.bulkActivate({ ctx, input: request.body, requestId });
    },
  );

  app.post(
    '/activated-apps-list',
    { config: { permission: 'platform-users list' }, schema: { tags, body: activatedAppsBody, response: { 200: activatedAppsAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.activatedApps({ ctx, input: request.body }) };
    },
  );

  app.post(
    '/activation-logs',
    { config: { permission: 'transactions-logs' }, schema: { tags, body: activationLogsBody, response: { 200: activationLogsAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.activationLogs({ ctx, input: request.body }) };
    },
  );

  app.post(
    '/update-comment',
    { config: { permission: 'multi apps activation-remarks' }, schema: { tags, body: updateCommentBody, response: { 200: okEnvelope } } },
    async (request) => {
      const ctx = ctxOf(request);
      await service.updateComment({ ctx, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'activation.commentUpdated') };
    },
  );

  // A dashboard tile: every signed-in caller sees its own reach, as with the other tiles.
  app.get('/activation-log-dashboard', { schema: { tags, response: { 200: activationDashboardAnswer } } }, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { UserActiTranLogs: await service.activationDashboard(ctx) } };
  });
};
