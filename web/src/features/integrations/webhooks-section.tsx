import { useState } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Card, Center, Group, Loader, Menu, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconDots, IconEye, IconHistory, IconKey, IconPencil, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_ENDPOINTS_MAX, type WebhookEndpoint, type WebhookSecretAnswer, type WebhookUpdateInput } from '@panel/contract';
import { showSuccess } from '../../lib/feedback';
import { CardTable, type CardColumn } from '../../components/card-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StatusBadge } from '../../components/status-badge';
import { formatRecordTime } from '../../lib/format';
import { useEventText } from './event-text';
import { VerifySignatureHelp } from './verify-signature-help';
import { WebhookDeliveriesModal } from './webhook-deliveries-modal';
import { WebhookFormModal } from './webhook-form-modal';
import { RollSecretDialog, WebhookSecretModal, type SecretReason } from './webhook-secret';
import { useDeleteWebhook, useRevealWebhookSecret, useTestWebhook, useUpdateWebhook, useWebhooks } from './webhooks';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'deliveries'; endpoint: WebhookEndpoint }
  | { kind: 'roll'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; answer: WebhookSecretAnswer; reason: SecretReason };

/** An event's badge wraps its words on a phone's narrow card rather than cutting them ("Activation succee…"). */
const BADGE_WRAPS = { label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } } as const;

/** A long URL on one or two lines; the whole of it in its tooltip and, for a screen reader, in the text itself. */
function EndpointUrl({ url }: { url: string }) {
  return (
    <Tooltip label={url} withArrow multiline maw={480} style={{ overflowWrap: 'anywhere' }}>
      <Text size="sm" fw={600} dir="ltr" ta="start" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {url}
      </Text>
    </Tooltip>
  );
}

