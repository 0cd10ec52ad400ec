/**
 * An autocannon run whose requests each take the next of a list of variants (headers, body), in
 * its own process as the CLI runs are: reads its spec from the JSON file named by argv[2] and
 * prints autocannon's JSON result.
 */
import fs from 'node:fs';
import autocannon, { type Options, type Request } from 'autocannon';

export type Variant = { headers?: Record<string, string>; body?: unknown };
type Spec = { url: string; connections: number; seconds: number; method?: string; headers?: Record<string, string>; variants: Variant[] };

/** autocannon options that send `variants` in turn. */
export function variedOptions(spec: Spec): Options {
  let next = 0;
  return {
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    method: (spec.method ?? 'GET') as 'GET' | 'POST',
    headers: spec.headers ?? {},
    requests: [
      {
        setupRequest: (request: Request): Request => {
          const variant = spec.variants[next++ % spec.variants.length]!;
          return {
            ...request,
            headers: { ...request.headers, ...variant.headers, ...(variant.body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(variant.body === undefined ? {} : { body: JSON.stringify(variant.body) }),
          };
        },
      },
    ],
  };
}

if (process.argv[2]) {
  const result = await autocannon(variedOptions(JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Spec));
  process.stdout.write(JSON.stringify(result));
}
