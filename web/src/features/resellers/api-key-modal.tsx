import { ActionIcon, Alert, Badge, Button, CopyButton, Group, Loader, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResellerRow } from '@panel/contract';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { toastError } from '../../components/toast';
import { useApiKey } from './get-api-key';
import { actionErrorMessage } from './reseller-errors';
import { useSetApiAccess } from './set-api-access';

type Props = { reseller: ResellerRow | undefined; onClose: () => void };

/** API key access ('Api-Control'): the reseller's key with a copy button, and API access on or off. */
export function ApiKeyModal({ reseller, onClose }: Props) {
  const { t } = useTranslation();
  const apiKey = useApiKey(reseller?.id);
  const setAccess = useSetApiAccess();
  const key = apiKey.data?.data;
  const enabled = key?.api_access === 1;

  const toggle = () => {
    if (!reseller) return;
    setAccess.mutate(
      { id: reseller.id, enabled: !enabled },
      { onSuccess: (answer) => showSuccess(answer.msg), onError: (error) => { toastError(actionErrorMessage(error)); shownWhereItHappened(error); } },
    );
  };

  return (
    <Modal
      opened={reseller !== undefined}
      onClose={onClose}
      title={t('resellerList.apiKey.title', { email: reseller?.email ?? '' })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      {apiKey.isError ? (
        <Alert color="red" variant="light" role="alert">
          {actionErrorMessage(apiKey.error)}
        </Alert>
      ) : !key ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t('table.loading')} />
        </Group>
      ) : (
        <Stack>
          <TextInput
            label={t('resellerList.apiKey.key')}
            value={key.api_key}
            readOnly
            styles={{ input: { fontFamily: 'monospace' } }}
            rightSection={
              <CopyButton value={key.api_key} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('resellerList.apiKey.copied') : t('resellerList.apiKey.copy')}>
                    <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('resellerList.apiKey.copy')}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            }
          />
          <Group justify="space-between">
            <Group gap="xs">
              <Text size="sm">{t('resellerList.apiKey.access')}</Text>
              <Badge color={enabled ? 'green' : 'gray'} variant="light">
                {enabled ? t('resellerList.apiKey.enabled') : t('resellerList.apiKey.disabled')}
              </Badge>
            </Group>
            <Button color={enabled ? 'red' : 'green'} variant="light" onClick={toggle} loading={setAccess.isPending}>
              {enabled ? t('resellerList.apiKey.disable') : t('resellerList.apiKey.enable')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
