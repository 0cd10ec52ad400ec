import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkActivationAnswer, bulkActivationFields, bulkProgressAnswer, bulkProgressQuery, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { multipartBody, uploadedFile } from '../../http/uploads.js';
import { requestIdFrom } from '../../lib/idempotency.js';
import * as service from './bulk-activation.service.js';

const tags = ['activation'];

export const bulkActivationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bulk-activations',
    {
      config: { permission: 'multi apps activation' },
      preValidation: multipartBody({ tooLargeKey: 'bulk.fileTooLarge' }),
      schema: {
        tags,
        description:
          'multipart/form-data: `file`, a UTF-8 CSV (`,` or `;`) with the header `mac_address,apps,package,comment` (apps separated by `|`, package `1-year` or `lifetime`), at most 5,000 rows and 2 MB; and `dry_run` (`true`, the default, or `false`). Each row is checked and priced as /bulk-multi-app-activate does; a real run charges each row in its own transaction. A `request-id` header makes a real run idempotent for 24 hours.',
        body: bulkActivationFields,
        response: { 200: bulkActivationAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const requestId = requestIdFrom(request.headers['request-id']);
      const dryRun = request.body.dry_run;
      const data = await service.bulkActivations({ ctx, file: uploadedFile(request, 'file')?.buffer, dryRun, requestId });
      const key = dryRun ? 'bulk.checked' : 'bulk.done';
      return { status: true as const, msg: translate(ctx.locale, key, { count: data.activated, failed: data.failed }), data };
    },
  );

  app.get(
    '/bulk-activations/progress',
    {
      config: { permission: 'multi apps activation' },
      schema: { tags, description: 'How far the caller\'s real run sent with this `request-id` has come.', querystring: bulkProgressQuery, response: { 200: bulkProgressAnswer } },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.bulkProgress(ctx, request.query.request_id) };
    },
  );
};
