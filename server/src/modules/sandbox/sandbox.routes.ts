import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { modesAnswer, testCreditAnswer, testCreditBody, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as service from './sandbox.service.js';

const tags = ['sandbox'];

/** Live routes about the modes: what the web app asks before offering the sandbox. */
export const modesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/modes',
    { config: { public: true }, schema: { tags, security: [], description: 'Whether this server offers the sandbox under /api/sandbox (SANDBOX_ENABLED).', response: { 200: modesAnswer } } },
    async (request) => ({ status: true as const, msg: translate(request.locale, 'sandbox.modes'), data: { sandbox_enabled: app.deps.config.sandboxEnabled } }),
  );
};

/** Routes that exist only under /api/sandbox. */
export const sandboxOnlyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-credit',
    {
      schema: {
        tags,
        description: 'Adds 1 to 1,000,000 test credit points to the caller\'s sandbox balance (a "Test Credit" row of the sandbox ledger). Only under /api/sandbox.',
        body: testCreditBody,
        response: { 200: testCreditAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.addTestCredit(ctx, request.body.credit_points);
      return { status: true as const, msg: translate(ctx.locale, 'sandbox.testCreditAdded', { count: data.added }), data };
    },
  );
};
