// Bundles the server into one ES module so that `npm start` runs plain Node: no TypeScript
// loader in the process (it costs about 80 MB of resident memory and start-up time).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
/**
 * main.js imports serve.js (the panel) and tracing.js (OpenTelemetry, only when asked for) at run
 * time, as files of their own: bundled into main.js, the panel's npm imports would be hoisted to
 * its top and loaded before tracing could hook them, and OpenTelemetry would load on every start.
 */
const separateFiles = {
  name: 'separate-files',
  setup(b) {
    b.onResolve({ filter: /^\.\/(serve|tracing)\.js$/ }, (args) => (args.importer.endsWith(path.join('src', 'main.ts')) ? { path: args.path, external: true } : undefined));
  },
};
await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    serve: path.join(here, 'src/serve.ts'),
    tracing: path.join(here, 'src/tracing.ts'),
    'pglite-template': path.join(here, 'src/db/pglite-template.ts'),
  },
  plugins: [separateFiles],
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // npm packages stay in node_modules; only our own workspaces are bundled.
  packages: 'external',
  alias: { '@panel/contract': path.join(here, '../contract/src/index.ts') },
  sourcemap: true,
  logLevel: 'warning',
});
fs.rmSync(path.join(here, 'dist/migrations'), { recursive: true, force: true });
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });

// A migrated empty database for PGlite's first start (src/db/pglite-template.ts).
const { writePgliteTemplate } = await import(path.join(here, 'dist/pglite-template.js'));
await writePgliteTemplate(path.join(here, 'dist/pglite-template.tar.gz'));
