import * as z from 'zod/mini';
import { endpoint } from './endpoint.js';

/**
 * The operator's calls (server/src/modules/health and metrics): the health check, the balancer's
 * and the orchestrator's probes, and the Prometheus scrape. Public: each answers without a session.
 */

const tags = ['health'];

export const healthAnswer = z.object({ status: z.literal(true), database: z.literal('up') });
export type HealthAnswer = z.infer<typeof healthAnswer>;

export const livezAnswer = z.object({ status: z.literal(true), uptime_seconds: z.number() });
export type LivezAnswer = z.infer<typeof livezAnswer>;

/** Each check's state; the 503 of a node that is not ready says which failed. */
export const readinessChecks = z.object({
  lifecycle: z.string(),
  database: z.string(),
  migrations: z.string(),
  workers: z.record(z.string(), z.string()),
});
export const readyzAnswer = z.object({ status: z.literal(true), checks: readinessChecks });
export type ReadyzAnswer = z.infer<typeof readyzAnswer>;

export const healthEndpoint = endpoint({ method: 'GET', path: '/health', tags, public: true, security: [], answer: healthAnswer });

/** Served under /api only (about this node, not again under /api/sandbox). */
export const livezEndpoint = endpoint({
  method: 'GET',
  path: '/livez',
  tags,
  public: true,
  security: [],
  summary: 'The process answers (never touches the database): for a liveness probe',
  answer: livezAnswer,
});

export const readyzEndpoint = endpoint({
  method: 'GET',
  path: '/readyz',
  tags,
  public: true,
  security: [],
  summary: 'This node should get traffic: for a balancer health check or a readiness probe (503 says which check failed)',
  answer: readyzAnswer,
});

/**
 * GET /metrics, outside /api (registered only when METRICS_TOKEN is set): the Prometheus text
 * format, for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>` (the route checks that
 * token itself). Left out of the OpenAPI document.
 */
export const metricsEndpoint = endpoint({ method: 'GET', path: '/metrics', tags: ['metrics'], public: true, hide: true });
