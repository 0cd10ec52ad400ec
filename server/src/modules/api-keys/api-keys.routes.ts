import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyCreateBody,
  apiKeyUpdateBody,
  idParam,
  okEnvelope,
  scopedApiKeyAnswer,
  scopedApiKeyCreatedAnswer,
  scopedApiKeysAnswer,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as service from './api-keys.service.js';

const tags = ['api-keys'];
const config = { permission: 'api-keys' } as const;

const SCOPES_TEXT =
  '`read`: lists, profile, balance and device checks (every GET, and the searches sent as POST); `activate`: activations (single, bulk file, renewals), codes, device and playlist changes; `credit`: credit moves; `webhooks`: the webhook endpoints and deliveries. A scope never gives more than the account\'s own permissions, and a call no scope covers (resellers, roles, tickets, profile changes, security, keys) is refused to a scoped key with 403 `API_KEY_SCOPE`.';

/**
 * Profile → Integrations: the account's scoped API keys (issue 25), managed from a session only
 * (a key, the legacy one included, gets 403 SESSION_REQUIRED; a scoped key is refused by its scopes first).
 */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api-keys',
    {
      config,
      schema: {
        tags,
        description: `The caller's API keys, live ones first, newest first, revoked ones with \`revoked_at\`: name, first characters (\`prefix\`), scopes, daily cap and today's spend, last use (time and address, in steps of a minute). Never the key. Scopes: ${SCOPES_TEXT}`,
        response: { 200: scopedApiKeysAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.list(ctx) };
    },
  );

  app.post(
    '/api-keys',
    {
      config,
      schema: {
        tags,
        description:
          'A new key (`rsk_` and 43 characters) with a name, scopes and an optional daily spend cap in credits: an activation (each bulk row too) or a code purchase or renewal made with the key that would take its spend of the day (the server\'s day) past the cap answers 403 `API_KEY_SPEND_CAP` and charges nothing. The key is in `data.key` of this answer only: it is stored as a hash. Needs a recent step-up when the account has a second factor (403 `STEP_UP_REQUIRED`). Admin accounts have no API key (403 C10014). A key works while the account has API access. At most 20 live keys per account.',
        body: apiKeyCreateBody,
        response: { 201: scopedApiKeyCreatedAnswer },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const data = await service.create({ ctx, input: request.body });
      return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.apiKeyCreated'), data });
    },
  );

  app.patch(
    '/api-keys/:id',
    {
      config,
      schema: {
        tags,
        description:
          "Renames a live key and/or changes its daily spend cap (`daily_spend_cap: null` removes it; a new cap needs a recent step-up when the account has a second factor). Scopes never change: make a new key. Another account's key, or a revoked one: 404.",
        params: idParam,
        body: apiKeyUpdateBody,
        response: { 200: scopedApiKeyAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.update({ ctx, id: request.params.id, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'success.apiKeyUpdated'), data };
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      config,
      schema: {
        tags,
        description: "Revokes a key: its next call is refused (401). Revoking a revoked key changes nothing; another account's key: 404.",
        params: idParam,
        response: { 200: okEnvelope },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await service.revoke({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.apiKeyRevoked') };
    },
  );
};
