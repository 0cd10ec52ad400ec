import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEVICES_EXPORT_PATH, devicesExportFilename } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { sendCsv } from '../../lib/csv.js';
import { exportDevices } from './devices-export.service.js';

const tags = ['activation'];

export const devicesExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    DEVICES_EXPORT_PATH,
    {
      // The activated apps list's permission: the export is that list's devices as a file.
      config: { permission: 'platform-users list' },
      schema: {
        tags,
        description:
          "The caller's activated devices (its own and its sub-resellers'; an admin's: all) as CSV, in device order, streamed: mac_address, app, expire_date, status (active, expired, disabled), reseller_email, remark, last_activation. Times are ISO 8601 UTC; a lifetime device is active until 9999-12-31. Cells starting with = + - @ are prefixed with a quote.",
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      return sendCsv(reply, devicesExportFilename(new Date()), await exportDevices({ ctx }));
    },
  );
};
