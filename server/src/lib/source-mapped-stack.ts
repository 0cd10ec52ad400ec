import fs from 'node:fs';
import path from 'node:path';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Stack traces of the bundled server (dist/serve.js) pointed at the TypeScript they came from, with
 * the bundle's source map read on the first error that needs it. `node --enable-source-maps` does
 * the same for every stack, but holds every loaded file's map from the start, and decodes ours
 * (some 170,000 mappings) as soon as anything reads a stack: about 25 MB of the idle panel's
 * resident memory (issue 45), for lines that only an error's log needs.
 */

/** Where the bundle is: the folder of this module as it runs (under tsx, src/lib, where no map sits). */
const BUNDLE_DIR = path.dirname(fileURLToPath(import.meta.url));

/** A frame's location: `file:///…/serve.js:120:7` or `/…/serve.js:120:7`. */
const LOCATION = /((?:file:\/\/)?\/[^\s()]+?\.m?js):(\d+):(\d+)/g;

const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
    } catch {
      map = null; // no map beside it (or not readable): its frames stay as they are
    }
    maps.set(file, map);
  }
  return map;
}

/** `stack` with each frame of a bundled file in `dir` replaced by its original file, line and column. */
export function sourceMappedStack(stack: string, dir = BUNDLE_DIR): string {
  return stack.replace(LOCATION, (whole, location: string, line: string, column: string) => {
    const file = location.startsWith('file://') ? fileURLToPath(location) : location;
    if (path.dirname(file) !== dir) return whole;
    // As node --enable-source-maps maps a frame: the segment's own origin (findEntry is 0-based).
    const entry = mapOf(file)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry)) return whole;
    // The map's sources are relative to the map's own place.
    const source = fileURLToPath(new URL(entry.originalSource, pathToFileURL(file)));
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
