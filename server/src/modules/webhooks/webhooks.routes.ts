import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import * as z from 'zod/mini';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  redeliverWebhookEndpoint,
  rollWebhookSecretEndpoint,
  testWebhookEndpoint,
  translate,
  updateWebhookEndpoint,
  webhookDeliveriesEndpoint,
  webhookSecretEndpoint,
  webhooksEndpoint,
  WEBHOOK_EVENT_DATA,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './webhooks.service.js';

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
  route(app, webhooksEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.list(ctx) };
  });

  route(app, createWebhookEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const data = await service.create({ ctx, input: request.body });
    return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.webhookCreated'), data });
  });

  route(app, updateWebhookEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.update({ ctx, id: request.params.id, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.webhookUpdated'), data };
  });

  route(app, deleteWebhookEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.remove({ ctx, id: request.params.id });
    return { status: true as const, msg: translate(ctx.locale, 'success.webhookDeleted') };
  });

  route(app, testWebhookEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.sendTest({ ctx, id: request.params.id });
    return { status: true as const, msg: translate(ctx.locale, 'success.webhookTestSent'), data };
  });

  route(app, rollWebhookSecretEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.rollSecret({ ctx, id: request.params.id, input: request.body ?? {} });
    return { status: true as const, msg: translate(ctx.locale, 'success.webhookSecretRolled'), data };
  });

  route(app, webhookSecretEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.revealSecret({ ctx, id: request.params.id }) };
  });

  route(app, webhookDeliveriesEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const { data, meta } = await service.deliveries({ ctx, id: request.params.id, query: request.query });
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data, meta };
  });

  route(app, redeliverWebhookEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.webhookRedelivered'), data: await service.redeliver({ ctx, id: request.params.id }) };
  });
};
