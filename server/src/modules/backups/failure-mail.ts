import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BACKUP_FINDING_CODES, BACKUPS_PATH, LANGUAGE_TAGS, translate, type BackupFinding, type BackupRecord, type Locale, type Permission } from '@panel/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { permissions, rolePermissions, roles, users } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { accountLocale, backupFailedMail } from '../../mail/templates.js';
import { onBackupFinished, redactProblem } from './backups.service.js';

export type BackupMailDeps = { db: Db; mailer: Mailer; config: Config; log: FastifyBaseLogger };

/**
 * A backup that did not complete (no file kept), or one whose file is kept but failed its drill:
 * its problems in English, and the same as findings (same order) to word them in each admin's language.
 */
export type FailedBackup = { file: string | null; at: string | Date; problems: readonly string[]; findings?: readonly BackupFinding[] };

const BACKUPS: Permission = 'backups';

export { redactProblem };

const failureOf = (failed: FailedBackup | BackupRecord): FailedBackup =>
  'drill' in failed ? { file: failed.file, at: failed.created_at, problems: failed.drill?.problems ?? [], findings: failed.drill?.findings as BackupFinding[] | undefined } : failed;

const KNOWN = new Set<string>(BACKUP_FINDING_CODES);

/**
 * The problems in `locale`: each finding's sentence with its numbers written for the language
 * (Latin digits, as the panel shows them) and any password blanked; the English problem for a code
 * this panel does not know, for `failed` (an error without a code), or when there are no findings
 * (a record of an older panel).
 */
export function problemsIn(locale: Locale, failure: Pick<FailedBackup, 'problems' | 'findings'>): string[] {
  const findings = failure.findings;
  if (!findings || findings.length !== failure.problems.length) return failure.problems.map(redactProblem);
  const number = new Intl.NumberFormat(LANGUAGE_TAGS[locale], { numberingSystem: 'latn' });
  return findings.map((found, i) => {
    // `failed` has no words of its own: the error's detail exists only in English.
    if (!KNOWN.has(found.code) || found.code === 'failed') return redactProblem(failure.problems[i]!);
    const values = Object.fromEntries(Object.entries(found.values).map(([name, value]) => [name, typeof value === 'number' ? number.format(value) : redactProblem(value)]));
    return translate(locale, `backups.finding.${found.code}`, values);
  });
}

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
  const link = `${deps.config.publicUrl}${BACKUPS_PATH}`;
  let sent = 0;
  for (const to of recipients) {
    try {
      const locale = accountLocale(to.locale);
      await deps.mailer.send(backupFailedMail(locale, to, { file: failure.file, at, problems: problemsIn(locale, failure), link }));
      sent += 1;
    } catch (error) {
      deps.log.warn({ err: error, to: to.email }, 'backup failure mail not sent');
    }
  }
  deps.log.warn({ file: failure.file, problems: failure.problems.length, mailed: sent }, 'backup failed: admins mailed');
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
        ? { file: null, at: finished.started_at, problems: [finished.error], findings: [finished.finding] }
        : finished.record.drill?.status === 'failed'
          ? finished.record
          : null;
    if (!failed) return;
    mailAdminsBackupFailed(deps, failed).catch((error: unknown) => deps.log.error({ err: error }, 'backup failure mail failed'));
  });
}
