import { useId, useState } from 'react';
import { Alert, Box, Button, Center, Code, Collapse, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconRefresh, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookEndpoint } from '@panel/contract';
import { showSuccess } from '../../lib/feedback';
import { LongId } from '../../components/long-id';
import { StatusBadge } from '../../components/status-badge';
import { formatRecordTime, formatNumber } from '../../lib/format';
import { PHONE_QUERY } from '../../lib/phone';
import { useEventText } from './event-text';
import { REDELIVERY_WATCH_MS, useRedeliverWebhookDelivery, useWebhookDeliveries } from './webhook-deliveries';

const STATUS_COLORS = { pending: 'yellow', succeeded: 'teal', failed: 'red' } as const;
type Attempt = WebhookDelivery['attempts'][number];

/** An endpoint's deliveries, newest first: what was sent, how the receiver answered each attempt, and a way to send it again. */
export function WebhookDeliveriesModal({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [watchUntil, setWatchUntil] = useState(0);
  const deliveries = useWebhookDeliveries(endpoint.id, watchUntil);
  const watch = () => setWatchUntil(Date.now() + REDELIVERY_WATCH_MS);

  let content;
  if (deliveries.isPending) {
    content = (
      <Center p="lg">
        <Loader aria-label={t('integrations.deliveries.loading')} />
      </Center>
    );
  } else if (deliveries.isError) {
    content = (
      <Alert color="red" role="alert">
        {t('integrations.deliveries.fetchFailed')}
      </Alert>
    );
  } else if (deliveries.data.data.length === 0) {
    content = <Text size="sm">{t('integrations.deliveries.none')}</Text>;
  } else {
    content = (
      <Stack component="ul" role="list" aria-label={t('integrations.deliveries.listLabel')} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {deliveries.data.data.map((delivery) => (
          <DeliveryItem key={delivery.id} endpointId={endpoint.id} delivery={delivery} onRedelivered={watch} />
        ))}
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={t('integrations.deliveries.title')}
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <Stack>
        <Box miw={0}>
          <Text size="sm" dir="ltr" ta="start" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <Text size="xs" c="dimmed">
            {t('integrations.deliveries.description')}
          </Text>
        </Box>
        {/* On the start side: a toast, in the top corner, never covers it. */}
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={deliveries.isFetching && !deliveries.isPending}
            onClick={() => void deliveries.refetch()}
          >
            {t('integrations.deliveries.refresh')}
          </Button>
        </Group>
        {content}
      </Stack>
    </Modal>
  );
}

function DeliveryItem({ endpointId, delivery, onRedelivered }: { endpointId: number; delivery: WebhookDelivery; onRedelivered: () => void }) {
  const { t } = useTranslation();
  const eventText = useEventText();
  const redeliver = useRedeliverWebhookDelivery(endpointId);
  const [open, setOpen] = useState(false);
  const attemptsId = useId();
  const when = formatRecordTime(delivery.created_at);
  const count = delivery.attempts.length;
  const Chevron = open ? IconChevronUp : IconChevronDown;

  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Text size="sm" fw={600}>
              {eventText.label(delivery.event_type)}
            </Text>
            <Text size="xs" ff="monospace" c="dimmed" dir="ltr">
              {delivery.event_type}
            </Text>
          </Group>
          <StatusBadge color={STATUS_COLORS[delivery.status]}>{t(`integrations.deliveries.statuses.${delivery.status}`)}</StatusBadge>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="xs" c="dimmed">
            {when}
          </Text>
          {delivery.status === 'pending' && delivery.next_attempt_at && (
            <Text size="xs" c="dimmed">
              {t('integrations.deliveries.nextAttempt', { date: formatRecordTime(delivery.next_attempt_at) })}
            </Text>
          )}
          <Group gap={4} wrap="nowrap" miw={0}>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {t('integrations.deliveries.eventId')}
            </Text>
            <LongId value={delivery.event_id} copyLabel={t('integrations.deliveries.copyEventId')} maw={180} />
          </Group>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={count === 0}
            aria-expanded={open}
            aria-controls={attemptsId}
            rightSection={<Chevron size={14} aria-hidden />}
            onClick={() => setOpen((o) => !o)}
          >
            {count === 0 ? t('integrations.deliveries.noAttempts') : t('integrations.deliveries.attempts', { count })}
          </Button>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconSend size={14} aria-hidden />}
            loading={redeliver.isPending}
            aria-label={t('integrations.deliveries.redeliverNamed', { event: delivery.event_type, date: when })}
            onClick={() =>
              redeliver.mutate(delivery.id, {
                onSuccess: () => {
                  showSuccess(t('integrations.deliveries.redelivered'));
                  onRedelivered();
                },
              })
            }
          >
            {t('integrations.deliveries.redeliver')}
          </Button>
        </Group>
        <Collapse expanded={open} id={attemptsId}>
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('integrations.deliveries.attemptsLabel')}>
            {delivery.attempts.map((attempt, index) => (
              <AttemptItem key={index} attempt={attempt} />
            ))}
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}

function AttemptItem({ attempt }: { attempt: Attempt }) {
  const { t } = useTranslation();
  const code = attempt.status_code;
  const answered = code !== null;
  const success = answered && code >= 200 && code < 300;
  return (
    <Paper component="li" bg="var(--mantine-color-default-hover)" p="xs" radius="sm">
      <Stack gap={4}>
        <Group gap="sm" wrap="wrap">
          <Text size="xs">{formatRecordTime(attempt.attempted_at)}</Text>
          <StatusBadge color={success ? 'teal' : 'red'}>{answered ? String(code) : t('integrations.deliveries.attempt.noAnswer')}</StatusBadge>
          <Text size="xs" c="dimmed">
            {t('integrations.deliveries.attempt.duration', { duration: formatNumber(attempt.duration_ms) })}
          </Text>
        </Group>
        {attempt.error && (
          <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            {attempt.error}
          </Text>
        )}
        {attempt.response_body !== null && attempt.response_body !== '' && (
          <div>
            <Text size="xs" c="dimmed">
              {t('integrations.deliveries.attempt.response')}
            </Text>
            {/* The receiver's words as it sent them: left to right, wrapped, never longer than the 1 KB kept. */}
            <Code block dir="ltr" tabIndex={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 240, overflowY: 'auto' }}>
              {attempt.response_body}
            </Code>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
