import type { ReactNode } from 'react';
import { Group, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActivationCode } from '@panel/contract';
import { DeviceDetails } from '../../components/device-details';
import { formatRecordTime } from '../../lib/format';
import { CopyValueButton } from '../../components/copy-value-button';
import { CodeStateBadge, CodeValue, useCodeExpiry } from './code-parts';

/** The code-details popup (business-panel.md §2): every field of the code, its device and its playlists. */
export function CodeDetailsModal({ code, onClose }: { code: ActivationCode | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={code !== undefined}
      onClose={onClose}
      title={t('activationCodes.details.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      {code && <CodeDetails code={code} />}
    </Modal>
  );
}

function CodeDetails({ code }: { code: ActivationCode }) {
  const { t } = useTranslation();
  const expiry = useCodeExpiry();
  const dash = '—';
  const device = code.device_info;
  const ltr = (value: string | null | undefined) => <span dir="ltr">{value || dash}</span>;
  const details: { label: string; value: ReactNode }[] = [
    {
      label: t('activationCodes.columns.code'),
      value: (
        <Group gap={4} wrap="nowrap">
          <CodeValue value={code.value} />
          <CopyValueButton value={code.value} label={t('activationCodes.copyCode', { code: code.value })} />
        </Group>
      ),
    },
    { label: t('activationCodes.columns.type'), value: t(`activationCodes.types.${code.type}`) },
    { label: t('activationCodes.columns.state'), value: <CodeStateBadge code={code} /> },
    { label: t('activationCodes.columns.resellerEmail'), value: code.email },
    { label: t('activationCodes.columns.expires'), value: expiry(code) },
    { label: t('activationCodes.columns.createdAt'), value: formatRecordTime(code.created_at) },
    { label: t('activationCodes.details.redeemed'), value: code.is_active === 1 ? t('activationCodes.details.yes') : t('activationCodes.details.no') },
    { label: t('activationCodes.details.macAddress'), value: ltr(device?.mac_address) },
    { label: t('activationCodes.details.version'), value: ltr(device?.version) },
    { label: t('activationCodes.details.ip'), value: ltr(device?.ip) },
    { label: t('activationCodes.details.deviceId'), value: ltr(device?._id) },
  ];
  return (
    <DeviceDetails
      details={details}
      playlists={code.playlists}
      columns={[
        { header: t('activationCodes.playlist.name'), cell: (p) => p.name },
        { header: t('activationCodes.playlist.url'), cell: (p) => ltr(p.url), wraps: true },
        { header: t('activationCodes.playlist.epg'), cell: (p) => ltr(p.epg), wraps: true },
      ]}
      texts={{ playlists: t('activationCodes.details.playlists'), noPlaylists: t('activationCodes.details.noPlaylists') }}
    />
  );
}
