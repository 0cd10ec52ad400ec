import { useState } from 'react';
import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlaylistAdd, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCheckDeviceStatus } from '../../api/check-device-status';
import { DeviceChoiceFields, useDeviceChoice, type DeviceChoice } from '../../components/device-choice';
import { shownWhereItHappened } from '../../lib/feedback';
import { MacStatusModal } from './mac-status-modal';
import { PlaylistForm } from './playlist-form';
import { ResetPlaylistForm } from './reset-playlist-form';

/**
 * Playlists (business-panel.md §2; permission Playlists): pick a module and a MAC address, then
 * Check Status (the MAC status modal) or Add Playlist (a general or an Xtream Codes playlist). A
 * separate form resets a device's playlists of one type.
 */
export function PlaylistsPage() {
  const { t } = useTranslation();
  const check = useCheckDeviceStatus();
  const device = useDeviceChoice();
  const [statusOpen, setStatusOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const { application } = device.module;
  const mac = device.mac.value;

  /** Both actions need a module and a well-formed MAC first: 'Please select a module', 'Please enter a MAC address'. */
  const withChoice = (then: (choice: DeviceChoice) => void) => {
    const choice = device.validate();
    if (choice) then(choice);
  };

  const checkStatus = () =>
    withChoice((choice) => {
      check.reset();
      setStatusOpen(true);
      // The status dialog shows the failure in its own words.
      check.mutate({ macAddress: choice.macAddress, app_id: choice.application.id }, { onError: shownWhereItHappened });
    });

  return (
    <Stack maw={720}>
      <Card withBorder padding="lg">
        <Stack>
          <Text size="sm" c="dimmed">
            {t('playlists.intro')}
          </Text>
          <DeviceChoiceFields choice={device} />
          <Group justify="flex-end">
            <Button variant="light" leftSection={<IconSearch size={16} />} onClick={checkStatus} loading={check.isPending}>
              {t('playlists.checkStatus')}
            </Button>
            <Button leftSection={<IconPlaylistAdd size={16} />} onClick={() => withChoice(() => setAdding(true))}>
              {t('playlists.add')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <ResetPlaylistForm />
      <MacStatusModal
        opened={statusOpen}
        onClose={() => setStatusOpen(false)}
        loading={check.isPending}
        answer={check.data}
        error={check.error}
      />
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('playlists.addTitle')}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('table.close') }}
      >
        {adding && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('playlists.addFor', { module: application?.app_name ?? '', mac })}
            </Text>
            <PlaylistForm application={application} macAddress={mac} onSaved={() => setAdding(false)} onCancel={() => setAdding(false)} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
