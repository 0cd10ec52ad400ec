import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { metricsEndpoint } from '@panel/contract';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/route.js';

/** The `route` label of requests that matched no route: never the raw URL, which anyone can vary without end. */
export const UNMATCHED_ROUTE = 'unmatched';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * GET /metrics (Prometheus text format) and the hook that times every request: registered only
 * when METRICS_TOKEN is set (otherwise the path is the panel's ordinary 404 and no request pays
 * for the hook). The scraper sends `Authorization: Bearer <METRICS_TOKEN>`; a wrong token and a
 * missing one get the same 401.
 */
export function registerMetrics(app: FastifyInstance, token: string) {
  const { metrics } = app.deps;
  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // Digests of equal length for timingSafeEqual: the comparison takes the same time whatever
  // was sent, so the token cannot be guessed a character at a time.
  const expected = digest(token);
  const authorised = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const sent = /^bearer /i.test(header) ? header.slice(7).trim() : '';
    return crypto.timingSafeEqual(digest(sent), expected) && sent !== '';
  };

  // Outside /api, so app.ts marks it public for the sessions: it checks its own token instead,
  // and never reaches the database for it, so the figures are served while the database is down.
  route(
    app,
    metricsEndpoint,
    async (request, reply) => {
      if (!authorised(request)) throw new AppError('C10002', { headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
      const body = await metrics.registry.metrics();
      return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(body);
    },
    { config: { ownToken: true } },
  );
}
