/**
 * What the idle panel holds: its resident memory split by kind (/proc/<pid>/smaps) and, through
 * the inspector opened after the resident figure is read, V8's own figures and PGlite's
 * WebAssembly memory. `node --import tsx src/idle-memory.ts [runs]` (from bench/) restarts the
 * built server on one PGlite data folder `runs` times and prints each breakdown;
 * `startTimesAndMemory()` in run.ts reports the median of three restarts with its breakdown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** The built server's folder under server/ (IDLE_DIST: another build, e.g. BUILD_OUTDIR's). */
const dist = process.env.IDLE_DIST ?? 'dist';

/** The flags of `npm start`, read from the start script, the entry in `dist`. */
function startArgs(): string[] {
  const script = (JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  return script
    .split(/\s+/)
    .slice(1)
    .map((arg) => arg.replace(/^dist\//, `${dist}/`));
}

export const START_ADMIN = { email: 'start@bench.test', password: 'Bench@12345', prefix: 'bench-start', passcode: '2468' };
const START_ADMIN_ENV = { ADMIN_EMAIL: START_ADMIN.email, ADMIN_PASSWORD: START_ADMIN.password, ADMIN_LOGIN_PREFIX: START_ADMIN.prefix };

export type ServerProcess = { child: ChildProcess; ready: Promise<number>; inspectPort: number };

/** A loopback port nobody listens on now (other processes on this machine take ports too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The built server, exactly as `npm start` runs it (its flags read from the start script), plus
 * `--inspect-port`, which only names the port the inspector would take on SIGUSR1: nothing of it
 * is loaded until `memoryBreakdown` asks.
 */
export function startServer(dataDir: string, port: number, inspectPort: number): ServerProcess {
  const started = performance.now();
  // IDLE_NODE_FLAGS: more flags to try (space-separated), before the start script's.
  const extra = process.env.IDLE_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [`--inspect-port=127.0.0.1:${inspectPort}`, ...extra, ...startArgs()], {
    cwd: path.join(root, 'server'),
    // A known admin (the first start creates one either way, with a generated password without these).
    // No drain grace on SIGTERM (SHUTDOWN_GRACE_SECONDS): nothing balances to it.
    env: { ...process.env, ...START_ADMIN_ENV, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', SHUTDOWN_GRACE_SECONDS: '0' },
    stdio: 'ignore',
  });
  const ready = (async () => {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return { child, ready, inspectPort };
}

export const stopServer = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Resident MB by mapping kind. A WebAssembly memory is an anonymous read-write mapping followed
 * right after by its inaccessible guard reservation (together 4 GiB or more); `[heap]` is the
 * main thread's malloc arena; the other anonymous mappings hold V8's heap, the other threads'
 * malloc arenas and the stacks.
 */
function residentByKind(pid: number) {
  const kinds = { wasm: 0, malloc: 0, anonymous: 0, files: 0, other: 0 };
  type Mapping = { start: number; end: number; perms: string; name: string; rss: number };
  const mappings: Mapping[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) mappings.push({ start: Number.parseInt(header[1]!, 16), end: Number.parseInt(header[2]!, 16), perms: header[3]!, name: header[4]!, rss: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) mappings.at(-1)!.rss = Number(rss[1]) / 1024;
  }
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const wasm = m.name === '' && m.perms.startsWith('rw') && next?.name === '' && next.perms.startsWith('---') && next.start === m.end && next.end - m.start >= 2 ** 32;
    const kind = wasm ? 'wasm' : m.name === '[heap]' ? 'malloc' : m.name === '' ? 'anonymous' : m.name.startsWith('/') ? 'files' : 'other';
    kinds[kind] += m.rss;
  });
  return kinds;
}

/** One expression evaluated in the server through the inspector (SIGUSR1 opens it on `inspectPort`). */
async function inspect(server: ServerProcess): Promise<{ memoryUsage: NodeJS.MemoryUsage; wasmMemories: number[]; heapSpaces: Record<string, number> }> {
  server.child.kill('SIGUSR1');
  let target: string | undefined;
  for (let attempt = 0; attempt < 100 && !target; attempt++) {
    try {
      const list = (await (await fetch(`http://127.0.0.1:${server.inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
      target = list[0]?.webSocketDebuggerUrl;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  if (!target) throw new Error('the inspector did not open');
  const socket = new WebSocket(target);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 1;
  const pending = new Map<number, (result: Record<string, unknown>) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id) pending.get(message.id)?.(message.result ?? {});
  };
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  const objectId = (result: Record<string, unknown>) => (result.result as { objectId: string }).objectId;
  const value = (result: Record<string, unknown>) => (result.result as { value: unknown }).value;
  try {
    // Every WebAssembly.Memory alive in the process (PGlite's): queryObjects finds them without a reference.
    const prototype = await send('Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' });
    const memories = await send('Runtime.queryObjects', { prototypeObjectId: objectId(prototype) });
    const sizes = await send('Runtime.callFunctionOn', {
      objectId: (memories.objects as { objectId: string }).objectId,
      functionDeclaration: 'function () { return this.map((m) => m.buffer.byteLength); }',
      returnByValue: true,
    });
    const figures = await send('Runtime.evaluate', {
      expression:
        "JSON.stringify({ memoryUsage: process.memoryUsage(), heapSpaces: Object.fromEntries(process.getBuiltinModule('v8').getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size])) })",
      returnByValue: true,
    });
    return { ...(JSON.parse(value(figures) as string) as { memoryUsage: NodeJS.MemoryUsage; heapSpaces: Record<string, number> }), wasmMemories: value(sizes) as number[] };
  } finally {
    socket.close();
  }
}

export type MemoryBreakdown = {
  rss: number;
  resident: ReturnType<typeof residentByKind>;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  wasm: number[];
  heapSpaces: Record<string, number>;
};

const mb = (bytes: number) => bytes / 2 ** 20;

/** The idle server's memory: resident figures first (read before the inspector adds its own), then V8's. */
export async function memoryBreakdown(server: ServerProcess): Promise<MemoryBreakdown> {
  const pid = server.child.pid!;
  const rss = rssMb(pid);
  const resident = residentByKind(pid);
  const { memoryUsage, wasmMemories, heapSpaces } = await inspect(server);
  return {
    rss,
    resident,
    heapUsed: mb(memoryUsage.heapUsed),
    heapTotal: mb(memoryUsage.heapTotal),
    external: mb(memoryUsage.external),
    arrayBuffers: mb(memoryUsage.arrayBuffers),
    wasm: wasmMemories.map(mb),
    heapSpaces: Object.fromEntries(Object.entries(heapSpaces).map(([name, used]) => [name, mb(used)])),
  };
}

const f0 = (n: number) => n.toFixed(0);

/** One line: RSS and where it is. */
export function describeBreakdown(b: MemoryBreakdown): string {
  return (
    `RSS ${f0(b.rss)} MB = WebAssembly ${f0(b.resident.wasm)} + malloc [heap] ${f0(b.resident.malloc)} + other anonymous (V8 heap, threads' arenas) ${f0(b.resident.anonymous)} + files ${f0(b.resident.files)} + other ${f0(b.resident.other)}; ` +
    `V8 heap ${f0(b.heapUsed)} used / ${f0(b.heapTotal)} MB, external ${f0(b.external)} MB (array buffers ${f0(b.arrayBuffers)}), ` +
    `WebAssembly memory ${b.wasm.map(f0).join(' + ')} MB`
  );
}

/** Restarts the built server on one data folder `runs` times: the breakdown 3 s after each restart is healthy. */
export async function idleMemoryRuns(runs: number, settleMs = 3000): Promise<MemoryBreakdown[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-bench-idle-'));
  const [port, inspectPort] = [await freePort(), await freePort()];
  const results: MemoryBreakdown[] = [];
  try {
    const first = startServer(dataDir, port, inspectPort);
    await first.ready;
    await stopServer(first.child);
    for (let run = 0; run < runs; run++) {
      const server = startServer(dataDir, port, inspectPort);
      await server.ready;
      await new Promise((r) => setTimeout(r, settleMs));
      results.push(await memoryBreakdown(server));
      await stopServer(server.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 3);
  for (const b of await idleMemoryRuns(runs)) {
    console.log(describeBreakdown(b));
    console.log(`  heap spaces (MB used): ${Object.entries(b.heapSpaces).map(([name, used]) => `${name} ${used.toFixed(1)}`).join(', ')}`);
  }
}
