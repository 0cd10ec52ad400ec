import { useState } from 'react';
import { Avatar, Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MIME_TYPES, type ResellerRow } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { actionErrorMessage } from './reseller-errors';
import { useUploadResellerLogo } from './upload-reseller-logo';

type Props = { reseller: ResellerRow | undefined; onClose: () => void };

/** Logo upload ('Web Logo'): PNG, JPEG, WebP or SVG up to 2 MB; the server checks the content too. */
export function LogoModal({ reseller, onClose }: Props) {
  const { t } = useTranslation();
  const upload = useUploadResellerLogo();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();

  const close = () => {
    if (upload.isPending) return;
    setFile(null);
    setError(undefined);
    onClose();
  };

  const submit = () => {
    if (!reseller) return;
    if (!file) {
      setError(t('resellerList.logo.required'));
      return;
    }
    if (!(IMAGE_UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
      setError(t('resellerList.logo.type'));
      return;
    }
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      setError(t('resellerList.logo.size', { mb: IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    upload.mutate(
      { id: reseller.id, logo: file },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t('resellerList.logo.uploaded'));
          setFile(null);
          onClose();
        },
        // The refusal stands in the dialog, under the file.
        onError: (failure) => {
          shownWhereItHappened(failure);
          setError(failure instanceof ApiError ? (Object.values(failure.fieldErrors())[0] ?? actionErrorMessage(failure)) : actionErrorMessage(failure));
        },
      },
    );
  };

  return (
    <Modal
      opened={reseller !== undefined}
      onClose={close}
      title={t('resellerList.logo.title', { email: reseller?.email ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <Stack>
        {reseller?.logo_path && (
          <Group gap="sm">
            <Avatar src={reseller.logo_path} alt={t('resellerList.logo.current')} radius="sm" size={48} />
            <Text size="sm" c="dimmed">
              {t('resellerList.logo.current')}
            </Text>
          </Group>
        )}
        <FileInput
          label={t('resellerList.logo.file')}
          description={t('resellerList.logo.hint', { mb: IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024 })}
          accept={IMAGE_UPLOAD_MIME_TYPES.join(',')}
          clearable
          value={file}
          onChange={(value) => {
            setFile(value);
            setError(undefined);
          }}
          leftSection={<IconUpload size={16} aria-hidden />}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={upload.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={upload.isPending}>
            {t('resellerList.logo.upload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
