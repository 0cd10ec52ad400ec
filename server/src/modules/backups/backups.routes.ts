import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupsEndpoint, startBackupEndpoint, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as admin from './backups.admin.js';

/**
 * System → Backups (issue 26): the live database's backups, for the admin's session only. Never
 * registered under /api/sandbox (a backup is of the live data), and no call hands a backup out: it
 * holds every secret of the panel and stays on the server.
 */
export const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, backupsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await admin.listBackups(ctx) };
  });

  route(app, startBackupEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const data = await admin.startBackup(ctx);
    return reply.status(202).send({ status: true as const, msg: translate(ctx.locale, 'success.backupStarted'), data });
  });
};
