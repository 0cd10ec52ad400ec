import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { variedOptions, type Variant } from './varied-load.js';

export type Load = { rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number; ok?: number };

const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

/**
 * One autocannon run against a URL on this machine (loopback only), in its own process as real
 * clients would be, reduced to the figures we report.
 */
export function load(
  url: string,
  options: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    inProcess?: boolean;
    method?: 'GET' | 'POST';
    body?: unknown;
    /** Each request takes the next of these (in turn): its own headers or body on top of the common ones. */
    variants?: Variant[];
  },
): Promise<Load> {
  if (options.inProcess) return loadInProcess(url, options);
  if (options.variants) {
    const spec = path.join(os.tmpdir(), `panel-bench-load-${process.pid}-${Date.now()}.json`);
    const { connections, seconds, method, headers, variants } = options;
    fs.writeFileSync(spec, JSON.stringify({ url, connections, seconds, method, headers, variants }));
    return run(['--import', 'tsx', path.join(import.meta.dirname, 'varied-load.ts'), spec]).finally(() => fs.rmSync(spec, { force: true }));
  }
  const args = [cli, '--json', '-c', String(options.connections), '-d', String(options.seconds)];
  if (options.method) args.push('-m', options.method);
  if (options.body !== undefined) args.push('-b', JSON.stringify(options.body), '-H', 'content-type=application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(url);
  return run(args);
}

/** Runs a load generator process and reduces its JSON result (autocannon's shape) to our figures. */
function run(args: string[]): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(out) as {
        requests: { average: number; total: number };
        '2xx': number;
        latency: Record<string, number>;
        errors: number;
        non2xx: number;
      };
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50 ?? 0,
        p95: result.latency.p97_5 ?? 0,
        p99: result.latency.p99 ?? 0,
        errors: result.errors,
        non2xx: result.non2xx,
        ok: result['2xx'],
      });
    });
  });
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** The same run with autocannon inside the server's own process: client and server share one core. */
async function loadInProcess(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; method?: 'GET' | 'POST'; variants?: Variant[] },
): Promise<Load> {
  const { connections, seconds, method, headers } = options;
  const result = await autocannon(
    options.variants ? variedOptions({ url, connections, seconds, method, headers, variants: options.variants }) : { url, connections, duration: seconds, headers },
  );
  const latency = result.latency as unknown as Record<string, number>;
  return {
    rps: result.requests.average,
    p50: latency.p50 ?? 0,
    p95: latency.p97_5 ?? 0,
    p99: latency.p99 ?? 0,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
