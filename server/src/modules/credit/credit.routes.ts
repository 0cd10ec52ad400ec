import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  addCreditBody,
  creditLogsAnswer,
  creditLogsBody,
  creditMoveAnswer,
  dateRangeBody,
  deductCreditBody,
  ok,
  rechargeAnswer,
  rechargeBody,
  resellerReportBody,
  totalCreditPointsAnswer,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { sendCsv } from '../../lib/csv.js';
import { requestIdFrom } from '../../lib/idempotency.js';
import * as credit from './credit.service.js';

const tags = ['credit'];

/**
 * The reseller-list moves answer their own catalogue codes rather than a generic 422: C10010
 * for a body that is not the call's shape, C10011 (with the field message) for a bad creditPoint.
 */
function moveInput<T>(request: FastifyRequest, schema: z.ZodMiniType<T>): { resellerId: number; input: T } {
  const id = (request.params as { id: string }).id;
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > 2_147_483_647) throw credit.malformed();
  const body: unknown = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw credit.malformed();
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw credit.moveValidationError(parsed.error.issues);
  return { resellerId: Number(id), input: parsed.data };
}

export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get-resellers/credit-points',
    { schema: { tags, response: { 200: ok({ credit_point: z.number(), data: z.object({ credit_point: z.number() }) }) } } },
    async (request) => {
      const ctx = ctxOf(request);
      const creditPoint = await credit.balanceOf(ctx);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), credit_point: creditPoint, data: { credit_point: creditPoint } };
    },
  );

  app.post(
    '/admin-recharge-credit',
    { config: { permission: 'recharge credit' }, schema: { tags, body: rechargeBody, response: { 200: rechargeAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      const requestId = requestIdFrom(request.headers['request-id']);
      return credit.recharge({ ctx, input: request.body, requestId });
    },
  );

  for (const [action, schema, permission] of [
    ['add-credit-point', addCreditBody, 'reseller-list'],
    ['deduct-credit-point', deductCreditBody, 'deduct-credit'],
  ] as const) {
    app.post(
      `/resellers/:id/${action}`,
      {
        config: { permission },
        // Validated in the handler (see moveInput); declared here for the OpenAPI document.
        attachValidation: true,
        schema: { tags, params: z.object({ id: z.string() }), body: schema, response: { 200: creditMoveAnswer } },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const { resellerId, input } = moveInput(request, schema);
        const requestId = requestIdFrom(request.headers['request-id']);
        const move = action === 'add-credit-point' ? credit.addCredit : credit.deductCredit;
        return move({ ctx, resellerId, input, requestId });
      },
    );
  }

  app.get('/total-credit-points', { schema: { tags, response: { 200: totalCreditPointsAnswer } } }, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { total_credit_points: await credit.totalCreditPoints(ctx) } };
  });

  app.post(
    '/credit-transaction-logs',
    { config: { permission: 'credit-point-share-log' }, schema: { tags, body: creditLogsBody, response: { 200: creditLogsAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await credit.creditLogs({ ctx, input: request.body });
      return {
        status: true as const,
        msg: translate(ctx.locale, 'success.ok'),
        data,
        current_page: data.current_page,
        last_page: data.last_page,
        total: data.total,
        total_capped: data.total_capped,
      };
    },
  );

  app.post(
    '/credit-share-log-download-date-range',
    { config: { permission: ['credit-point-share-log', 'download-report'] }, schema: { tags, body: dateRangeBody} },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const chunks = await credit.dateRangeReport({ ctx, input: request.body });
      return sendCsv(reply, `credit-share-${request.body.start_date.slice(0, 10)}-${request.body.end_date.slice(0, 10)}.csv`, chunks);
    },
  );

  app.post(
    '/credit-share-log-download/resellerlist',
    { config: { permission: 'download-report' }, schema: { tags, body: resellerReportBody} },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const chunks = await credit.resellerReport({ ctx, input: request.body });
      return sendCsv(reply, `credit-share-reseller-${request.body.reseller_id}.csv`, chunks);
    },
  );
};
