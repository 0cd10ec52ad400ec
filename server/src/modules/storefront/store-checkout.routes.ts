import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeStoreOrderEndpoint, publicStoreOrderEndpoint, storeStripeWebhookEndpoint, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './store-checkout.service.js';

/**
 * The customer's side of a store (issue 43): placing an order, following it, and the store's
 * Stripe events. No session: an order is held by its token, an event proven by its signature.
 * Under /api/sandbox (`sandbox`) orders are placed on the sandbox's data; Stripe sends the
 * stores' events to the live address only.
 */
export const storeCheckoutRoutes: FastifyPluginAsyncZod<{ sandbox?: boolean }> = async (app, options) => {
  route(app, placeStoreOrderEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const data = await service.placeOrder(ctx, request.params.slug, request.body);
    return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, data.instructions === undefined ? 'success.orderPlacedCard' : 'success.orderPlacedManual'), data });
  });

  // The order token is this route's own bearer: the auth hook must not take it for a session.
  route(
    app,
    publicStoreOrderEndpoint,
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.publicOrder(ctx, request.params.id, service.bearerOf(request.headers.authorization));
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data };
    },
    { config: { ownToken: true } },
  );

  if (options.sandbox) return;
  // Stripe signs the exact bytes it sent: this one route reads its body raw, whatever its type.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    route(raw, storeStripeWebhookEndpoint, async (request) => {
      const ctx = ctxOf(request);
      await service.receiveStripeEvent(ctx, request.params.storefrontId, request.body, request.headers['stripe-signature']);
      return { status: true as const, msg: translate(ctx.locale, 'payments.webhookReceived') };
    });
  });
};
