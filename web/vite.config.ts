import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
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
                !/use-sync-external-store[\\/](with-selector|cjs[\\/]use-sync-external-store-with-selector)/.test(id),
            },
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
