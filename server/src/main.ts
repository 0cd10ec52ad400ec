import { loadConfig } from './config.js';
import { startPanel } from './start.js';
import { requestBackup } from './modules/backups/backups.service.js';

const config = loadConfig();
const { app, seeded, mailer } = await startPanel(config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
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

const lines = [
  '',
  `  Reseller panel:      ${config.publicUrl}`,
  `  Admin sign-in:       ${config.publicUrl}/${seeded.adminLoginPrefix}/admin-login`,
  `  API documentation:   ${config.publicUrl}/api/docs`,
  `  Database:            ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`,
  `  Mails go to:         ${mailer.describe()}`,
  `  Node.js:             ${process.version}`,
];
if (seeded.createdAdmin) {
  lines.push(`  First admin:         ${seeded.createdAdmin.email}`);
  if (seeded.createdAdmin.password) {
    lines.push(`  Admin password:      ${seeded.createdAdmin.password}   (shown once: write it down)`);
  }
}
process.stdout.write(`${lines.join('\n')}\n\n`);
