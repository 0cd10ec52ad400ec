import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { expiringDevicesAnswer, expiringDevicesQuery, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as service from './renewals.service.js';

const tags = ['activation'];

export const renewalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/expiring-devices',
    {
      config: { permission: 'platform-users list' },
      schema: {
        tags,
        description:
          "Renewals due. Permission `platform-users list` (the activated apps list's). The caller's activated devices and its sub-resellers' (an admin: every reseller's) whose expiry falls within the next `within_days` days (1 to 400, default 30 when missing or empty; anything else is a 422), soonest first; never lifetime, disabled or already expired devices. Each row carries the application, the activating reseller's e-mail and the remark of the device's latest activation. Paged by `page_number` and `page_size` (at most 100).",
        querystring: expiringDevicesQuery,
        response: { 200: expiringDevicesAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.expiringDevices({ ctx, query: request.query }) };
    },
  );
};
