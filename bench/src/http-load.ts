import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { autocannonOptions, type LoadSpec } from './load-process.js';

export type Load = { rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number; ok?: number };

type Result = { requests: { average: number }; '2xx': number; latency: Record<string, number>; errors: number; non2xx: number };

/**
 * One autocannon run against a URL on this machine (loopback only), reduced to the figures we
 * report: in its own process as real clients would be, or with `inProcess` inside the server's
 * process (client and server share one core).
 */
export async function load(url: string, options: Omit<LoadSpec, 'url'> & { inProcess?: boolean }): Promise<Load> {
  const { inProcess, ...rest } = options;
  const spec: LoadSpec = { url, ...rest };
  const result = inProcess ? ((await autocannon(autocannonOptions(spec))) as unknown as Result) : await inOwnProcess(spec);
  return {
    rps: result.requests.average,
    p50: result.latency.p50 ?? 0,
    p95: result.latency.p97_5 ?? 0,
    p99: result.latency.p99 ?? 0,
    errors: result.errors,
    non2xx: result.non2xx,
    ok: result['2xx'],
  };
}

function inOwnProcess(spec: LoadSpec): Promise<Result> {
  const file = path.join(os.tmpdir(), `panel-bench-load-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  return new Promise<Result>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'load-process.ts'), file], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Result) : reject(new Error(`autocannon exited with ${code}`))));
  }).finally(() => fs.rmSync(file, { force: true }));
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
/** A ratio: two decimals, or two significant digits when it is under 0.1 (0.0042 rather than 0.00). */
export const fmtRatio = (n: number) => (n >= 0.1 || n === 0 ? n.toFixed(2) : n.toPrecision(2));
