import fs from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/**
 * The panel's version: the server package's `version`, found by walking up from this file, so the
 * same code answers from the sources (src/lib) and from the bundle (dist).
 */
export function panelVersion(): string {
  if (cached) return cached;
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@panel/server') return (cached = pkg.version ?? '0.0.0');
    }
    if (path.dirname(dir) === dir) return (cached = '0.0.0');
  }
}
