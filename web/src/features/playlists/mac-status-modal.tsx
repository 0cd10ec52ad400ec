import { Alert, Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckDeviceAnswer } from '@panel/contract';
import { ApiError } from '../../api/client';
import { DeviceDetails, DeviceStatusBadge } from '../../components/device-details';
import { formatRecordDay } from '../../lib/format';

type Props = {
  opened: boolean;
  onClose: () => void;
  loading: boolean;
  answer: CheckDeviceAnswer | undefined;
  error: unknown;
};

/**
 * The MAC status modal of the playlists page: the device's status and expiry and its playlists
 * (a protected playlist's PIN is never sent, only that it is protected). An unknown device reads
 * 'Device not found'.
 */
export function MacStatusModal({ opened, onClose, loading, answer, error }: Props) {
  const { t } = useTranslation();

  let content;
  if (loading) {
    content = (
      <Center p="lg">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    content = (
      <Alert color={notFound ? 'yellow' : 'red'} variant="light" role="alert">
        {notFound
          ? t('playlists.status.notFound')
          : error instanceof ApiError && error.message
            ? error.message
            : t('playlists.status.failed')}
      </Alert>
    );
  } else if (answer) {
    const { device, playlists } = answer;
    content = (
      <DeviceDetails
        details={[
          { label: t('devices.macAddress'), value: <span dir="ltr">{device.mac_address}</span> },
          { label: t('devices.module'), value: device.app_type },
          {
            label: t('playlists.status.status'),
            value: (
              <DeviceStatusBadge active={device.status === 'active'}>
                {t(device.status === 'active' ? 'playlists.status.active' : 'playlists.status.expired')}
              </DeviceStatusBadge>
            ),
          },
          { label: t('playlists.status.expiry'), value: device.is_lifetime ? t('playlists.status.lifetime') : formatRecordDay(device.expire_date) },
        ]}
        playlists={playlists}
        columns={[
          { header: t('playlists.fields.name'), cell: (playlist) => playlist.playlist_name },
          { header: t('playlists.fields.type'), cell: (playlist) => t(playlist.playlist_type === 'xc' ? 'playlists.types.xc' : 'playlists.types.general') },
          { header: t('playlists.fields.url'), wraps: true, cell: (playlist) => <span dir="ltr">{playlist.url}</span> },
          { header: t('playlists.status.protected'), cell: (playlist) => (playlist.protect ? t('playlists.status.yes') : t('playlists.status.no')) },
        ]}
        texts={{
          playlists: t('playlists.status.playlists'),
          noPlaylists: t('playlists.status.noPlaylists'),
          hidden: device.hidden_playlists > 0 ? t('checkMac.hiddenPlaylists', { count: device.hidden_playlists }) : undefined,
        }}
      />
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('playlists.status.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('table.close') }}>
      {content}
    </Modal>
  );
}
