import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  addCreditBody,
  addCreditPointEndpoint,
  creditLogsEndpoint,
  creditPointsEndpoint,
  creditShareReportEndpoint,
  creditShareResellerReportEndpoint,
  deductCreditBody,
  deductCreditPointEndpoint,
  rechargeCreditEndpoint,
  totalCreditPointsEndpoint,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { sendCsv } from '../../lib/csv.js';
import { route } from '../../http/route.js';
import { requestIdFrom } from '../../lib/idempotency.js';
import * as credit from './credit.service.js';

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
  route(app, creditPointsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const creditPoint = await credit.balanceOf(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), credit_point: creditPoint, data: { credit_point: creditPoint } };
  });

  route(app, rechargeCreditEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const requestId = requestIdFrom(request.headers['request-id']);
    return credit.recharge({ ctx, input: request.body, requestId });
  });

  for (const [endpoint, schema, move] of [
    [addCreditPointEndpoint, addCreditBody, credit.addCredit],
    [deductCreditPointEndpoint, deductCreditBody, credit.deductCredit],
  ] as const) {
    route(
      app,
      endpoint,
      async (request) => {
        const ctx = ctxOf(request);
        const { resellerId, input } = moveInput(request, schema);
        const requestId = requestIdFrom(request.headers['request-id']);
        return move({ ctx, resellerId, input, requestId });
      },
      // Validated in the handler (see moveInput); the endpoint's schemas document the call.
      { attachValidation: true },
    );
  }

  route(app, totalCreditPointsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { total_credit_points: await credit.totalCreditPoints(ctx) } };
  });

  route(app, creditLogsEndpoint, async (request) => {
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
  });

  route(app, creditShareReportEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const chunks = await credit.dateRangeReport({ ctx, input: request.body });
    return sendCsv(reply, `credit-share-${request.body.start_date.slice(0, 10)}-${request.body.end_date.slice(0, 10)}.csv`, chunks);
  });

  route(app, creditShareResellerReportEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const chunks = await credit.resellerReport({ ctx, input: request.body });
    return sendCsv(reply, `credit-share-reseller-${request.body.reseller_id}.csv`, chunks);
  });
};
