import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Sales → Orders (issue 43): the caller's store orders, and approving, rejecting or retrying one. */
export const storeOrdersRoutes: FastifyPluginAsyncZod = async () => {};
