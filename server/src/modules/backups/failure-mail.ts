import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BACKUPS_PATH, type BackupRecord, type Permission } from '@panel/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { permissions, rolePermissions, roles, users } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { accountLocale, backupFailedMail } from '../../mail/templates.js';
import { onBackupFinished } from './backups.service.js';

export type BackupMailDeps = { db: Db; mailer: Mailer; config: Config; log: FastifyBaseLogger };

/** A backup that did not complete (no file kept), or one whose file is kept but failed its drill. */
export type FailedBackup = { file: string | null; at: string | Date; problems: readonly string[] };

const BACKUPS: Permission = 'backups';

/**
 * A problem as the mail shows it: the drill and pg_dump word them, and a client's error may quote
 * its connection string. Whatever password one holds (`postgres://user:secret@host`, or
 * `password=secret`) is blanked; the rest is what the admin needs to act.
 */
export function redactProblem(problem: string): string {
  return problem.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, '$1***@').replace(/\b(password\s*=\s*)('[^']*'|\S+)/gi, '$1***');
}

const failureOf = (failed: FailedBackup | BackupRecord): FailedBackup =>
  'drill' in failed ? { file: failed.file, at: failed.created_at, problems: failed.drill?.problems ?? [] } : failed;

/**
 * Tells every account that may open System → Backups (the admins: their role holds every
 * permission) that a backup failed, each in the language it last used the panel in. A mail that
 * cannot be sent is logged and does not keep the others from going. Answers how many were sent.
 */
export async function mailAdminsBackupFailed(deps: BackupMailDeps, failed: FailedBackup | BackupRecord): Promise<number> {
  const failure = failureOf(failed);
  const recipients = await deps.db
    .selectDistinct({ name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), isNull(roles.deletedAt)))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .innerJoin(permissions, and(eq(permissions.id, rolePermissions.permissionId), eq(permissions.name, BACKUPS)))
    .where(and(isNull(users.deletedAt), eq(users.status, 1), eq(users.isDisableByAdmin, 0)));
  const at = new Date(failure.at);
  const problems = failure.problems.map(redactProblem);
  const link = `${deps.config.publicUrl}${BACKUPS_PATH}`;
  let sent = 0;
  for (const to of recipients) {
    try {
      await deps.mailer.send(backupFailedMail(accountLocale(to.locale), to, { file: failure.file, at, problems, link }));
      sent += 1;
    } catch (error) {
      deps.log.warn({ err: error, to: to.email }, 'backup failure mail not sent');
    }
  }
  deps.log.warn({ file: failure.file, problems: problems.length, mailed: sent }, 'backup failed: admins mailed');
  return sent;
}

/**
 * Mails the admins after every backup of this process that made no file, or whose drill failed
 * (scheduled and on demand alike). Answers the function that stops it (the server's shutdown).
 */
export function mailAdminsOnBackupFailure(deps: BackupMailDeps): () => void {
  return onBackupFinished((finished) => {
    const failed: FailedBackup | BackupRecord | null =
      finished.record === null
        ? { file: null, at: finished.started_at, problems: [finished.error] }
        : finished.record.drill?.status === 'failed'
          ? finished.record
          : null;
    if (!failed) return;
    mailAdminsBackupFailed(deps, failed).catch((error: unknown) => deps.log.error({ err: error }, 'backup failure mail failed'));
  });
}
