import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { findSourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** BENCH_PROFILE=1: a CPU profile of the server under each list's load, in a run of its own. */
export const profiling = process.env.BENCH_PROFILE === '1';

/** Where the profiles and their summaries go (git-ignored). */
export const PROFILES_DIR = path.resolve(import.meta.dirname, '../profiles');

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

export type Frame = {
  name: string;
  where: string;
  percent: number;
  /** For a native frame (a socket write, a string conversion): the package or panel code under which it ran most (Node's own frames skipped). */
  caller?: string;
};

const root = path.resolve(import.meta.dirname, '../..');

/** file:line of a frame, mapped back to the TypeScript source when tsx left a source map. */
function where(frame: CallFrame): string {
  if (!frame.url) return '(native)';
  // The panel's TypeScript (run through tsx) maps back to its source; packages keep their own files' lines.
  const entry: { originalSource?: string; originalLine?: number } | undefined = frame.url.startsWith('file:') && !frame.url.includes('/node_modules/')
    ? findSourceMap(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber)
    : undefined;
  const mapped = entry?.originalSource ? { url: entry.originalSource, line: entry.originalLine ?? 0 } : { url: frame.url, line: frame.lineNumber };
  const file = mapped.url.startsWith('file:') ? path.relative(root, fileURLToPath(mapped.url)) : mapped.url;
  return `${file}:${mapped.line + 1}`;
}

/**
 * The frames with the most self time, as a share of the time the process was not idle (the
 * profiler's "(idle)" samples are left out; "(garbage collector)" and "(program)" stay, they are
 * the server's cost too). Frames of one function at one place are added up.
 */
export function topFrames(profile: CpuProfile, count = 5): { frames: Frame[]; busyMs: number; idlePercent: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const self = new Map<string, { name: string; where: string; us: number; native: boolean; callers: Map<string, number> }>();
  let busy = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(id)!;
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') {
      idle += us;
      return;
    }
    busy += us;
    const key = `${frame.functionName}|${frame.url}|${frame.lineNumber}|${frame.columnNumber}`;
    const entry = self.get(key) ?? { name: frame.functionName || '(anonymous)', where: where(frame), us: 0, native: !frame.url, callers: new Map() };
    entry.us += us;
    // Past Node's own stream and socket frames, to the package or panel code that asked for the work.
    let up = parentOf.get(node.id);
    while (up && (!up.callFrame.url || up.callFrame.url.startsWith('node:')) && up.callFrame.functionName !== '(root)') up = parentOf.get(up.id);
    const parent = up?.callFrame;
    if (entry.native && parent && parent.functionName !== '(root)') {
      const caller = `${parent.functionName || '(anonymous)'} ${where(parent)}`;
      entry.callers.set(caller, (entry.callers.get(caller) ?? 0) + us);
    }
    self.set(key, entry);
  });
  const frames = [...self.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, count)
    .map((f) => {
      const caller = [...f.callers].sort((a, b) => b[1] - a[1])[0];
      return {
        name: f.name,
        where: f.where,
        percent: (100 * f.us) / Math.max(busy, 1),
        ...(caller ? { caller: `${caller[0]} (${((100 * caller[1]) / f.us).toFixed(0)} %)` } : {}),
      };
    });
  return { frames, busyMs: busy / 1000, idlePercent: (100 * idle) / Math.max(busy + idle, 1) };
}

let session: Session | undefined;

/**
 * Runs `work` (a load on the server in this process; the load generator in its own) under the
 * inspector's CPU profiler, writes `<slug>.cpuprofile` under bench/profiles and its top five frames
 * by self time to `<slug>.txt`, and prints them. Only with BENCH_PROFILE=1: the profiler slows
 * the server down, so the measured runs never have it on.
 */
export async function profileLoad(label: string, work: () => Promise<unknown>): Promise<Frame[] | undefined> {
  if (!profiling) return undefined;
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
  }
  await session.post('Profiler.start');
  await work();
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  fs.mkdirSync(PROFILES_DIR, { recursive: true });
  fs.writeFileSync(path.join(PROFILES_DIR, `${slug}.cpuprofile`), JSON.stringify(profile));
  const { frames, busyMs, idlePercent } = topFrames(profile);
  const lines = [
    `${label}: top ${frames.length} frames by self time (${(busyMs / 1000).toFixed(1)} s busy, ${idlePercent.toFixed(0)} % idle)`,
    ...frames.map((f, i) => `  ${i + 1}. ${f.percent.toFixed(1)} %  ${f.name}  ${f.where}${f.caller ? `  ← ${f.caller}` : ''}`),
  ];
  fs.writeFileSync(path.join(PROFILES_DIR, `${slug}.txt`), `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
  return frames;
}

/** A table cell for the top frames: "name (file:line) 12.3 %; …". */
export const framesCell = (frames: Frame[]) =>
  frames.map((f) => `${f.name} (${f.where}${f.caller ? `, from ${f.caller}` : ''}) ${f.percent.toFixed(1)} %`).join('; ');

/**
 * `node --import tsx bench/src/profile.ts <file.cpuprofile>...`: the top five frames of profiles
 * written earlier (the panel's modules are loaded first, so its frames map back to their source).
 */
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]) && process.argv.length > 2) {
  await import('../../server/src/start.js');
  for (const file of process.argv.slice(2)) {
    const { frames, busyMs, idlePercent } = topFrames(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
    console.log(`${path.basename(file, '.cpuprofile')}: top ${frames.length} frames by self time (${(busyMs / 1000).toFixed(1)} s busy, ${idlePercent.toFixed(0)} % idle)`);
    frames.forEach((f, i) => console.log(`  ${i + 1}. ${f.percent.toFixed(1)} %  ${f.name}  ${f.where}${f.caller ? `  ← ${f.caller}` : ''}`));
  }
}
