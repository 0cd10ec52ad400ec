import type { TFunction } from 'i18next';
import { BACKUP_FINDING_CODES, type BackupRecord } from '@panel/contract';
import { formatNumber } from '../../lib/format';

type Finding = { code: string; values: Record<string, string | number> };

const KNOWN = new Set<string>(BACKUP_FINDING_CODES);

/**
 * A backup finding in the reader's language (`backups.finding.<code>`, numbers written for the
 * language), or `english` (the API's sentence) when there is none, its code is one this panel does
 * not know (a newer server), or it is `failed`: an error without a code, whose detail exists only
 * in English.
 */
export function findingText(t: TFunction, finding: Finding | null | undefined, english: string): string {
  if (!finding || !KNOWN.has(finding.code) || finding.code === 'failed') return english;
  const values = Object.fromEntries(Object.entries(finding.values).map(([name, value]) => [name, typeof value === 'number' ? formatNumber(value) : value]));
  return t(`backups.finding.${finding.code}`, values);
}

/** A failed drill's problems in the reader's language: its findings when they match its problems one for one, else the English. */
export function drillProblems(t: TFunction, drill: NonNullable<BackupRecord['drill']>): string[] {
  const findings = drill.findings;
  if (!findings || findings.length !== drill.problems.length) return drill.problems;
  return drill.problems.map((problem, i) => findingText(t, findings[i], problem));
}
