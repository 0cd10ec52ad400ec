import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closeTicketEndpoint,
  createTicketEndpoint,
  deleteAllTicketsEndpoint,
  deleteTicketEndpoint,
  reopenTicketEndpoint,
  resolveTicketEndpoint,
  ticketsEndpoint,
  translate,
  withdrawTicketEndpoint,
  type TicketAction,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { multipartBody } from '../../http/uploads.js';
import * as service from './tickets.service.js';

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ticketsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'tickets.listed'), ...(await service.listTickets({ ctx, query: request.query })) };
  });

  route(
    app,
    createTicketEndpoint,
    async (request, reply) => {
      const ctx = ctxOf(request);
      const data = await service.createTicket({ ctx, input: request.body });
      return reply.code(201).send({ status: true as const, msg: translate(ctx.locale, 'tickets.created'), data });
    },
    { preValidation: multipartBody() },
  );

  // Each move's permission is the service's (ticketActionPermission), decided here at registration.
  for (const [action, endpoint] of [
    ['withdraw', withdrawTicketEndpoint],
    ['close', closeTicketEndpoint],
  ] as const satisfies readonly (readonly [TicketAction, unknown])[]) {
    route(app, endpoint, async (request) => ({ status: true as const, ...(await service.moveTicket({ ctx: ctxOf(request), id: request.params.id, action })) }), {
      config: { permission: service.ticketActionPermission(action) },
    });
  }

  for (const [action, endpoint] of [
    ['reopen', reopenTicketEndpoint],
    ['resolve', resolveTicketEndpoint],
  ] as const satisfies readonly (readonly [TicketAction, unknown])[]) {
    route(
      app,
      endpoint,
      async (request) => ({
        status: true as const,
        ...(await service.moveTicket({ ctx: ctxOf(request), id: request.params.id, action, comment: request.body.comment })),
      }),
      { config: { permission: service.ticketActionPermission(action) } },
    );
  }

  route(app, deleteTicketEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.deleteTicket({ ctx, id: request.params.id });
    return { status: true as const, msg: translate(ctx.locale, 'tickets.deleted') };
  });

  route(app, deleteAllTicketsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const deleted = await service.deleteAllTickets(ctx);
    const msg = translate(ctx.locale, 'tickets.allDeleted', { count: deleted });
    return { status: true as const, msg, message: msg, deleted };
  });
};
