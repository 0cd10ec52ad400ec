import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCustomerEndpoint,
  customerEndpoint,
  customerRemindersEndpoint,
  customersEndpoint,
  customersExportEndpoint,
  deleteCustomerEndpoint,
  linkCustomerDeviceEndpoint,
  storeSalesEndpoint,
  translate,
  unlinkCustomerDeviceEndpoint,
  updateCustomerEndpoint,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { sendCsv } from '../../lib/csv.js';
import * as service from './customers.service.js';
import * as sales from './sales.service.js';

/** Sales → Customers (issue 43): the caller's customers and their devices; and the Sales card's figures on Insights. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, customersEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), ...(await service.list(ctx, request.query)) };
  });

  route(app, customersExportEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    return sendCsv(reply, 'customers.csv', await service.exportCsv(ctx, request.query));
  });

  route(app, createCustomerEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const data = await service.create(ctx, request.body);
    return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.customerCreated'), data });
  });

  route(app, customerEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.get(ctx, request.params.id) };
  });

  route(app, updateCustomerEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.update(ctx, request.params.id, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'success.customerUpdated'), data };
  });

  route(app, deleteCustomerEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.remove(ctx, request.params.id);
    return { status: true as const, msg: translate(ctx.locale, 'success.customerDeleted') };
  });

  route(app, linkCustomerDeviceEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.linkDevice(ctx, request.params.id, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'success.customerDeviceLinked'), data };
  });

  route(app, unlinkCustomerDeviceEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.unlinkDevice(ctx, request.params.id, request.params.deviceId);
    return { status: true as const, msg: translate(ctx.locale, 'success.customerDeviceUnlinked'), data };
  });

  route(app, customerRemindersEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.setReminders(ctx, request.params.id, request.body.enabled);
    return { status: true as const, msg: translate(ctx.locale, request.body.enabled ? 'success.customerRemindersOn' : 'success.customerRemindersOff'), data };
  });

  route(app, storeSalesEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await sales.sales(ctx, request.query) };
  });
};
