import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activatedAppsEndpoint,
  activationDashboardEndpoint,
  activationLogsEndpoint,
  activationReportEndpoint,
  bulkActivateEndpoint,
  checkMultiAppEndpoint,
  translate,
  undoActivationEndpoint,
  undoSettingsEndpoint,
  updateCommentEndpoint,
  updateUndoSettingsEndpoint,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { sendCsv } from '../../lib/csv.js';
import { requestIdFrom } from '../../lib/idempotency.js';
import * as service from './activation.service.js';
import { undoActivation } from './undo.service.js';
import { undoSettings, updateUndoSettings } from './undo-window.js';

export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, checkMultiAppEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.checkMultiApp({ ctx, input: request.body }) };
  });

  route(app, bulkActivateEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const requestId = requestIdFrom(request.headers['request-id']);
    return service.bulkActivate({ ctx, input: request.body, requestId });
  });

  route(app, undoActivationEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const requestId = requestIdFrom(request.headers['request-id']);
    return undoActivation({ ctx, id: request.params.id, requestId });
  });

  route(app, undoSettingsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await undoSettings(ctx) };
  });

  route(app, updateUndoSettingsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await updateUndoSettings({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'activation.undoSettingsUpdated'), data };
  });

  route(app, activatedAppsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.activatedApps({ ctx, input: request.body }) };
  });

  route(app, activationLogsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.activationLogs({ ctx, input: request.body }) };
  });

  route(app, updateCommentEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.updateComment({ ctx, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'activation.commentUpdated') };
  });

  route(app, activationDashboardEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { UserActiTranLogs: await service.activationDashboard(ctx) } };
  });

  route(app, activationReportEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const chunks = await service.activationReport({ ctx, input: request.body });
    return sendCsv(reply, `activations-reseller-${request.body.reseller_id}.csv`, chunks);
  });
};
