/**
 * A pino mixin that puts the active span's trace and span ids on each log line, so a line leads to
 * its trace and back. Only called when tracing is on: the OpenTelemetry API is imported here, and
 * nowhere else in the app, so a start without tracing loads none of it.
 */
export async function traceIdMixin(): Promise<() => Record<string, string>> {
  const { trace, context } = await import('@opentelemetry/api');
  // A new object each time: pino merges the line's fields into what the mixin returns.
  return (): Record<string, string> => {
    const span = trace.getSpan(context.active());
    if (!span) return {};
    const { traceId, spanId } = span.spanContext();
    return { trace_id: traceId, span_id: spanId };
  };
}
