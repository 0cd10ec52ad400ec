import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceMappedStack } from './source-mapped-stack.js';

// A bundle built as server/build.mjs builds dist/serve.js: two TypeScript files, one ES module and its map.
describe('a stack of the bundled server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-stack-'));
  const out = path.join(dir, 'dist');
  let stack = '';
  /** The same stack as `node --enable-source-maps` writes it. */
  let nodeMapped = '';
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src/fail.ts'), ['export function fail(): never {', '  const why: string = "broken";', '  throw new Error(why);', '}', ''].join('\n'));
    fs.writeFileSync(path.join(dir, 'src/entry.ts'), ["import { fail } from './fail.js';", '', 'export function run(): void {', '  fail();', '}', ''].join('\n'));
    await build({ entryPoints: { serve: path.join(dir, 'src/entry.ts') }, outdir: out, bundle: true, format: 'esm', platform: 'node', sourcemap: true, logLevel: 'silent' });
    // Run where no source map support is on (vitest's own process has it): as `npm start` runs the bundle.
    const url = pathToFileURL(path.join(out, 'serve.js')).href;
    const script = `try { (await import(${JSON.stringify(url)})).run(); } catch (error) { process.stdout.write(error.stack); }`;
    const env = { ...process.env, NODE_OPTIONS: '' };
    stack = execFileSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8', env });
    nodeMapped = execFileSync(process.execPath, ['--enable-source-maps', '--input-type=module', '--eval', script], { encoding: 'utf8', env });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('points each frame of the bundle at its TypeScript file, line and column', () => {
    expect(stack).toContain(path.join(out, 'serve.js'));
    const mapped = sourceMappedStack(stack, out);
    expect(mapped).toContain(`at fail (${path.join(dir, 'src/fail.ts')}:3:9)`);
    expect(mapped).toBe(nodeMapped);
  });

  it('leaves frames of files outside the bundle folder as they are', () => {
    expect(sourceMappedStack(stack, path.join(dir, 'elsewhere'))).toBe(stack);
  });
});
