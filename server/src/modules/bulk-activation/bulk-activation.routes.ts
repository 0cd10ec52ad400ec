import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkActivationsEndpoint, bulkProgressEndpoint, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { multipartBody, uploadedFile } from '../../http/uploads.js';
import { requestIdFrom } from '../../lib/idempotency.js';
import * as service from './bulk-activation.service.js';

export const bulkActivationRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    bulkActivationsEndpoint,
    async (request) => {
      const ctx = ctxOf(request);
      const requestId = requestIdFrom(request.headers['request-id']);
      const dryRun = request.body.dry_run;
      const data = await service.bulkActivations({ ctx, file: uploadedFile(request, 'file')?.buffer, dryRun, requestId });
      const key = dryRun ? 'bulk.checked' : 'bulk.done';
      return { status: true as const, msg: translate(ctx.locale, key, { count: data.activated, failed: data.failed }), data };
    },
    { preValidation: multipartBody({ tooLargeKey: 'bulk.fileTooLarge' }) },
  );

  route(app, bulkProgressEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.bulkProgress(ctx, request.query.request_id) };
  });
};
