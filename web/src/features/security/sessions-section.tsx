import { useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '@panel/contract';
import { showSuccess } from '../../lib/feedback';
import { CardTable, type CardColumn } from '../../components/card-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SectionCard } from '../../components/section-card';
import { formatRecordTime } from '../../lib/format';
import { useEndSession } from './end-session';
import { useSessions } from './get-sessions';
import { useSignOutOthers } from './sign-out-others';

/** The account's signed-in sessions: which browser, from where, since when; any other one can be ended. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useSignOutOthers();
  const [ending, setEnding] = useState<AccountSession | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);

  const device = (s: AccountSession) => {
    if (s.browser && s.os) return t('security.sessions.browserOn', { browser: s.browser, os: s.os });
    return s.browser ?? s.os ?? t('security.sessions.unknownBrowser');
  };

  const columns: CardColumn<AccountSession>[] = [
    {
      key: 'device',
      header: t('security.sessions.device'),
      card: 'lead',
      render: (s) => (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{device(s)}</Text>
          {s.current && (
            <Badge color="teal" variant="light" style={{ minWidth: 'max-content' }}>
              {t('security.sessions.thisDevice')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'ip', header: t('security.sessions.ip'), fit: 'nowrap', render: (s) => <span dir="ltr">{s.ip ?? '—'}</span> },
    { key: 'started', header: t('security.sessions.started'), fit: 'nowrap', render: (s) => formatRecordTime(s.created_at) },
    { key: 'lastUsed', header: t('security.sessions.lastUsed'), fit: 'nowrap', render: (s) => formatRecordTime(s.last_used_at) },
    {
      key: 'actions',
      header: t('security.sessions.actions'),
      align: 'right',
      render: (s) =>
        s.current ? null : (
          <Button size="xs" variant="light" color="red" onClick={() => setEnding(s)} aria-label={t('security.sessions.endNamed', { device: device(s), ip: s.ip ?? '' })}>
            {t('security.sessions.end')}
          </Button>
        ),
    },
  ];

  let content;
  if (sessions.isPending) {
    content = (
      <Center p="lg">
        <Loader aria-label={t('security.sessions.loading')} />
      </Center>
    );
  } else if (sessions.isError) {
    content = (
      <Alert color="red" role="alert">
        {t('security.sessions.fetchFailed')}
      </Alert>
    );
  } else {
    const rows = sessions.data.data;
    const others = rows.filter((s) => !s.current).length;
    content = (
      <Stack>
        <CardTable label={t('security.sessions.title')} columns={columns} rows={rows} rowKey={(s) => s.id} minWidth={720} />
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {others === 0 ? t('security.sessions.noOthers') : t('security.sessions.othersCount', { count: others })}
          </Text>
          <Button variant="outline" color="red" disabled={others === 0} onClick={() => setEndingOthers(true)}>
            {t('security.sessions.signOutOthers')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <SectionCard title={t('security.sessions.title')} description={t('security.sessions.description')}>
      {content}
      <ConfirmDialog
        opened={ending !== null}
        title={t('security.sessions.endTitle')}
        message={ending ? t('security.sessions.endMessage', { device: device(ending), ip: ending.ip ?? '—' }) : ''}
        confirmLabel={t('security.sessions.end')}
        loading={endOne.isPending}
        onClose={() => setEnding(null)}
        onConfirm={() =>
          endOne.mutate(ending!.id, {
            onSuccess: (answer) => {
              showSuccess(answer.msg);
              setEnding(null);
            },
          })
        }
      />
      <ConfirmDialog
        opened={endingOthers}
        title={t('security.sessions.signOutOthersTitle')}
        message={t('security.sessions.signOutOthersMessage')}
        confirmLabel={t('security.sessions.signOutOthers')}
        loading={endOthers.isPending}
        onClose={() => setEndingOthers(false)}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: (answer) => {
              showSuccess(answer.msg);
              setEndingOthers(false);
            },
          })
        }
      />
    </SectionCard>
  );
}
