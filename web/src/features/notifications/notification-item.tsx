import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResellerNotification } from '@panel/contract';
import { SafeHtml } from '../../components/safe-html';
import { formatRecordTime } from '../../lib/format';

type Props = {
  notification: ResellerNotification;
  read: boolean;
  onMarkRead: () => void;
  marking?: boolean;
  /** Cuts a long description to a few lines (the bell's list). */
  clamp?: boolean;
};

/** One notification: title, date, its (sanitised) HTML and, while unread, a Mark as Read button. */
export function NotificationItem({ notification, read, onMarkRead, marking, clamp }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} component="article" aria-label={notification.title}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={read ? 500 : 700} size="sm">
          {notification.title}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={notification.created_at}>{formatRecordTime(notification.created_at)}</time>
        </Text>
      </Group>
      <SafeHtml
        html={notification.description}
        c={read ? 'dimmed' : undefined}
        style={clamp ? { overflow: 'hidden', maxHeight: '4.5em', overflowWrap: 'anywhere' } : undefined}
      />
      {!read && (
        <Group justify="flex-end">
          <Button size="compact-xs" variant="light" leftSection={<IconCheck size={14} />} onClick={onMarkRead} loading={marking}>
            {t('notifications.markRead')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
