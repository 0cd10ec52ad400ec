import type { ReactNode } from 'react';
import { Divider, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActivationCode } from '@panel/contract';
import { formatLogDate } from '../../lib/format';
import { CodeStateBadge, CodeValue, CopyValueButton, useCodeExpiry } from './code-parts';

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
    { label: t('activationCodes.columns.createdAt'), value: formatLogDate(code.created_at) },
    { label: t('activationCodes.details.redeemed'), value: code.is_active === 1 ? t('activationCodes.details.yes') : t('activationCodes.details.no') },
    { label: t('activationCodes.details.macAddress'), value: ltr(device?.mac_address) },
    { label: t('activationCodes.details.version'), value: ltr(device?.version) },
    { label: t('activationCodes.details.ip'), value: ltr(device?.ip) },
    { label: t('activationCodes.details.deviceId'), value: ltr(device?._id) },
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        {details.map((detail) => (
          <div key={detail.label}>
            <Text size="xs" c="dimmed">
              {detail.label}
            </Text>
            <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
              {detail.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Divider label={t('activationCodes.details.playlists')} labelPosition="left" />
      {code.playlists.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('activationCodes.details.noPlaylists')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={440}>
          <Table aria-label={t('activationCodes.details.playlists')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('activationCodes.playlist.name')}</Table.Th>
                <Table.Th>{t('activationCodes.playlist.url')}</Table.Th>
                <Table.Th>{t('activationCodes.playlist.epg')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {code.playlists.map((playlist) => (
                <Table.Tr key={playlist.name}>
                  <Table.Td>{playlist.name}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{ltr(playlist.url)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{ltr(playlist.epg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
