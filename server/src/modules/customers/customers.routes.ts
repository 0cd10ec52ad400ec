import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Sales → Customers (issue 43): the caller's customers and their devices. */
export const customersRoutes: FastifyPluginAsyncZod = async () => {};
