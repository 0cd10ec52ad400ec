import { useId, useState } from 'react';
import { Alert, Button, Checkbox, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_ROLL_OVERLAP_HOURS, type WebhookEndpoint, type WebhookSecretAnswer } from '@panel/contract';
import { formatRecordTime } from '../../lib/format';
import { useRollWebhookSecret } from './webhooks';

/** Why the secret is on the screen: a new endpoint or a roll show it this once; a reveal on demand. */
export type SecretReason = 'created' | 'rolled' | 'revealed';

/**
 * An endpoint's signing secret in the one answer made for it: copied from here, never kept by
 * the screen (closing the dialog forgets it; the list's answers never hold it).
 */
export function WebhookSecretModal({ answer, reason, onClose }: { answer: WebhookSecretAnswer; reason: SecretReason; onClose: () => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { secret, url, previous_secret_expires_at: previousUntil } = answer.data;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`integrations.webhooks.secret.${reason}Title`)}
      centered
      // A click beside it must not lose a secret shown once.
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <Stack>
        <Text size="sm" dir="ltr" ta="start" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Text>
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('integrations.webhooks.secret.warning')} {reason === 'revealed' ? null : t('integrations.webhooks.secret.onceWarning')}
        </Alert>
        <div>
          <Text size="sm" fw={500} id={labelId} mb={4}>
            {t('integrations.webhooks.secret.label')}
          </Text>
          <Code block dir="ltr" aria-labelledby={labelId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {secret}
          </Code>
        </div>
        {reason === 'rolled' && previousUntil && (
          <Text size="sm" c="dimmed">
            {t('integrations.webhooks.secret.previousUntil', { date: formatRecordTime(previousUntil) })}
          </Text>
        )}
        <Group justify="space-between">
          <CopyButton value={secret} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {t(copied ? 'integrations.webhooks.secret.copied' : 'integrations.webhooks.secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t(reason === 'revealed' ? 'integrations.webhooks.secret.close' : 'integrations.webhooks.secret.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Rolling asks first: the old secret signs beside the new one for a while, or ends now (a leaked one). */
export function RollSecretDialog({ endpoint, onClose, onRolled }: { endpoint: WebhookEndpoint; onClose: () => void; onRolled: (answer: WebhookSecretAnswer) => void }) {
  const { t } = useTranslation();
  const roll = useRollWebhookSecret();
  const [expireNow, setExpireNow] = useState(false);
  return (
    <Modal opened onClose={onClose} title={t('integrations.webhooks.roll.title')} centered closeButtonProps={{ 'aria-label': t('table.close') }}>
      <Stack>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('integrations.webhooks.roll.message', { url: endpoint.url, hours: WEBHOOK_ROLL_OVERLAP_HOURS })}
        </Text>
        <Checkbox
          label={t('integrations.webhooks.roll.expireNow')}
          description={t('integrations.webhooks.roll.expireNowHint')}
          checked={expireNow}
          onChange={(event) => setExpireNow(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={roll.isPending}>
            {t('common.cancel')}
          </Button>
          <Button color="orange" loading={roll.isPending} onClick={() => roll.mutate({ id: endpoint.id, expireNow }, { onSuccess: onRolled })}>
            {t('integrations.webhooks.roll.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
