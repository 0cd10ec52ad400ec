import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveStoreOrderEndpoint,
  rejectStoreOrderEndpoint,
  retryStoreOrderEndpoint,
  storeOrderEndpoint,
  storeOrdersEndpoint,
  storeOrdersExportEndpoint,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { sendCsv } from '../../lib/csv.js';
import { onCreditArrival } from '../credit/credit.service.js';
import { sweepWaitingOrders } from './fulfilment.js';
import * as service from './orders.service.js';

/** Sales → Orders (issue 43): the caller's store orders, and approving, rejecting or retrying one. */
export const storeOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Orders waiting for credit activate as soon as credit arrives on their account (any move to it).
  onCreditArrival(app.deps.db, 'store-orders', (ctx, userId) => void sweepWaitingOrders(ctx, userId));

  route(app, storeOrdersEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), ...(await service.list(ctx, request.query)) };
  });

  route(app, storeOrdersExportEndpoint, async (request, reply) => {
    return sendCsv(reply, 'store-orders.csv', await service.exportCsv(ctxOf(request), request.query));
  });

  route(app, storeOrderEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.get(ctx, request.params.id) };
  });

  route(app, approveStoreOrderEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.approve(ctx, request.params.id);
    return { status: true as const, msg: translate(ctx.locale, 'success.orderApproved'), data };
  });

  route(app, rejectStoreOrderEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.reject(ctx, request.params.id, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'success.orderRejected'), data };
  });

  route(app, retryStoreOrderEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.retry(ctx, request.params.id);
    const msg = data.status === 'waiting_credit' ? translate(ctx.locale, 'storeOrders.stillWaiting', { count: data.credit_cost }) : translate(ctx.locale, 'success.orderRetried');
    return { status: true as const, msg, data };
  });
};
