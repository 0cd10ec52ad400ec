import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // The files share a worker's loaded modules (each file still builds its own app on its own
    // database): importing the app for every file anew took three minutes of the suite's six.
    // Nothing module-level is mocked or left changed between files.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', fileURLToPath(new URL('../scripts/slowest-tests.mjs', import.meta.url))],
  },
});
