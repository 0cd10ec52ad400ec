import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activationCodesEndpoint,
  codePlaylistsEndpoint,
  createCodesEndpoint,
  deleteCodeEndpoint,
  editCodePlaylistsEndpoint,
  renewCodeEndpoint,
  resetCodeEndpoint,
  translate,
  updateCodeStatusEndpoint,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { requestIdFrom } from '../../lib/idempotency.js';
import * as service from './codes.service.js';

export const codesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, activationCodesEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'codes.listed'), ...(await service.listCodes({ ctx, query: request.query })) };
  });

  route(app, createCodesEndpoint, async (request) =>
    service.createCodes({ ctx: ctxOf(request), input: request.body, requestId: requestIdFrom(request.headers['request-id']) }),
  );

  route(app, updateCodeStatusEndpoint, async (request) => service.toggleStatus({ ctx: ctxOf(request), input: request.body }));

  route(app, renewCodeEndpoint, async (request) =>
    service.renewCode({ ctx: ctxOf(request), input: request.body, requestId: requestIdFrom(request.headers['request-id']) }),
  );

  route(app, resetCodeEndpoint, async (request) => service.resetCode({ ctx: ctxOf(request), input: request.body }));

  route(app, deleteCodeEndpoint, async (request) => service.deleteCode({ ctx: ctxOf(request), input: request.body }));

  route(app, codePlaylistsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const playlists = await service.codePlaylists({ ctx, value: request.params.codeValue, resellerEmail: request.body?.resellerEmail });
    return { status: true as const, msg: translate(ctx.locale, 'codes.playlistsLoaded'), playlists };
  });

  route(app, editCodePlaylistsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const playlists = await service.editCodePlaylists({ ctx, value: request.params.codeValue, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'codes.playlistsSaved'), playlists };
  });
};
