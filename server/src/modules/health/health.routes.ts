import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthEndpoint, livezEndpoint, readyzEndpoint } from '@panel/contract';
import { sendError } from '../../http/error-handler.js';
import { route } from '../../http/route.js';
import { checkReadiness } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, healthEndpoint, async (request, reply) => {
    try {
      await app.deps.database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return sendError(reply, request.locale, 'UNAVAILABLE');
    }
    return { status: true as const, database: 'up' as const };
  });
};

/**
 * The balancer's and the orchestrator's probes: about this node, so served under /api only (not
 * again under /api/sandbox). Asked every few seconds, so their request lines are logged at warn
 * and above only.
 */
export const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  const started = Date.now();
  route(app, livezEndpoint, async () => ({ status: true as const, uptime_seconds: Math.floor((Date.now() - started) / 1000) }), { logLevel: 'warn' });

  route(
    app,
    readyzEndpoint,
    async (request, reply) => {
      const report = await checkReadiness({ database: app.deps.database, readiness: app.deps.readiness, log: request.log });
      if (!report.ready) return sendError(reply, request.locale, 'UNAVAILABLE', { body: { failed: report.failed, checks: report.checks } });
      return { status: true as const, checks: report.checks };
    },
    { logLevel: 'warn' },
  );
};
