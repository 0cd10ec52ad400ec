import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_LOG_EXPORT_PATH, AUDIT_LOG_PATH, auditLogAnswer, auditLogQuery, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { sendCsv } from '../../lib/csv.js';
import * as service from './audit-log.service.js';

const tags = ['audit-log'];

const FILTERS =
  '`type` is one event kind (sign_in, two_factor, session, credentials, api_key, roles, accounts, credit, other); `account` (3+ characters) matches the name or e-mail of the account that acted or was acted upon; `date_from`/`date_to` (yyyy-mm-dd, both included) default to the last 3 months through today, and a longer range is a 422. A reseller reads its own account\'s rows and its sub-resellers\'; an admin every row.';

export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    AUDIT_LOG_PATH,
    {
      config: { permission: 'audit-log' },
      schema: {
        tags,
        description: `The audit trail, newest first: who (actor), to whom (target), what (action and its kind), from which address and when; \`details\` never holds a secret. ${FILTERS} \`total_capped\` says \`total\` is a lower bound.`,
        querystring: auditLogQuery,
        response: { 200: auditLogAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), ...(await service.listAuditLog({ ctx, query: request.query })) };
    },
  );

  app.get(
    AUDIT_LOG_EXPORT_PATH,
    {
      config: { permission: 'audit-log' },
      schema: {
        tags,
        description: `The rows of GET /api/audit-log's filters as CSV, oldest first, streamed: id, date (ISO 8601 UTC), event kind, action, actor, target, ip, details (JSON). Cells starting with = + - @ are prefixed with a quote. ${FILTERS}`,
        querystring: auditLogQuery,
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      return sendCsv(reply, 'audit-log.csv', await service.exportAuditLog({ ctx, query: request.query }));
    },
  );
};
