import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTicketBody,
  idParam,
  okEnvelope,
  ticketAnswer,
  ticketCommentBody,
  ticketListAnswer,
  ticketListQuery,
  ticketsDeletedAnswer,
  translate,
  type TicketAction,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { multipartBody } from '../../http/uploads.js';
import * as service from './tickets.service.js';

const tags = ['tickets'];

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get-all-tickets',
    {
      config: { permission: ['tickets list', 'raisedby-tickets list'] },
      schema: {
        tags,
        description:
          "The caller's tickets, newest first (`raisedby-tickets list`: every reseller's, with the raiser), each with its whole thread; `open_count` counts those waiting for an answer (OPEN or REOPEN).",
        querystring: ticketListQuery,
        response: { 200: ticketListAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'tickets.listed'), ...(await service.listTickets({ ctx, query: request.query })) };
    },
  );

  app.post(
    '/create-ticket',
    {
      config: { permission: 'new ticket' },
      preValidation: multipartBody(),
      schema: {
        tags,
        description:
          'multipart/form-data (or JSON): title (at most 50 characters) and description (HTML, at most 250 characters of text, an image counting as one). The description is sanitised before it is stored; plain URLs become links, image URLs inline images.',
        body: createTicketBody,
        response: { 201: ticketAnswer },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const data = await service.createTicket({ ctx, input: request.body });
      return reply.code(201).send({ status: true as const, msg: translate(ctx.locale, 'tickets.created'), data });
    },
  );

  const moves: { action: TicketAction; path: string; description: string }[] = [
    { action: 'withdraw', path: '/withdraw-tickets/:id/withdraw', description: 'The raiser withdraws its OPEN or REOPEN ticket (WITHDRAW, final).' },
    { action: 'close', path: '/close-tickets/:id/close', description: 'The raiser closes its OPEN or REOPEN ticket (CLOSED).' },
  ];
  for (const { action, path, description } of moves) {
    app.post(
      path,
      { config: { permission: service.ticketActionPermission(action) }, schema: { tags, description: `${description} Any other move is a 409.`, params: idParam, response: { 200: ticketAnswer } } },
      async (request) => ({ status: true as const, ...(await service.moveTicket({ ctx: ctxOf(request), id: request.params.id, action })) }),
    );
  }

  const commented: { action: TicketAction; path: string; description: string }[] = [
    { action: 'reopen', path: '/reopen-tickets/:id/reopen', description: 'The raiser reopens its RESOLVED or CLOSED ticket with a comment (REOPEN).' },
    { action: 'resolve', path: '/resolve-tickets/:id/resolve', description: 'The support side answers an OPEN or REOPEN ticket with a comment (RESOLVED); the raiser is mailed.' },
  ];
  for (const { action, path, description } of commented) {
    app.post(
      path,
      {
        config: { permission: service.ticketActionPermission(action) },
        schema: { tags, description: `${description} Any other move is a 409.`, params: idParam, body: ticketCommentBody, response: { 200: ticketAnswer } },
      },
      async (request) => ({
        status: true as const,
        ...(await service.moveTicket({ ctx: ctxOf(request), id: request.params.id, action, comment: request.body.comment })),
      }),
    );
  }

  app.delete(
    '/delete-tickets/:id',
    {
      config: { permission: ['tickets list', 'delete-all-tickets'] },
      schema: { tags, description: "Deletes the caller's own ticket, or any with delete-all-tickets.", params: idParam, response: { 200: okEnvelope } },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await service.deleteTicket({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'tickets.deleted') };
    },
  );

  app.delete(
    '/delete-all-tickets',
    { config: { permission: 'delete-all-tickets' }, schema: { tags, description: "Deletes every ticket; 404 'No tickets to delete.' when there is none.", response: { 200: ticketsDeletedAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      const deleted = await service.deleteAllTickets(ctx);
      const msg = translate(ctx.locale, 'tickets.allDeleted', { count: deleted });
      return { status: true as const, msg, message: msg, deleted };
    },
  );
};
