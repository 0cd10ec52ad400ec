import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupFindingOf, backupFindingText, type BackupFinding, type BackupRecord } from '@panel/contract';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/harness.js';
import { createVerifiedUser, roleIdByName, signedUpReseller, type TestUser } from '../../../test/fixtures.js';
import { decodedMails, decodeMail } from '../../../test/mail.js';
import { BACKUP_MAIL_PROBLEMS_MAX } from '../../mail/templates.js';
import { eventually } from '../../../test/webhooks.js';
import { takeBackup } from './backups.service.js';
import { mailAdminsBackupFailed, mailAdminsOnBackupFailure, redactProblem, type BackupMailDeps } from './failure-mail.js';

const LINK = 'http://panel.test/system/backups';
const log = pino({ level: 'silent' });

let t: TestApp;
let deps: BackupMailDeps;
let arabicAdmin: TestUser;
let disabledAdmin: TestUser;
let operator: TestUser;
let reseller: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.database.db, mailer: t.app.deps.mailer, config: t.app.deps.config, log };
  const adminRoleId = await roleIdByName(t, 'admin');
  arabicAdmin = await createVerifiedUser(t, { roleId: adminRoleId });
  await t.database.db.execute(sql`update users set locale = 'ar' where id = ${arabicAdmin.id}`);
  disabledAdmin = await createVerifiedUser(t, { roleId: adminRoleId });
  await t.database.db.execute(sql`update users set is_disable_by_admin = 1 where id = ${disabledAdmin.id}`);
  // A staff role an admin gave the permission: it sees the screen, so it is told too.
  operator = await createVerifiedUser(t, { permissions: ['backups'] });
  reseller = await signedUpReseller(t);
});
afterAll(() => t.close());

const record = (problems: string[]): BackupRecord => ({
  file: 'panel-2026-11-26T03-00-00Z.tar.gz',
  size: 1234,
  created_at: '2026-11-26T03:00:00Z',
  duration_ms: 900,
  engine: 'pglite',
  panel_version: '1.4.0',
  database_version: '18.1',
  drill: { status: 'failed', checked_at: '2026-11-26T03:00:05Z', duration_ms: 400, problems, counts: { accounts: 3, devices: 0, activations: 0, ledger_rows: 2 } },
});

