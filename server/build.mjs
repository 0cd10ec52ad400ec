// Bundles the server into one ES module so that `npm start` runs plain Node: no TypeScript
// loader in the process (it costs about 80 MB of resident memory and start-up time).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
// BUILD_OUTDIR: another folder (the process tests build there, leaving dist alone); it must sit
// under server/ so the bundle's npm imports resolve. BUILD_TEMPLATE=0 skips the PGlite template.
const dist = process.env.BUILD_OUTDIR ? path.resolve(process.env.BUILD_OUTDIR) : path.join(here, 'dist');
fs.rmSync(dist, { recursive: true, force: true });
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
  outdir: dist,
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
// The backups' file worker runs as a file of its own (src/modules/backups/backups.files.ts).
fs.copyFileSync(path.join(here, 'src/modules/backups/backups.files.mjs'), path.join(dist, 'backups.files.mjs'));
fs.rmSync(path.join(dist, 'migrations'), { recursive: true, force: true });
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The SQL functions as they are now (src/db/functions/*.sql), installed after the migrations.
fs.rmSync(path.join(dist, 'functions'), { recursive: true, force: true });
fs.cpSync(path.join(here, 'src/db/functions'), path.join(dist, 'functions'), { recursive: true, filter: (from) => !/\.ts$/.test(from) });

if (process.env.BUILD_TEMPLATE !== '0') {
  // A migrated empty database for PGlite's first start (src/db/pglite-template.ts).
  const { writePgliteTemplate } = await import(path.join(dist, 'pglite-template.js'));
  await writePgliteTemplate(path.join(dist, 'pglite-template.tar.gz'));
}
