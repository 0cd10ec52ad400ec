import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { sendError } from '../../http/error-handler.js';
import { checkReadiness } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['health'], security: [], response: { 200: z.object({ status: z.literal(true), database: z.literal('up') }) } },
    },
    async (request, reply) => {
      try {
        await app.deps.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return sendError(reply, request.locale, 'UNAVAILABLE');
      }
      return { status: true as const, database: 'up' as const };
    },
  );
};

/**
 * The balancer's and the orchestrator's probes: about this node, so served under /api only (not
 * again under /api/sandbox). Asked every few seconds, so their request lines are logged at warn
 * and above only.
 */
export const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  const started = Date.now();
  app.get(
    '/livez',
    {
      config: { public: true },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        security: [],
        summary: 'The process answers (never touches the database): for a liveness probe',
        response: { 200: z.object({ status: z.literal(true), uptime_seconds: z.number() }) },
      },
    },
    async () => ({ status: true as const, uptime_seconds: Math.floor((Date.now() - started) / 1000) }),
  );

  const checks = z.object({
    lifecycle: z.string(),
    database: z.string(),
    migrations: z.string(),
    workers: z.record(z.string(), z.string()),
  });
  app.get(
    '/readyz',
    {
      config: { public: true },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        security: [],
        summary: 'This node should get traffic: for a balancer health check or a readiness probe (503 says which check failed)',
        response: { 200: z.object({ status: z.literal(true), checks }) },
      },
    },
    async (request, reply) => {
      const report = await checkReadiness({ database: app.deps.database, readiness: app.deps.readiness, log: request.log });
      if (!report.ready) return sendError(reply, request.locale, 'UNAVAILABLE', { body: { failed: report.failed, checks: report.checks } });
      return { status: true as const, checks: report.checks };
    },
  );
};
