import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';

/**
 * `ANALYZE=1 npm run build -w web` also writes dist/stats.html (a treemap of what each chunk holds)
 * and dist/stats.json (the same as data), to check that a route's chunks hold only what it uses.
 */
const analyze = process.env.ANALYZE === '1';

/** The version client error reports carry: the commit built (a copy without git: the build's time). */
function appVersion(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return `built ${new Date().toISOString()}`;
  }
}

/**
 * The contract's API texts (`@panel/contract/messages/<locale>.json`) feed two parts of each
 * language (src/i18n): the sign-in screens' (`src/i18n/api/`) and the signed-in screens'
 * (`src/i18n/api/panel/`). A module is the bundler's unit of splitting, so the panel's imports get a
 * module of their own (`?panel`): each part then carries only the namespaces it exports, and /login
 * does not download the panel's (the error catalogue's texts, the backup findings: 4 KB gzipped).
 */
function panelApiTexts(): Plugin {
  return {
    name: 'panel-api-texts',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.startsWith('@panel/contract/messages/') || !importer || !/[\\/]src[\\/]i18n[\\/]api[\\/]panel[\\/]/.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && `${resolved.id}?panel`;
    },
    load(id) {
      return id.endsWith('.json?panel') ? { code: fs.readFileSync(id.slice(0, -'?panel'.length), 'utf8'), moduleType: 'json' } : null;
    },
  };
}

/**
 * The test files that replace a module (`vi.mock`): each needs a module cache of its own. The
 * others share their worker's (isolate: false), which spares loading Mantine and the app's modules
 * again for every file: about a third of the suite's processor time.
 */
const TEST_FILES = 'src/**/*.test.{ts,tsx}';
const MOCKING = fs.globSync(TEST_FILES, { cwd: import.meta.dirname }).filter((file) =>
  /\bvi\.(do)?mock\(/.test(fs.readFileSync(new URL(file, import.meta.url), 'utf8')),
);

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    panelApiTexts(),
    analyze && visualizer({ filename: 'dist/stats.html', gzipSize: true, template: 'treemap' }),
    analyze && visualizer({ filename: 'dist/stats.json', gzipSize: true, template: 'raw-data' }),
  ],
  define: { __APP_VERSION__: JSON.stringify(appVersion()) },
  // react-router's exports name only its development build, warnings included (remix-run/react-router#14102):
  // the production build it ships beside it is what a built panel runs.
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')) }] } : undefined,
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the panel supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // tslib's helpers are needed by the entry; left alone, they ride in the scroll-lock chunk
        // of the modals, which every page would then download.
        codeSplitting: {
          groups: [
            { name: 'tslib', test: /node_modules[\\/]tslib/ },
            // What every screen runs, in one chunk instead of a dozen: React, the router, i18next,
            // TanStack Query and zod's mini build. (Mantine stays per component: its shared modules
            // in one group would bring every screen's hooks to /login.)
            {
              name: 'core',
              // use-sync-external-store's with-selector build is only the charts' (react-redux under
              // recharts, on the Insights screen): left to that chunk, so /login does not carry it.
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store|@tanstack[\\/][^\\/]+|zod|js-cookie|react-router|clsx)[\\/]/.test(id) &&
                !/use-sync-external-store[\\/].*with-selector/.test(id),
            },
            // Everything else the entry imports statically (the sign-in screen, the providers, the
            // Mantine components they use) in one chunk as well: left alone, it came in fourteen, each
            // gzipped on its own, 6 KB more on /login. `$initial` is what the entry really uses after
            // tree-shaking, not all a barrel file could reach. Not the language files, which load per
            // language: the contract's `translate` imports all of them and the web app never calls it
            // (so no JSON here, nor what the captured modules import without using).
            { name: 'entry', tags: ['$initial'], test: (id: string) => !id.endsWith('.json'), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    css: false,
    // Tests that drive date pickers, dropzones and menus take 1 to 2 s alone and over 5 s while
    // the suite's own files, or another job, share the two cores: a limit is for a hung test.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', fileURLToPath(new URL('../scripts/slowest-tests.mjs', import.meta.url))],
    projects: [
      { extends: true, test: { name: 'shared', include: [TEST_FILES], exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'mocking', include: MOCKING } },
    ],
  },
}));
