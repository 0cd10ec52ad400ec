import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogEndpoint, auditLogExportEndpoint, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { sendCsv } from '../../lib/csv.js';
import * as service from './audit-log.service.js';

export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, auditLogEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), ...(await service.listAuditLog({ ctx, query: request.query })) };
  });

  route(app, auditLogExportEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    return sendCsv(reply, 'audit-log.csv', await service.exportAuditLog({ ctx, query: request.query }));
  });
};
