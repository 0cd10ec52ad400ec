import { Anchor, Card, Group, Skeleton, Text, ThemeIcon, useComputedColorScheme } from '@mantine/core';
import { IconDatabase, IconDatabaseExclamation, IconDatabaseOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { BACKUPS_PATH, type BackupRecord, type BackupsAnswer } from '@panel/contract';
import { useBackups } from '../../api/backups';
import { formatRecordTime } from '../../lib/format';
import { drillProblems, findingText } from '../backups';

type Line = { text: string; tone: 'ok' | 'warn' | 'muted' };

/** Whether the backup that made no file came after the newest kept one (the next good backup clears it anyway). */
function failedLast({ started_at: failed }: { started_at: string }, kept: BackupRecord | undefined): boolean {
  if (!kept) return true;
  const { created_at: taken } = kept;
  return Date.parse(failed) > Date.parse(taken);
}

/** The newest backup in one sentence: verified, being verified, not verified and why, failed, or none yet. */
function lineOf(answer: BackupsAnswer, t: TFunction): Line {
  const { backups, unavailable, unavailable_finding: why, last_failure: failure } = answer.data;
  const last = backups[0];
  if (failure && failedLast(failure, last)) {
    return { text: t('dashboard.backup.failedRun', { time: formatRecordTime(failure.started_at), reason: findingText(t, failure.finding, failure.error) }), tone: 'warn' };
  }
  if (!last) return unavailable ? { text: t('dashboard.backup.unavailable', { reason: findingText(t, why, unavailable) }), tone: 'warn' } : { text: t('dashboard.backup.none'), tone: 'muted' };
  const time = formatRecordTime(last.created_at);
  if (!last.drill) return { text: t('dashboard.backup.checking', { time }), tone: 'muted' };
  if (last.drill.status === 'passed') return { text: t('dashboard.backup.verified', { time }), tone: 'ok' };
  const reason = drillProblems(t, last.drill)[0] ?? t('dashboard.backup.unknownReason');
  return { text: t('dashboard.backup.notVerified', { time, reason }), tone: 'warn' };
}

const ICONS = { ok: IconDatabase, warn: IconDatabaseExclamation, muted: IconDatabaseOff } as const;
const COLORS = { ok: 'teal', warn: 'red', muted: 'gray' } as const;

/**
 * The dashboard's line about backups (issue 26), for those who may open System → Backups: when
 * the last one was taken and whether its restore check passed, linking to the screen.
 */
export function LastBackupLine() {
  const { t } = useTranslation();
  // The line shows a failure in place of the date.
  const backups = useBackups({ silent: true });
  // Red that reads at AA on the card in both schemes (the error colour is tuned for the page's body).
  const warnColor = useComputedColorScheme('light') === 'dark' ? 'red.4' : 'red.8';
  let body;
  if (backups.isPending) body = <Skeleton h={20} w={260} />;
  else if (backups.isError) {
    body = (
      <Text c="red" size="sm" role="alert">
        {t('dashboard.backup.failed')}
      </Text>
    );
  } else {
    const line = lineOf(backups.data, t);
    const Icon = ICONS[line.tone];
    body = (
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="light" color={COLORS[line.tone]} aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        {/* A long reason (an error with a path) is cut after three lines; the screen it links to shows it whole. */}
        <Anchor component={Link} to={BACKUPS_PATH} size="sm" fw={500} lineClamp={3} title={line.text} c={line.tone === 'warn' ? warnColor : undefined} style={{ overflowWrap: 'anywhere' }}>
          {line.text}
        </Anchor>
      </Group>
    );
  }
  return (
    <Card withBorder padding="md" component="section" aria-label={t('nav.backups')}>
      {body}
    </Card>
  );
}
