import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activatedAppsAnswer,
  activationReportBody,
  activatedAppsBody,
  activationDashboardAnswer,
  activationLogsAnswer,
  activationLogsBody,
  activationRefusal,
  bulkActivateAnswer,
  bulkActivateBody,
  checkMultiAppAnswer,
  checkMultiAppBody,
  errorEnvelope,
  idParam,
  okEnvelope,
  translate,
  undoActivationAnswer,
  undoSettingsAnswer,
  undoSettingsBody,
  updateCommentBody,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { sendCsv } from '../../lib/csv.js';
import { requestIdFrom } from '../../lib/idempotency.js';
import * as service from './activation.service.js';
import { undoActivation } from './undo.service.js';
import { undoSettings, updateUndoSettings } from './undo-window.js';

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
    '/activations/:id/undo',
    {
      // Whoever may activate may undo: the payer, its parent (the row is in its reach) or an admin.
      config: { permission: 'multi apps activation' },
      schema: {
        tags,
        description:
          "Undoes one activation row (one app of a request; its `credit_point` is its share of the request's cost): that share goes back to the account that paid it as a `Refund` ledger row, the device gets back the expiry, package, trial flag and owner it had before, and the row shows `refunded_at` in the lists. The payer, its parent or an admin may undo, within the admin's undo window (GET /api/settings/activation-undo; 24 hours by default, 0 turns undo off), while the device has not asked `POST /api/player/status` since the activation and nothing changed it since. Refusals (409, nothing refunded): UNDO_OFF, UNDO_WINDOW_PASSED, UNDO_ALREADY_DONE, UNDO_DEVICE_CHECKED_IN, UNDO_SUPERSEDED (a later activation, a redeemed code or a disable builds on it). Another account's activation: 404. A `request-id` header makes a repeat within 24 hours answer the first result and refund nothing more.",
        params: idParam,
        response: { 200: undoActivationAnswer, '4xx': errorEnvelope },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const requestId = requestIdFrom(request.headers['request-id']);
      return undoActivation({ ctx, id: request.params.id, requestId });
    },
  );

  app.get(
    '/settings/activation-undo',
    {
      config: { permission: 'security-settings' },
      schema: { tags, description: 'The undo window of activations, in whole hours (24 when never set; 0: undo is off).', response: { 200: undoSettingsAnswer } },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await undoSettings(ctx) };
    },
  );

  app.patch(
    '/settings/activation-undo',
    {
      config: { permission: 'security-settings' },
      schema: {
        tags,
        description:
          'Sets the undo window of activations: whole hours from 0 (undo off) to 720. It applies at once, to earlier activations too. Needs a recent step-up when the account has a second factor (403 STEP_UP_REQUIRED).',
        body: undoSettingsBody,
        response: { 200: undoSettingsAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await updateUndoSettings({ ctx, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'activation.undoSettingsUpdated'), data };
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

  // The Reseller list's activation report. Listed under credit in the API document, with the other
  // report downloads of that screen, as it was before it moved here.
  app.post(
    '/activation-report-download-reseller-list',
    { config: { permission: 'download-report' }, schema: { tags: ['credit'], body: activationReportBody } },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const chunks = await service.activationReport({ ctx, input: request.body });
      return sendCsv(reply, `activations-reseller-${request.body.reseller_id}.csv`, chunks);
    },
  );
};
