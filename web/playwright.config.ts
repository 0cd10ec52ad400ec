import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/env';

/** Debian's Chromium, for every project. */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  },
};

/**
 * The specs that read or change what every other spec shares, so that nothing may run beside them:
 * credit.spec.ts expects the admin's exact balance and its newest share-log row, and support.spec.ts
 * publishes offers that greet every account's dashboard with a popup until it deletes them.
 */
const ISOLATED = [/credit\.spec\.ts$/, /support\.spec\.ts$/];

/**
 * End-to-end tests: Debian's Chromium (Playwright cannot download browsers here) against the
 * real server on a fresh data folder, serving the built web app.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: E2E.outputDir,
  // Two browsers at a time (E2E_WORKERS to change it): the journeys mostly wait (on the server, on
  // animations, on timers), so on two cores two workers took 13.5 min where one took about 18. The
  // specs are independent of each other, each with accounts of its own, except the isolated ones
  // below, which run alone at the end.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry everywhere (the test command sets no CI variable): a journey that fails twice fails;
  // one that passes on its retry is reported as flaky in the list.
  retries: 1,
  // A journey through several screens takes 20 to 40 s alone and about half as long again when
  // the machine runs another job.
  timeout: 120_000,
  // What a page shows within 5 s alone can take three times that when the machine runs another job.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['../scripts/slowest-e2e-tests.mjs'], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const])],
  // The reporter above lists the slowest tests; Playwright's own list names files.
  reportSlowTests: null,
  use: {
    baseURL: E2E.baseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'UTC',
  },
  projects: [
    // The admin's first sign-in sets its credit-share passcode, which only one browser can do.
    { name: 'setup', testMatch: /admin\.setup\.ts$/, use: chromium },
    { name: 'chromium', testIgnore: [/admin\.setup\.ts$/, ...ISOLATED], dependencies: ['setup'], use: chromium },
    { name: 'isolated', testMatch: ISOLATED, dependencies: ['chromium'], fullyParallel: false, workers: 1, use: chromium },
  ],
  webServer: {
    // The built server, as `npm start` runs it (the test command builds before the e2e step).
    command: `rm -rf ${E2E.dataDir} && node ../server/dist/main.js`,
    url: `${E2E.baseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E.port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E.dataDir,
      PUBLIC_URL: E2E.baseUrl,
      ADMIN_EMAIL: E2E.adminEmail,
      ADMIN_PASSWORD: E2E.adminPassword,
      ADMIN_LOGIN_PREFIX: E2E.adminPrefix,
      LOG_LEVEL: 'warn',
      // renewals.spec.ts: customer reminders are due at any hour and checked every 2 s, so a reminder
      // mail arrives while the journey waits (the expiry reminders have no device within their days).
      REMINDER_HOUR: '0',
      CUSTOMER_REMINDER_CHECK_SECONDS: '2',
      // The live/sandbox switch and /api/sandbox (sandbox.spec.ts); the other specs stay in live mode.
      SANDBOX_ENABLED: 'true',
      // Passkeys need a domain: passkeys.spec.ts signs in at http://localhost:<port>.
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGIN: E2E.passkeyUrl,
      // integrations.spec.ts: its webhook receiver listens on 127.0.0.1, which the panel refuses
      // without this, and a failed delivery is retried within seconds rather than minutes.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1,2,3',
    },
  },
});
