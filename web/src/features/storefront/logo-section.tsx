import { useState } from 'react';
import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Storefront } from '@panel/contract';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../components/form';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { IMAGE_UPLOAD_MAX_MB, ImageInput, imageProblem } from '../../components/image-input';
import { SectionCard } from '../../components/section-card';
import { shownWhereItHappened } from '../../lib/feedback';
import { useRemoveLogo, useUploadLogo } from './storefront';

/**
 * The store's logo: a picked image is sent at once (the panel's image pipeline checks it by
 * content), so the preview and the public page show it without another save.
 */
export function LogoSection({ store }: { store: Storefront }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  const choose = (picked: File | null) => {
    setFile(picked);
    setError(undefined);
    if (!picked) return;
    const problem = imageProblem(picked);
    if (problem) {
      setError(errorText(problem, 'logo', { label: t('storefront.logo.label') }));
      return;
    }
    upload.mutate(picked, {
      onSuccess: () => setFile(null),
      onError: (failure) => {
        setError(failure instanceof ApiError ? (failure.fieldErrors().logo ?? failure.message) : t('common.unexpectedError'));
        shownWhereItHappened(failure);
      },
    });
  };

  return (
    <SectionCard title={t('storefront.logo.title')} description={t('storefront.logo.description')}>
      <Group align="flex-start" gap="md" wrap="wrap">
        {store.logo_url ? (
          <Avatar src={store.logo_url} alt={t('storefront.logo.current')} size={72} radius="md" />
        ) : (
          <Avatar size={72} radius="md" color="gray" aria-label={t('storefront.logo.none')} role="img">
            <IconBuildingStore size={32} aria-hidden />
          </Avatar>
        )}
        <Stack gap="xs" style={{ flex: '1 1 220px', minWidth: 0 }}>
          <ImageInput
            value={file}
            onChange={choose}
            error={error}
            disabled={upload.isPending}
            texts={{
              label: t('storefront.logo.label'),
              description: t('storefront.logo.hint', { max: IMAGE_UPLOAD_MAX_MB }),
              placeholder: t(upload.isPending ? 'storefront.logo.uploading' : 'storefront.logo.placeholder'),
              clear: t('storefront.logo.clear'),
            }}
          />
          {store.logo_url && (
            <Group>
              <Button variant="light" color="red" size="compact-sm" onClick={() => setConfirming(true)}>
                {t('storefront.logo.remove')}
              </Button>
            </Group>
          )}
          {!store.logo_url && (
            <Text size="xs" c="dimmed">
              {t('storefront.logo.none')}
            </Text>
          )}
        </Stack>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('storefront.logo.removeTitle')}
        message={t('storefront.logo.removeMessage')}
        confirmLabel={t('storefront.logo.remove')}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </SectionCard>
  );
}
