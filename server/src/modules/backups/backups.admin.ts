import type { Ctx } from '../../http/context.js';
import { callerOf } from '../../http/context.js';
import { AppError } from '../../http/app-error.js';
import { audit } from '../../lib/audit.js';
import { backupState, requestBackup } from './backups.service.js';

/**
 * The admin's side of backups (System → Backups): from a session only. A backup holds every
 * account's data and every secret; a key, even the legacy one that has every scope, neither lists
 * nor takes them (scoped keys are refused earlier, by http/api-key-scopes.ts).
 */
function assertSession(ctx: Ctx) {
  if (callerOf(ctx).viaApiKey) throw new AppError('SESSION_REQUIRED', { key: 'errors.backupsSessionRequired' });
}

/** The backup running, why backups cannot run here, and the kept ones with their drills, newest first. */
export async function listBackups(ctx: Ctx) {
  assertSession(ctx);
  return backupState(ctx);
}

/** Starts a backup in the background (BACKUP_RUNNING while one runs) and leaves an audit row of who asked. */
export async function startBackup(ctx: Ctx): Promise<{ started_at: string }> {
  assertSession(ctx);
  const started = requestBackup(ctx);
  await audit(ctx, { action: 'backup.requested', targetType: 'backup' });
  return started;
}
