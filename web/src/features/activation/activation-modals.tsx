import { Alert, Button, Group, List, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActivationPackage, MultiAppCheck, MultiAppStatus } from '@panel/contract';
import { MoneySummary } from '../../components/money-summary';
import { formatRecordDay } from '../../lib/format';
import type { ActivationFailure } from './activation-errors';
import { StatusBadge } from '../../components/status-badge';
import { CardTable, type CardColumn } from '../../components/card-table';

/** What the person asked for, frozen when the status check answered. */
export type ActivationRequest = {
  apps: { id: number; name: string }[];
  pkg: ActivationPackage;
  macAddress: string;
  comment: string;
};

const STATUS_COLORS: Record<MultiAppStatus, string> = {
  active: 'green',
  expired: 'orange',
  trial: 'blue',
  disabled: 'gray',
  error: 'red',
  lifeTime: 'violet',
};

function FailureAlert({ failure }: { failure: ActivationFailure | undefined }) {
  if (!failure) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />}>
      <Text size="sm">{failure.message}</Text>
      {failure.reasons.length > 0 && (
        <List size="sm" mt="xs">
          {failure.reasons.map((reason) => (
            <List.Item key={reason.app}>
              <Text span fw={600} size="sm">
                {reason.app}
              </Text>
              {`: ${reason.message}`}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

type StatusProps = {
  request: ActivationRequest;
  checks: Record<string, MultiAppCheck>;
  activatable: ActivationRequest['apps'];
  failure: ActivationFailure | undefined;
  loading: boolean;
  onContinue: () => void;
  onClose: () => void;
};

/**
 * The device's status for each chosen app (business-panel.md §2, §4): disabled, error and
 * lifeTime cannot be activated; Continue goes on with the others, if any.
 */
export function AppStatusModal({ request, checks, activatable, failure, loading, onContinue, onClose }: StatusProps) {
  const { t } = useTranslation();
  const allowed = new Set(activatable.map((app) => app.id));
  const columns: CardColumn<ActivationRequest['apps'][number]>[] = [
    {
      key: 'app',
      header: t('activation.status.app'),
      render: (app) => (
        <Text size="sm" fw={600}>
          {app.name}
        </Text>
      ),
    },
    {
      key: 'state',
      header: t('activation.status.state'),
      card: 'lead',
      render: (app) => {
        const check = checks[String(app.id)];
        return check ? <StatusBadge color={STATUS_COLORS[check.status]}>{t(`activation.statuses.${check.status}`)}</StatusBadge> : '—';
      },
    },
    {
      key: 'message',
      header: t('activation.status.message'),
      render: (app) => {
        const check = checks[String(app.id)];
        return (
          <>
            <Text size="sm">{check?.message ?? t('activation.status.noAnswer')}</Text>
            {check?.expire_date && check.status !== 'lifeTime' && (
              <Text size="xs" c="dimmed">
                {t('activation.status.expires', { date: formatRecordDay(check.expire_date) })}
              </Text>
            )}
          </>
        );
      },
    },
    {
      key: 'activation',
      header: t('activation.status.activation'),
      card: 'lead',
      render: (app) =>
        allowed.has(app.id) ? (
          <Text size="sm" c="green">
            {t('activation.status.canActivate')}
          </Text>
        ) : (
          <Text size="sm" c="red">
            {t('activation.status.cannotActivate')}
          </Text>
        ),
    },
  ];
  return (
    <Modal opened onClose={onClose} title={t('activation.status.title')} centered size="lg" closeButtonProps={{ 'aria-label': t('table.close') }}>
      <Stack>
        <Text size="sm">
          {t('activation.status.intro')}{' '}
          <Text span fw={600} dir="ltr">
            {request.macAddress}
          </Text>
        </Text>
        <CardTable label={t('activation.status.title')} columns={columns} rows={request.apps} rowKey={(app) => app.id} minWidth={480} />
        {activatable.length === 0 && (
          <Alert color="orange" variant="light" role="alert">
            {t('activation.status.noneActivatable')}
          </Alert>
        )}
        <FailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {activatable.length === 0 ? t('table.close') : t('common.cancel')}
          </Button>
          {activatable.length > 0 && (
            <Button onClick={onContinue} loading={loading}>
              {t('activation.status.continue')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

type ConfirmProps = {
  request: ActivationRequest;
  cost: number;
  failure: ActivationFailure | undefined;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The last step (business-panel.md §2, §9): the apps, the package and the credit it will cost, as the server quoted it. */
export function ConfirmActivationModal({ request, cost, failure, loading, onConfirm, onClose }: ConfirmProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('activation.confirm.title')} centered closeButtonProps={{ 'aria-label': t('table.close') }}>
      <Stack>
        <SimpleGrid cols={2} spacing="xs">
          <Text size="sm" c="dimmed">
            {t('activation.confirm.package')}
          </Text>
          <Text size="sm" fw={600}>
            {t(`activation.packages.${request.pkg}`)}
          </Text>
          {request.comment.trim() && (
            <>
              <Text size="sm" c="dimmed">
                {t('activation.remarks')}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {request.comment.trim()}
              </Text>
            </>
          )}
        </SimpleGrid>
        <MoneySummary
          move="activation"
          recipient={
            <>
              <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {request.macAddress}
              </span>
              {` · ${request.apps.map((app) => app.name).join(', ')}`}
            </>
          }
          points={cost}
        />
        <FailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={loading}>
            {t('activation.confirm.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
