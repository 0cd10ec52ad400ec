import { tracingRequested } from './lib/tracing-env.js';

/**
 * The process's entry. OpenTelemetry's instrumentation hooks must be in place before fastify, pg
 * and node:http are imported, so the panel itself (serve.ts, a separate file of the bundle) comes
 * by a dynamic import after them; without OTEL_EXPORTER_OTLP_ENDPOINT nothing of OpenTelemetry is
 * loaded at all.
 */
const tracing = tracingRequested() ? await (await import('./tracing.js')).startTracing() : undefined;
const { serve } = await import('./serve.js');
await serve({ beforeExit: async () => tracing?.shutdown() });
