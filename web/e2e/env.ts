import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3210);

/** One fixed place for the e2e server's settings: the config starts it, the tests read its outbox. */
export const E2E = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  dataDir: path.resolve(import.meta.dirname, '../test-results/e2e-data'),
  adminEmail: 'admin@e2e.test',
  adminPassword: 'Admin@12345',
  adminPrefix: 'e2e-admin',
};
