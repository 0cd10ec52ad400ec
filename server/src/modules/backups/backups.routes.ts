import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStartedResponse, backupsResponse, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as admin from './backups.admin.js';

const tags = ['backups'];
const config = { permission: 'backups' } as const;

/**
 * System → Backups (issue 26): the live database's backups, for the admin's session only. Never
 * registered under /api/sandbox (a backup is of the live data), and no call hands a backup out: it
 * holds every secret of the panel and stays on the server.
 */
export const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/backups',
    {
      config,
      schema: {
        tags,
        description:
          'The backup running in this process (`running`), why backups cannot be taken on this server (`unavailable`: PostgreSQL without the `pg_dump` client), and the backups kept in `BACKUP_DIR`, newest first: file name, size, time, engine and versions, and the result of the restore drill run on each (`drill`: `passed`, or `failed` with its `problems` in English and the same as `findings`, a code of BACKUP_FINDING_CODES and its values each, to word in the language of the reader; null until it has run). `unavailable_finding` and `last_failure.finding` say `unavailable` and `last_failure.error` the same way (`failed` when an error has no code: its English `error` tells the detail). From a session only: an API key gets 403 `SESSION_REQUIRED`. No call downloads a backup.',
        response: { 200: backupsResponse },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await admin.listBackups(ctx) };
    },
  );

  app.post(
    '/backups',
    {
      config,
      schema: {
        tags,
        description:
          'Starts a backup in the background and answers 202 at once with its start time; `GET /api/backups` shows it running, then its record once its restore drill has run. A backup already running in this process: 409 `BACKUP_RUNNING`. A failed backup or drill is mailed to the admins. From a session only: an API key gets 403 `SESSION_REQUIRED`.',
        response: { 202: backupStartedResponse },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const data = await admin.startBackup(ctx);
      return reply.status(202).send({ status: true as const, msg: translate(ctx.locale, 'success.backupStarted'), data });
    },
  );
};
