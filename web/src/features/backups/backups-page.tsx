import { Alert, Button, Center, List, Loader, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { IconDatabaseExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BackupRecord } from '@panel/contract';
import { backupInProgress, useBackups, useStartBackup } from '../../api/backups';
import { showSuccess } from '../../lib/feedback';
import { CardTable, type CardColumn } from '../../components/card-table';
import { SectionCard } from '../../components/section-card';
import { StatusBadge } from '../../components/status-badge';
import { formatBytes, formatRecordTime, formatDuration } from '../../lib/format';
import { drillProblems, findingText } from './findings';

/** The restore check of one backup: its badge, then what it proved or what it found wrong. */
function DrillResult({ backup }: { backup: BackupRecord }) {
  const { t } = useTranslation();
  // Red that reads at AA on the card in both schemes (the error colour is tuned for the page's body).
  const problemColor = useComputedColorScheme('light') === 'dark' ? 'red.4' : 'red.8';
  const drill = backup.drill;
  if (!drill) {
    return (
      <StatusBadge color="blue">
        <Loader size={10} color="blue" me={6} aria-hidden />
        {t('backups.drill.pending')}
      </StatusBadge>
    );
  }
  if (drill.status === 'passed') {
    return (
      <Stack gap={2} align="flex-start">
        <StatusBadge color="teal">{t('backups.drill.passed')}</StatusBadge>
        <Text size="xs" c="dimmed">
          {t('backups.checkedIn', { duration: formatDuration(drill.duration_ms) })}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge color="red">{t('backups.drill.failed')}</StatusBadge>
      {drill.problems.length > 0 && (
        <List size="xs" c={problemColor} aria-label={t('backups.problems')} style={{ overflowWrap: 'anywhere' }}>
          {drillProblems(t, drill).map((problem, i) => (
            <List.Item key={i}>{problem}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * System → Backups (issue 26): the backups of the live database kept on the server, each with the
 * result of its restore drill, and the button that takes one now. Nothing here downloads a backup:
 * it holds every account's secrets, and stays on the server.
 */
export function BackupsPage() {
  const { t } = useTranslation();
  const backups = useBackups();
  const start = useStartBackup();
  const state = backups.data?.data;
  const busy = backupInProgress(backups.data) || start.isPending;

  const columns: CardColumn<BackupRecord>[] = [
    {
      key: 'taken',
      header: t('backups.columns.taken'),
      card: 'lead',
      render: (backup) => (
        <div>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatRecordTime(backup.created_at)}
          </Text>
          <Text size="xs" c="dimmed" dir="ltr" ta="start" style={{ overflowWrap: 'anywhere' }}>
            {backup.file}
          </Text>
        </div>
      ),
    },
    { key: 'size', header: t('backups.columns.size'), fit: 'nowrap', render: (backup) => formatBytes(backup.size) },
    {
      key: 'database',
      header: t('backups.columns.database'),
      render: (backup) => (
        <div>
          <Text size="sm">{t(`backups.engine.${backup.engine}`)}</Text>
          <Text size="xs" c="dimmed">
            {t('backups.versions', { database: backup.database_version, panel: backup.panel_version })}
          </Text>
        </div>
      ),
    },
    { key: 'check', header: t('backups.columns.check'), render: (backup) => <DrillResult backup={backup} /> },
  ];

  let content;
  if (backups.isPending) {
    content = (
      <Center p="lg">
        <Loader aria-label={t('backups.loading')} />
      </Center>
    );
  } else if (backups.isError || !state) {
    content = (
      <Alert color="red" role="alert">
        {t('backups.fetchFailed')}
      </Alert>
    );
  } else {
    const running = state.running;
    const failure = state.last_failure;
    content = (
      <Stack>
        {state.unavailable && (
          <Alert color="yellow" title={t('backups.unavailable')} role="alert">
            {findingText(t, state.unavailable_finding, state.unavailable)}
          </Alert>
        )}
        {failure && (
          <Alert color="red" title={t('backups.lastFailureTitle')} role="alert" style={{ overflowWrap: 'anywhere' }}>
            {t('backups.lastFailure', { time: formatRecordTime(failure.started_at), error: findingText(t, failure.finding, failure.error) })}
          </Alert>
        )}
        {running && (
          <Alert color="blue" icon={<Loader size={16} aria-hidden />} role="status">
            {t('backups.running', { time: formatRecordTime(running.started_at) })}
          </Alert>
        )}
        {state.backups.length === 0 ? (
          <Text size="sm">{t('backups.none')}</Text>
        ) : (
          <CardTable label={t('backups.title')} columns={columns} rows={state.backups} rowKey={(backup) => backup.file} minWidth={720} />
        )}
      </Stack>
    );
  }

  return (
    <Stack maw={1100}>
      <SectionCard title={t('backups.sectionTitle')} description={t('backups.description')}>
        <Stack>
          <div>
            <Button
              leftSection={<IconDatabaseExport size={18} aria-hidden />}
              disabled={busy || Boolean(state?.unavailable) || backups.isPending}
              loading={start.isPending}
              onClick={() => start.mutate(undefined, { onSuccess: () => showSuccess(t('backups.started')) })}
            >
              {t('backups.backUpNow')}
            </Button>
          </div>
          {content}
          <Text size="sm" c="dimmed">
            {t('backups.where')}
          </Text>
        </Stack>
      </SectionCard>
    </Stack>
  );
}
