import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devicesExportEndpoint, devicesExportFilename } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { sendCsv } from '../../lib/csv.js';
import { exportDevices } from './devices-export.service.js';

export const devicesExportRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, devicesExportEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    return sendCsv(reply, devicesExportFilename(new Date()), await exportDevices({ ctx }));
  });
};
