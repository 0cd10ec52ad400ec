import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Radio, Stack, TextInput } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEVICE_KEY_MAX_LENGTH, type PlaylistType } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DeviceChoiceFields, useDeviceChoice } from '../../components/device-choice';
import { FormHeading } from '../../components/form-heading';
import { useTextLimit } from '../../components/text-limit';
import { playlistFailureMessage } from './playlist-errors';
import { useResetPlaylist, type ResetPlaylistInput } from './reset-playlist';

type Errors = { deviceKey?: string; type?: string };

/**
 * Reset playlist (business-panel.md §2, §5): module, MAC address, the device key for the modules
 * that need one, and the playlist type to clear. Asked once more before anything is removed.
 */
export function ResetPlaylistForm() {
  const { t } = useTranslation();
  const reset = useResetPlaylist();
  const [deviceKey, setDeviceKey] = useState('');
  const [type, setType] = useState<PlaylistType | ''>('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [confirming, setConfirming] = useState<ResetPlaylistInput>();

  // Another module may not need the device key: its message goes with the module it was asked for.
  const device = useDeviceChoice({ onModuleChange: () => setErrors((e) => ({ ...e, deviceKey: undefined })) });
  const { application } = device.module;
  // BOBPLAYER and IBOPLAYER ask for the device key before their playlists are reset (business-panel.md §9).
  const keyNeeded = application?.needs_device_key ?? false;
  const keyLimit = useTextLimit(deviceKey, DEVICE_KEY_MAX_LENGTH);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const choice = device.validate();
    const next: Errors = {
      type: type ? undefined : t('validation.playlistTypeRequired'),
      deviceKey: keyNeeded && deviceKey.trim() === '' ? t('validation.deviceKeyRequired') : undefined,
    };
    setErrors(next);
    if (!choice || Object.values(next).some(Boolean) || !type || (keyNeeded && keyLimit.error)) return;
    setConfirming({
      mac_address: choice.macAddress,
      app_id: choice.application.id,
      module: choice.application.app_name,
      playlist_type: type,
      ...(keyNeeded ? { device_key: deviceKey.trim() } : {}),
    });
  };

  const confirm = () => {
    if (!confirming) return;
    reset.mutate(confirming, {
      onSuccess: (answer) => {
        showSuccess(answer.msg || t('playlists.resetForm.done', { removed: answer.data.removed }));
        setDeviceKey('');
      },
      // business-panel.md §8, Save/reset playlist: the form chooses the message and shows it in place.
      onError: (error) => {
        shownWhereItHappened(error);
        const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
        if (Object.keys(fields).length > 0) {
          device.setErrors({ module: fields.app_id ?? fields.module, mac: fields.mac_address });
          setErrors({ deviceKey: fields.device_key, type: fields.playlist_type });
        } else setFailure(playlistFailureMessage(error));
      },
      onSettled: () => setConfirming(undefined),
    });
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-labelledby="reset-playlist-title">
        <Stack>
          <FormHeading id="reset-playlist-title" icon={IconRefresh} title={t('playlists.resetForm.title')} intro={t('playlists.resetForm.intro')} />
          <DeviceChoiceFields choice={device} />
          {keyNeeded && (
            <TextInput
              label={t('playlists.resetForm.deviceKey')}
              description={t('playlists.resetForm.deviceKeyHint')}
              required
              autoComplete="off"
              spellCheck={false}
              value={deviceKey}
              onChange={(event) => {
                setDeviceKey(event.currentTarget.value);
                setErrors((e) => ({ ...e, deviceKey: undefined }));
              }}
              error={keyLimit.error ?? errors.deviceKey}
            />
          )}
          <Radio.Group
            label={t('playlists.fields.type')}
            required
            value={type}
            onChange={(value) => {
              setType(value);
              setErrors((e) => ({ ...e, type: undefined }));
            }}
            error={errors.type}
          >
            <Group mt="xs">
              <Radio value="general" label={t('playlists.types.general')} />
              <Radio value="xc" label={t('playlists.types.xc')} />
            </Group>
          </Radio.Group>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" color="red" variant="light" loading={reset.isPending}>
              {t('playlists.resetForm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming !== undefined}
        title={t('playlists.resetForm.confirmTitle')}
        message={t(confirming?.playlist_type === 'xc' ? 'playlists.resetForm.confirmXc' : 'playlists.resetForm.confirmGeneral', {
          mac: confirming?.mac_address ?? '',
        })}
        confirmLabel={t('playlists.resetForm.submit')}
        loading={reset.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(undefined)}
      />
    </Card>
  );
}