/** On, off by its owner, or off by the panel and why: a receiver that said 410 Gone, or failed for days. */
function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  if (endpoint.disabled_reason) {
    return (
      <Text size="sm" c="red.8" fw={500}>
        {t(`integrations.webhooks.status.${endpoint.disabled_reason}`)}
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge color={endpoint.enabled ? 'teal' : 'gray'}>{t(endpoint.enabled ? 'integrations.webhooks.status.active' : 'integrations.webhooks.status.paused')}</StatusBadge>
      {endpoint.previous_secret_expires_at && (
        <Text size="xs" c="dimmed">
          {t('integrations.webhooks.status.previousSecret', { date: formatRecordTime(endpoint.previous_secret_expires_at) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Profile → Integrations: the account's webhook endpoints. Each is told the events it chose,
 * signed with its secret; from here its owner sends a test, reads the deliveries and sends one
 * again, reveals or rolls the secret, turns it off or deletes it.
 */
export function WebhooksSection() {
  const { t } = useTranslation();
  const eventText = useEventText();
  const webhooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const reveal = useRevealWebhookSecret();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const toggle = (endpoint: WebhookEndpoint, enabled: boolean) =>
    update.mutate(
      {
        id: endpoint.id,
        body: { url: endpoint.url, description: endpoint.description ?? '', // The list's types are the server's words; the same list goes back.
        events: endpoint.events as WebhookUpdateInput['events'], include_sub_resellers: endpoint.include_sub_resellers, enabled },
      },
      { onSuccess: () => showSuccess(t(enabled ? 'integrations.webhooks.turnedOn' : 'integrations.webhooks.turnedOff')) },
    );

  const actions = (endpoint: WebhookEndpoint) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('integrations.webhooks.actionsFor', { url: endpoint.url })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconSend size={16} />}
          onClick={() => test.mutate(endpoint.id, { onSuccess: () => showSuccess(t('integrations.webhooks.testSent')) })}
        >
          {t('integrations.webhooks.actions.test')}
        </Menu.Item>
        <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => setDialog({ kind: 'deliveries', endpoint })}>
          {t('integrations.webhooks.actions.deliveries')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog({ kind: 'edit', endpoint })}>
          {t('integrations.webhooks.actions.edit')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconEye size={16} />}
          onClick={() => reveal.mutate(endpoint.id, { onSuccess: (answer) => setDialog({ kind: 'secret', answer, reason: 'revealed' }) })}
        >
          {t('integrations.webhooks.actions.reveal')}
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setDialog({ kind: 'roll', endpoint })}>
          {t('integrations.webhooks.actions.roll')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog({ kind: 'delete', endpoint })}>
          {t('integrations.webhooks.actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  const columns: CardColumn<WebhookEndpoint>[] = [
    {
      key: 'endpoint',
      header: t('integrations.webhooks.columns.endpoint'),
      card: 'lead',
      render: (endpoint) => (
        <Box miw={0} maw={{ base: '100%', sm: 360 }}>
          <EndpointUrl url={endpoint.url} />
          {endpoint.description && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.description}
            </Text>
          )}
        </Box>
      ),
    },
    {
      key: 'events',
      header: t('integrations.webhooks.columns.events'),
      render: (endpoint) => (
        <Group gap={4} wrap="wrap">
          {endpoint.events.map((type) => (
            <Badge key={type} variant="outline" color="gray" tt="none" title={type} h="auto" styles={BADGE_WRAPS}>
              {eventText.label(type)}
            </Badge>
          ))}
          {endpoint.include_sub_resellers && (
            <Badge variant="light" color="indigo" tt="none" h="auto" styles={BADGE_WRAPS}>
              {t('integrations.webhooks.subResellersBadge')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'status', header: t('integrations.webhooks.columns.status'), render: (endpoint) => <EndpointStatus endpoint={endpoint} /> },
    {
      key: 'enabled',
      header: t('integrations.webhooks.columns.enabled'),
      render: (endpoint) => (
        <Switch
          checked={endpoint.enabled}
          disabled={update.isPending}
          aria-label={t('integrations.webhooks.enabledFor', { url: endpoint.url })}
          onChange={(event) => toggle(endpoint, event.currentTarget.checked)}
        />
      ),
    },
    { key: 'actions', header: t('integrations.webhooks.columns.actions'), align: 'right', render: actions },
  ];

  let content;
  if (webhooks.isPending) {
    content = (
      <Center p="lg">
        <Loader aria-label={t('integrations.webhooks.loading')} />
      </Center>
    );
  } else if (webhooks.isError) {
    content = (
      <Alert color="red" role="alert">
        {t('integrations.webhooks.fetchFailed')}
      </Alert>
    );
  } else {
    const rows = webhooks.data.data;
    const full = rows.length >= WEBHOOK_ENDPOINTS_MAX;
    content = (
      <Stack>
        {rows.length === 0 ? (
          <Text size="sm">{t('integrations.webhooks.none')}</Text>
        ) : (
          <CardTable label={t('integrations.webhooks.title')} columns={columns} rows={rows} rowKey={(endpoint) => endpoint.id} minWidth={760} />
        )}
        <Group gap="sm">
          <Button leftSection={<IconPlus size={18} aria-hidden />} disabled={full} onClick={() => setDialog({ kind: 'add' })}>
            {t('integrations.webhooks.add')}
          </Button>
          {full && (
            <Text size="sm" c="dimmed">
              {t('integrations.webhooks.limitReached', { max: WEBHOOK_ENDPOINTS_MAX })}
            </Text>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4">
        {t('integrations.webhooks.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('integrations.webhooks.description')}
      </Text>
      <Stack>
        {content}
        <VerifySignatureHelp />
      </Stack>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <WebhookFormModal
          endpoint={dialog.kind === 'edit' ? dialog.endpoint : undefined}
          onClose={close}
          onCreated={(answer) => {
            showSuccess(t('integrations.webhooks.created'));
            setDialog({ kind: 'secret', answer, reason: 'created' });
          }}
          onSaved={() => {
            showSuccess(t('integrations.webhooks.saved'));
            close();
          }}
        />
      )}
      {dialog?.kind === 'deliveries' && <WebhookDeliveriesModal endpoint={dialog.endpoint} onClose={close} />}
      {dialog?.kind === 'roll' && (
        <RollSecretDialog endpoint={dialog.endpoint} onClose={close} onRolled={(answer) => setDialog({ kind: 'secret', answer, reason: 'rolled' })} />
      )}
      {dialog?.kind === 'secret' && <WebhookSecretModal answer={dialog.answer} reason={dialog.reason} onClose={close} />}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={t('integrations.webhooks.deleteTitle')}
        message={dialog?.kind === 'delete' ? t('integrations.webhooks.deleteMessage', { url: dialog.endpoint.url }) : ''}
        confirmLabel={t('integrations.webhooks.actions.delete')}
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          remove.mutate(dialog.endpoint.id, {
            onSuccess: () => {
              showSuccess(t('integrations.webhooks.deleted'));
              close();
            },
          });
        }}
      />
    </Card>
  );
}
