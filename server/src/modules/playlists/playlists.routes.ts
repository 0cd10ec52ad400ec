import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  resetPlaylistAnswer,
  resetPlaylistBody,
  savePlaylistAnswer,
  savePlaylistBody,
  translate,
  updatePlaylistAnswer,
  updatePlaylistBody,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as service from './playlists.service.js';

const tags = ['playlists'];

export const playlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/save-playlist',
    {
      config: { permission: 'Playlists' },
      schema: {
        tags,
        description:
          "Adds a general playlist, or with playlist_type 'xc' an Xtream Codes one, to one of the caller's devices. A protect PIN (4+ characters) is stored hashed and never sent. 404 C10404 unknown device, 403 C10403 another reseller's.",
        body: savePlaylistBody,
        response: { 201: savePlaylistAnswer },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const data = await service.savePlaylist(ctx, request.body);
      return reply.status(201).send({ status: true as const, statusCode: 201, msg: translate(ctx.locale, 'playlists.saved'), data });
    },
  );

  app.post(
    '/reset-playlist',
    {
      config: { permission: 'Playlists' },
      schema: {
        tags,
        description:
          "Removes the device's playlists of one type. BOBPLAYER and IBOPLAYER need the device's key (422 when missing, 403 C10405 when wrong).",
        body: resetPlaylistBody,
        response: { 200: resetPlaylistAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.resetPlaylist(ctx, request.body);
      return { status: true as const, statusCode: 200, msg: translate(ctx.locale, 'playlists.reset', data), data };
    },
  );

  app.post(
    '/update-playlist',
    {
      config: { permission: 'change-domain' },
      schema: {
        tags,
        description:
          "Change domain: rewrites the old scheme and host of every playlist and EPG URL of the application's devices the caller reaches (all for an admin); answers how many playlists changed.",
        body: updatePlaylistBody,
        response: { 200: updatePlaylistAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.updateDomain(ctx, request.body);
      return { status: true as const, msg: translate(ctx.locale, 'playlists.domainChanged', { count: data.updated }), data };
    },
  );
};
