import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import * as z from 'zod/mini';
import {
  idParam,
  okEnvelope,
  translate,
  webhookAnswer,
  webhookCreateInput,
  webhookDeliveriesAnswer,
  webhookDeliveriesQuery,
  webhookDeliveryAnswer,
  webhookRollBody,
  webhookSecretAnswer,
  webhooksAnswer,
  webhookTestAnswer,
  webhookUpdateInput,
  WEBHOOK_EVENT_DATA,
  WEBHOOK_EVENT_TYPES,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as service from './webhooks.service.js';

const tags = ['webhooks'];
const config = { permission: 'webhooks' } as const;
const EVENTS = WEBHOOK_EVENT_TYPES.map((e) => `\`${e}\``).join(', ');

/**
 * What each event's `data` holds, as OpenAPI components (`WebhookEvent.<type>`): the contract's
 * schemas, with the `account_id` every event carries. Events are sent by the panel, not called,
 * so they are no path of the document.
 */
export function webhookEventSchemas(): Record<string, OpenAPIV3.SchemaObject> {
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_DATA).map(([type, data]) => {
      const { $schema: _, ...schema } = z.toJSONSchema(z.extend(data, { account_id: z.number() }), { io: 'output' }) as Record<string, unknown>;
      return [`WebhookEvent.${type}`, { description: `The \`data\` of a \`${type}\` event.`, ...schema }];
    }),
  );
}

/**
 * Profile → Integrations: the caller's webhook endpoints, signed by the Standard Webhooks
 * specification and delivered by the worker (worker.ts). Another account's endpoint or delivery
 * answers 404.
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/webhooks',
    { config, schema: { tags, description: "The caller's webhook endpoints, oldest first, without their secrets.", response: { 200: webhooksAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.list(ctx) };
    },
  );

  app.post(
    '/webhooks',
    {
      config,
      schema: {
        tags,
        description:
          `Adds an endpoint (at most 16 per account) and answers it with its signing \`secret\` (\`whsec_\` + base64), to verify the \`webhook-signature\` header with. ` +
          `\`events\`: any of ${EVENTS}. \`include_sub_resellers\`: also the direct sub-resellers' events. ` +
          'The URL must be https (http only for hosts of WEBHOOK_ALLOWED_HOSTS or with WEBHOOK_ALLOW_PRIVATE), without credentials, and its host must not resolve to a loopback, private, link-local or reserved address: otherwise 422 on `url` with the reason.',
        body: webhookCreateInput,
        response: { 201: webhookSecretAnswer },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const data = await service.create({ ctx, input: request.body });
      return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.webhookCreated'), data });
    },
  );

  app.put(
    '/webhooks/:id',
    {
      config,
      schema: {
        tags,
        description:
          'Replaces the endpoint\'s URL, description, events and `include_sub_resellers` (checked as on creation); `enabled` turns it off or on (on again after the panel turned it off: `disabled_reason` is cleared and waiting deliveries go).',
        params: idParam,
        body: webhookUpdateInput,
        response: { 200: webhookAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.update({ ctx, id: request.params.id, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'success.webhookUpdated'), data };
    },
  );

  app.delete(
    '/webhooks/:id',
    { config, schema: { tags, description: 'Deletes the endpoint, its deliveries and their attempts.', params: idParam, response: { 200: okEnvelope } } },
    async (request) => {
      const ctx = ctxOf(request);
      await service.remove({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.webhookDeleted') };
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config,
      schema: {
        tags,
        description: 'Queues a `webhook.test` event to this endpoint only (whatever events it wants); it is sent within seconds. 409 when the endpoint is off.',
        params: idParam,
        response: { 200: webhookTestAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.sendTest({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.webhookTestSent'), data };
    },
  );

  app.post(
    '/webhooks/:id/roll-secret',
    {
      config,
      schema: {
        tags,
        description:
          'A new signing secret, answered once here. The previous one keeps signing beside it (both signatures in `webhook-signature`) for 24 hours, or stops at once with `expire_now`. Needs a recent second factor when the account has one (403 STEP_UP_REQUIRED).',
        params: idParam,
        body: webhookRollBody,
        response: { 200: webhookSecretAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.rollSecret({ ctx, id: request.params.id, input: request.body ?? {} });
      return { status: true as const, msg: translate(ctx.locale, 'success.webhookSecretRolled'), data };
    },
  );

  app.get(
    '/webhooks/:id/secret',
    {
      config,
      schema: {
        tags,
        description: "The endpoint with its current signing secret. Needs a recent second factor when the account has one (403 STEP_UP_REQUIRED).",
        params: idParam,
        response: { 200: webhookSecretAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.revealSecret({ ctx, id: request.params.id }) };
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        description:
          'The endpoint\'s deliveries of the last 30 days, newest first, `limit` per page (default 20, at most 100): the event, its status and next attempt, and each attempt with its time, status code (null: no answer, see `error`), duration and the first 1 KB of the answer.',
        params: idParam,
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveriesAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const { data, meta } = await service.deliveries({ ctx, id: request.params.id, query: request.query });
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data, meta };
    },
  );

  app.post(
    '/webhook-deliveries/:id/redeliver',
    {
      config,
      schema: {
        tags,
        description:
          'Sends the delivery again within seconds, with the same `webhook-id` (a receiver that already has it can tell). A finished delivery gets one more attempt; a pending one is brought forward. 409 when the endpoint is off.',
        params: idParam,
        response: { 200: webhookDeliveryAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.webhookRedelivered'), data: await service.redeliver({ ctx, id: request.params.id }) };
    },
  );
};
