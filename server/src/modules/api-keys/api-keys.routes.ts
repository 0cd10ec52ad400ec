import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeysEndpoint, createApiKeyEndpoint, revokeApiKeyEndpoint, translate, updateApiKeyEndpoint } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './api-keys.service.js';

/**
 * Profile → Integrations: the account's scoped API keys (issue 25), managed from a session only
 * (a key, the legacy one included, gets 403 SESSION_REQUIRED; a scoped key is refused by its scopes first).
 */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, apiKeysEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const { keys, apiAccess } = await service.list(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: keys, api_access: apiAccess };
  });

  route(app, createApiKeyEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const data = await service.create({ ctx, input: request.body });
    return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.apiKeyCreated'), data });
  });

  route(app, updateApiKeyEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.update({ ctx, id: request.params.id, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.apiKeyUpdated'), data };
  });

  route(app, revokeApiKeyEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.revoke({ ctx, id: request.params.id });
    return { status: true as const, msg: translate(ctx.locale, 'success.apiKeyRevoked') };
  });
};
