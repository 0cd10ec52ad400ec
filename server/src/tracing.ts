import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { FastifyOtelInstrumentation } from '@fastify/otel';

/** The probes a balancer sends every few seconds: traces of them would drown the rest. */
const PROBES = /^\/api\/(livez|readyz|health)(\?|$)/;

/**
 * OpenTelemetry tracing, loaded by main.ts only when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, before the panel's modules are imported.
 *
 * - node:http, server and client: a span per request received and per call made (webhook
 *   deliveries, Stripe), with the W3C `traceparent` taken in and passed on.
 * - Fastify (`@fastify/otel`, the Fastify team's instrumentation; the older
 *   `@opentelemetry/instrumentation-fastify` is deprecated and stops at Fastify 4): the route, its
 *   hooks and its handler as child spans of the HTTP span.
 * - pg: a span per PostgreSQL statement made inside another span (a request's), not for the
 *   background workers' polling. PGlite runs in the process and has no instrumentation.
 *
 * The exporter, its protocol (`OTEL_EXPORTER_OTLP_PROTOCOL`: http/protobuf by default, http/json,
 * grpc), headers, sampler and resource come from the standard OTEL_* variables, read by the SDK.
 *
 * The panel is an ES module, bundled with its npm packages left as real imports: the
 * import-in-the-middle loader hook registered here sees those imports (pg is patched through it);
 * Fastify is instrumented through its own diagnostics channel.
 */
export async function startTracing(): Promise<{ shutdown(): Promise<void> }> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const sdk = new NodeSDK({
    ...(process.env.OTEL_SERVICE_NAME ? {} : { serviceName: 'reseller-panel' }),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => PROBES.test(request.url ?? '') }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (route) => PROBES.test(route.url) }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  // The loader thread knows which modules to patch before the panel's first import.
  await waitForAllMessagesAcknowledged();
  return { shutdown: () => sdk.shutdown() };
}
