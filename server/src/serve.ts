import { loadConfig } from './config.js';
import { startPanel } from './start.js';
import { startBanner, startupWarnings } from './banner.js';
import { requestBackup } from './modules/backups/backups.service.js';

/**
 * Starts the panel, listens, and shuts down gracefully: on SIGTERM readiness turns 503 at once
 * (GET /api/readyz), requests are still served for SHUTDOWN_GRACE_SECONDS so a balancer moves
 * traffic away first, then the server stops taking connections, finishes what is in flight and
 * closes the database. SIGINT (a person at a terminal) and a second signal skip the grace.
 */
export async function serve(hooks: { beforeExit?: () => Promise<void> } = {}) {
  const config = loadConfig();
  const { app, seeded, mailer, readiness, output } = await startPanel(config);

  let closing = false;
  let cutGraceShort: (() => void) | undefined;
  async function shutdown(signal: string, graceSeconds: number) {
    if (closing) {
      cutGraceShort?.();
      return;
    }
    closing = true;
    readiness.startDraining();
    if (graceSeconds > 0) {
      app.log.info({ signal, graceSeconds }, 'draining: readyz answers 503, requests still served until the grace is over');
      await new Promise<void>((resolve) => {
        cutGraceShort = resolve;
        setTimeout(resolve, graceSeconds * 1000);
      });
    }
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      code = 1;
    }
    await hooks.beforeExit?.().catch((error: unknown) => app.log.warn({ err: error }, 'tracing did not flush'));
    process.exit(code);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM', config.shutdownGraceSeconds));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  // `npm run backup` on a data folder this process holds asks it for a backup (PGlite cannot be opened twice).
  process.on('SIGUSR2', () => {
    try {
      const { started_at } = requestBackup({ ...app.deps, log: app.log });
      app.log.info({ started_at }, 'backup requested by signal');
    } catch (error) {
      app.log.warn({ err: error }, 'backup requested by signal not started');
    }
  });

  await app.listen({ port: config.port, host: config.host });

  // Through the loggers' own stream, so after every line they hold (pino writes asynchronously).
  output.write(startBanner({ config, seeded, mails: mailer.describe(), warnings: startupWarnings(config) }));
}
