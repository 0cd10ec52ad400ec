import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3210);

/** One fixed place for the e2e server's settings: the config starts it, the tests read its outbox. */
export const E2E = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  /**
   * The same server by name: WebAuthn refuses an IP address as relying party, so the passkey
   * journey runs here (the server's WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN say so).
   */
  passkeyUrl: `http://localhost:${port}`,
  // Per port, as is Playwright's output folder (which it empties at the start of a run): runs of
  // single specs on other ports (E2E_PORT) keep out of each other's way.
  dataDir: path.resolve(import.meta.dirname, `../test-results/${port}-data`),
  outputDir: path.resolve(import.meta.dirname, `../test-results/${port}`),
  adminEmail: 'admin@e2e.test',
  adminPassword: 'Admin@12345',
  adminPrefix: 'e2e-admin',
};