describe('mailAdminsBackupFailed', () => {
  it('mails every live admin, and any account whose role holds backups, in its language: the file, the problems and the link, no resellers', async () => {
    const before = decodedMails(t, LINK).length;
    const sent = await mailAdminsBackupFailed(deps, record(['Account 7: balance 50 but its ledger sums to 40', 'Devices: 39 restored, 40 at the dump']));
    const mails = decodedMails(t, LINK).slice(before);
    expect(sent).toBe(3);
    expect(mails.map((m) => m.to).sort()).toEqual([ADMIN_EMAIL, arabicAdmin.email, operator.email].sort());
    expect(mails.map((m) => m.to)).not.toContain(reseller.email);
    expect(mails.map((m) => m.to)).not.toContain(disabledAdmin.email);

    const english = mails.find((m) => m.to === ADMIN_EMAIL)!;
    expect(english.subject).toBe('A backup of the panel failed');
    expect(english.text).toContain('The backup panel-2026-11-26T03-00-00Z.tar.gz taken on ');
    expect(english.text).toContain('could not be proven to restore.');
    expect(english.text).toContain('- Account 7: balance 50 but its ledger sums to 40\n- Devices: 39 restored, 40 at the dump');
    expect(english.text).toContain(`Open Backups: ${LINK}`);
    expect(english.html).toContain(`<a href="${LINK}">Open Backups</a>`);
    expect(english.html).toContain('<li><bdi>Account 7: balance 50 but its ledger sums to 40</bdi></li>');
    // The file's name, never the folder it is in.
    expect(english.text).not.toContain(t.dataDir);

    const arabic = mails.find((m) => m.to === arabicAdmin.email)!;
    expect(arabic.subject).toBe('فشل نسخ احتياطي للوحة');
    expect(arabic.html).toContain('dir="rtl"');
    expect(arabic.text).toContain('panel-2026-11-26T03-00-00Z.tar.gz');
    expect(arabic.text).toContain('افتح النسخ الاحتياطية');
  });

  it("words the drill's findings in each admin's language, numbers written for it, the English problems for the others", async () => {
    const german = await createVerifiedUser(t, { roleId: await roleIdByName(t, 'admin') });
    await t.database.db.execute(sql`update users set locale = 'de' where id = ${german.id}`);
    const findings = [
      backupFindingOf('balance_ledger_mismatch', { account: '7', balance: 1500, ledger: 1400 }),
      backupFindingOf('dump_not_loading', { error: 'connect postgres://panel:S3cr3t-pw@db:5432/panel refused' }),
      { code: 'from_a_newer_panel', values: {} } as unknown as BackupFinding,
    ];
    const failed = record([...findings.slice(0, 2).map(backupFindingText), 'A problem only a newer panel words.']);
    failed.drill!.findings = findings;
    const before = t.mails().length;
    await mailAdminsBackupFailed(deps, failed);
    // Every mail since, by recipient (a mail mostly in Arabic is base64-encoded: its link is not found in the raw text).
    const mails = t.mails().slice(before).map(decodeMail);
    expect(mails).toHaveLength(4);
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${german.id}`);

    const inGerman = mails.find((m) => m.to === german.email)!;
    expect(inGerman.text).toContain('- Konto 7 hat ein Guthaben von 1.500 Punkten, seine Buchungszeilen ergeben aber 1.400.\n');
    expect(inGerman.text).toContain('- Der Datenbank-Dump lässt sich nicht laden: connect postgres://panel:***@db:5432/panel refused\n');
    // A code this panel does not know: its English sentence.
    expect(inGerman.text).toContain('- A problem only a newer panel words.\n');
    const inArabic = mails.find((m) => m.to === arabicAdmin.email)!;
    expect(inArabic.text).toMatch(/- رصيد الحساب \u20687\u2069 هو \u20681,500\u2069 نقطة، لكن مجموع قيود سجله \u20681,400\u2069\./);
    const inEnglish = mails.find((m) => m.to === ADMIN_EMAIL)!;
    expect(inEnglish.text).toContain('- Account 7 has a balance of 1,500 points, but its ledger rows add up to 1,400.\n');
    for (const mail of mails) expect(mail.text).not.toContain('S3cr3t-pw');
  });

  it('says a backup that kept no file did not complete, and counts the problems past the first 20', async () => {
    const before = decodedMails(t, LINK).length;
    const problems = Array.from({ length: BACKUP_MAIL_PROBLEMS_MAX + 5 }, (_, i) => `Problem number ${i + 1}`);
    await mailAdminsBackupFailed(deps, { file: null, at: new Date('2026-11-26T03:00:00Z'), problems });
    const mail = decodedMails(t, LINK).slice(before).find((m) => m.to === ADMIN_EMAIL)!;
    expect(mail.text).toContain('did not complete: no file was kept.');
    expect(mail.text).toContain(`- Problem number ${BACKUP_MAIL_PROBLEMS_MAX}\n`);
    expect(mail.text).not.toContain(`Problem number ${BACKUP_MAIL_PROBLEMS_MAX + 1}`);
    expect(mail.text).toContain('…and 5 more problems.');
  });

  it('never mails a password a problem quotes (a pg_dump error with its connection string)', async () => {
    const before = decodedMails(t, LINK).length;
    await mailAdminsBackupFailed(deps, {
      file: null,
      at: new Date(),
      problems: ['pg_dump: error: connection to "postgres://panel:S3cr3t-pw@db.internal:5432/panel" failed', "pg_dump: host=db password=S3cr3t-pw dbname=panel"],
    });
    const mails = decodedMails(t, LINK).slice(before);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.text).not.toContain('S3cr3t-pw');
      expect(mail.html).not.toContain('S3cr3t-pw');
      expect(mail.text).toContain('postgres://panel:***@db.internal:5432/panel');
    }
    // The outbox files themselves, encoded or not.
    for (const raw of t.mails().slice(before)) expect(raw.raw).not.toContain('S3cr3t-pw');
  });
});

describe('redactProblem', () => {
  it('blanks the password of a URL or of key=value connection settings and keeps the rest', () => {
    expect(redactProblem('postgresql://u:p%40ss@h/db down')).toBe('postgresql://u:***@h/db down');
    expect(redactProblem("password='a b' host=x")).toBe('password=*** host=x');
    expect(redactProblem('Account 7: balance 50 but its ledger sums to 40')).toBe('Account 7: balance 50 but its ledger sums to 40');
  });
});

describe('mailAdminsOnBackupFailure', () => {
  it('mails the admins when a backup of this process makes no file, until it is stopped', async () => {
    // A file where the backup folder should be: the backup cannot even start writing.
    const blocked = path.join(t.dataDir, 'not-a-folder');
    fs.writeFileSync(blocked, 'x');
    const backupDeps = { ...t.app.deps, config: { ...t.app.deps.config, backups: { ...t.app.deps.config.backups, dir: blocked } } };
    const stop = mailAdminsOnBackupFailure(deps);
    const before = decodedMails(t, LINK).length;
    await expect(takeBackup(backupDeps)).rejects.toThrow();
    // One mail to each of the three accounts that may open the screen, sent one after the other.
    const mails = await eventually(async () => {
      const sent = decodedMails(t, LINK).slice(before);
      expect(sent).toHaveLength(3);
      return sent;
    });
    const mail = mails.find((m) => m.to === ADMIN_EMAIL)!;
    expect(mail.text).toContain('did not complete: no file was kept.');
    expect(mail.text).toContain('What went wrong:');

    stop();
    const after = decodedMails(t, LINK).length;
    await expect(takeBackup(backupDeps)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(decodedMails(t, LINK)).toHaveLength(after);
  });
});
