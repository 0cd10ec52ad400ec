/**
 * One autocannon run in its own process, as real clients would be: reads its spec (see
 * `LoadSpec`) from the JSON file named by argv[2] and prints autocannon's JSON result.
 */
import fs from 'node:fs';
import autocannon, { type Options, type Request } from 'autocannon';

/** One request's own headers or body, on top of the common ones. */
export type Variant = { headers?: Record<string, string>; body?: unknown };

export type LoadSpec = {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  /** Each request takes the next of these, in turn. */
  variants?: Variant[];
};

const json = (body: unknown) => (body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** autocannon's options for a spec. */
export function autocannonOptions(spec: LoadSpec): Options {
  const common = json(spec.body);
  const options: Options = {
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    method: spec.method ?? 'GET',
    headers: { ...spec.headers, ...common.headers },
    ...(common.body === undefined ? {} : { body: common.body }),
  };
  const variants = spec.variants;
  if (!variants) return options;
  let next = 0;
  const setupRequest = (request: Request): Request => {
    const variant = variants[next++ % variants.length]!;
    const own = json(variant.body);
    return { ...request, headers: { ...request.headers, ...variant.headers, ...own.headers }, ...(own.body === undefined ? {} : { body: own.body }) };
  };
  return { ...options, requests: [{ setupRequest }] };
}

if (process.argv[2]) {
  const result = await autocannon(autocannonOptions(JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as LoadSpec));
  process.stdout.write(JSON.stringify(result));
}
