import autocannon from 'autocannon';

export type Load = { rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number };

/** One autocannon run against a URL on this machine (loopback only), reduced to the figures we report. */
export async function load(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<Load> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
  });
  const latency = result.latency as unknown as Record<string, number>;
  return {
    rps: result.requests.average,
    p50: latency.p50 ?? result.latency.average,
    p95: latency.p97_5 ?? latency.p99 ?? 0,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
