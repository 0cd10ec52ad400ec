import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The customer's side of a store (issue 43): placing an order, following it, and the store's Stripe events. */
export const storeCheckoutRoutes: FastifyPluginAsyncZod = async () => {};
