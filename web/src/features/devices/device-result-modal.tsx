import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckDeviceAnswer } from '@panel/contract';
import { AppName } from '../../components/app-name';
import { DeviceDetails, DeviceStatusBadge } from '../../components/device-details';
import { toastSuccess } from '../../components/toast';
import { formatRecordDay, formatRecordTime } from '../../lib/format';
import { allowed, session } from '../../lib/session';
import { StatusBadge } from '../../components/status-badge';
import { useReleaseClaim } from './release-claim';

/** What the modal shows: the device, or that there is none (for the MAC of the application checked). */
export type CheckResult = { kind: 'found'; answer: CheckDeviceAnswer } | { kind: 'notFound'; appId: number; macAddress: string };

/** The result modal of Check Mac (core-panel.md §2, §3): the device's data, or 'Device not found'. */
export function DeviceResultModal({ result, onClose }: { result: CheckResult | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={result !== undefined}
      onClose={onClose}
      title={t('checkMac.resultTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      {result?.kind === 'found' ? (
        <CheckedDevice answer={result.answer} />
      ) : (
        <Alert color="orange" variant="light" role="alert">
          {t('checkMac.notFound')}
          {result && allowed(session.permissions(), 'add-module') && <FirstActivationHint appId={result.appId} macAddress={result.macAddress} />}
        </Alert>
      )}
    </Modal>
  );
}

/**
 * For whoever runs the panel (who adds applications): a device exists once a player registers it,
 * and without a TV the reference player (player/, issue 42) is that player.
 */
function FirstActivationHint({ appId, macAddress }: { appId: number; macAddress: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} mt="xs">
      <Text size="sm">{t('checkMac.notFoundPlayer')}</Text>
      <Code block dir="ltr" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{`npm run player -- register --app ${appId} --mac ${macAddress}`}</Code>
    </Stack>
  );
}

/** Everything Check Mac knows of the device; who activated it only when the answer says. */
function CheckedDevice({ answer }: { answer: CheckDeviceAnswer }) {
  const { t } = useTranslation();
  const device = answer.device;
  const dash = '—';
  return (
    <DeviceDetails
      details={[
        { label: t('checkMac.fields.macAddress'), value: <span dir="ltr">{device.mac_address}</span> },
        { label: t('checkMac.fields.module'), value: <AppName id={device.app_id} name={device.app_type} /> },
        {
          label: t('checkMac.fields.status'),
          value: (
            <Group gap={6}>
              <DeviceStatusBadge active={device.status === 'active'}>{t(`checkMac.status.${device.status}`)}</DeviceStatusBadge>
              {device.disabled && (
                <StatusBadge color="gray">
                  {t('checkMac.status.disabled')}
                </StatusBadge>
              )}
            </Group>
          ),
        },
        { label: t('checkMac.fields.expiry'), value: device.is_lifetime ? t('checkMac.lifetime') : formatRecordDay(device.expire_date) },
        { label: t('checkMac.fields.trial'), value: device.is_trial === 1 ? t('checkMac.yes') : t('checkMac.no') },
        { label: t('checkMac.fields.deviceKey'), value: device.device_key ?? dash },
        { label: t('checkMac.fields.ip'), value: <span dir="ltr">{device.ip ?? dash}</span> },
        { label: t('checkMac.fields.createdAt'), value: formatRecordTime(device.created_at) },
        !!device.reseller_email && { label: t('checkMac.fields.activatedBy'), value: device.reseller_email },
        !!device.switched_to && { label: t('checkMac.fields.switchedTo'), value: device.switched_to },
        !!device.switched_from && { label: t('checkMac.fields.switchedFrom'), value: device.switched_from },
        !!device.switched_date && { label: t('checkMac.fields.switchedDate'), value: formatRecordTime(device.switched_date) },
        device.claimed !== null && { label: t('checkMac.fields.claim'), value: <DeviceClaim device={device} /> },
      ]}
      playlists={answer.playlists.length > 0 ? answer.playlists : device.playlists}
      columns={[
        { header: t('checkMac.playlist.name'), cell: (playlist) => playlist.playlist_name },
        {
          header: t('checkMac.playlist.type'),
          cell: (playlist) => (
            // Its whole word ("GENER…" otherwise), however long the URL beside it.
            <Badge variant="outline" size="sm" miw="max-content">
              {t(`checkMac.playlist.types.${playlist.playlist_type}`)}
            </Badge>
          ),
        },
        {
          header: t('checkMac.playlist.url'),
          wraps: true,
          cell: (playlist) =>
            /^https?:\/\//i.test(playlist.url) ? (
              <Anchor href={playlist.url} target="_blank" rel="noopener noreferrer" size="sm" dir="ltr">
                {playlist.url}
              </Anchor>
            ) : (
              <span dir="ltr">{playlist.url}</span>
            ),
        },
      ]}
      texts={{
        playlists: t('checkMac.playlists'),
        noPlaylists: t('checkMac.noPlaylists'),
        hidden: device.hidden_playlists > 0 ? t('checkMac.hiddenPlaylists', { count: device.hidden_playlists }) : undefined,
      }}
    />
  );
}

/**
 * Whether a player installation holds the device, and for those who may disable it the button
 * that frees it for a player reinstalled on the same box.
 */
function DeviceClaim({ device }: { device: CheckDeviceAnswer['device'] }) {
  const { t } = useTranslation();
  const release = useReleaseClaim();
  const [claimed, setClaimed] = useState(device.claimed === true);
  if (!claimed) return t('checkMac.claim.free');
  if (!allowed(session.permissions(), 'Disable Mac')) return t('checkMac.claim.held');
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" span>
        {t('checkMac.claim.held')}
      </Text>
      <Text size="xs" c="dimmed" span>
        {t('checkMac.claim.hint')}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        loading={release.isPending}
        onClick={() =>
          release.mutate(
            { app_id: device.app_id, mac_address: device.mac_address },
            {
              onSuccess: (answer) => {
                setClaimed(false);
                toastSuccess(answer.msg);
              },
            },
          )
        }
      >
        {t('checkMac.claim.release')}
      </Button>
    </Stack>
  );
}
