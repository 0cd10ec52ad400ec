import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetPlaylistEndpoint, savePlaylistEndpoint, translate, updatePlaylistEndpoint } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './playlists.service.js';

export const playlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, savePlaylistEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const data = await service.savePlaylist(ctx, request.body);
    return reply.status(201).send({ status: true as const, statusCode: 201, msg: translate(ctx.locale, 'playlists.saved'), data });
  });

  route(app, resetPlaylistEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.resetPlaylist(ctx, request.body);
    return { status: true as const, statusCode: 200, msg: translate(ctx.locale, 'playlists.reset', data), data };
  });

  route(app, updatePlaylistEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.updateDomain(ctx, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'playlists.domainChanged', { count: data.updated }), data };
  });
};
