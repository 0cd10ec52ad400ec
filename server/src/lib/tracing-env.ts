/**
 * Whether OpenTelemetry tracing is on: an OTLP endpoint is set (for all signals or for traces) and
 * the SDK is not switched off. Read by main.ts before anything else is imported, and by config.ts.
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (/^(true|1)$/i.test(env.OTEL_SDK_DISABLED ?? '')) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}
