import { ActionIcon, Button, Center, Divider, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATIONS_REFETCH_MS, useNotifications } from './get-notifications';
import { useMarkAllNotificationsRead } from './mark-all-notifications-read';
import { useMarkNotificationRead } from './mark-notification-read';
import { NotificationItem } from './notification-item';

const LATEST = { page_number: 1, page_size: 10 };
/**
 * The count sits in the middle of its badge: without these the line box (the page's 1.55 line
 * height) is taller than the badge and pushes the digits off-centre, and proportional digits
 * lean "1" to one side. (The button's overflow is made visible so that it does not cut the badge.)
 */
const BADGE_STYLES = { indicator: { lineHeight: 1, fontVariantNumeric: 'tabular-nums', paddingInline: 5 } };

/**
 * The top bar's bell (shown with notif-bell): the unread count, refreshed every 50 seconds, and a
 * dropdown of the latest notifications with Mark as Read and Mark All as Read.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const feed = useNotifications(LATEST, { refetchInterval: NOTIFICATIONS_REFETCH_MS });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = feed.data?.unread_count ?? 0;
  const read = new Set(feed.data?.data.readNotifications ?? []);
  const items = feed.data?.data.notifications ?? [];

  return (
    <Popover width={360} position="bottom-end" shadow="md" withArrow trapFocus={false}>
      {/* The button itself is the target: it carries the popup's aria-haspopup and aria-expanded. */}
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t('notifications.bellLabel', { unread })} style={{ overflow: 'visible' }}>
          <Indicator
            // Isolated: in right-to-left text "99+" would read "+99".
            label={<span dir="ltr">{unread > 99 ? '99+' : unread}</span>}
            size={18}
            color="red"
            disabled={unread === 0}
            offset={2}
            position={i18n.dir() === 'rtl' ? 'top-start' : 'top-end'}
            styles={BADGE_STYLES}
          >
            <IconBell size={22} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label={t('notifications.title')}>
        <Group justify="space-between" px="sm" py="xs">
          <Text fw={600}>{t('notifications.title')}</Text>
          <Button size="compact-xs" variant="subtle" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={380} type="auto">
          {feed.isPending ? (
            <Center p="md">
              <Loader size="sm" aria-label={t('notifications.loading')} />
            </Center>
          ) : feed.isError ? (
            <Text c="red" size="sm" p="md" role="alert">
              {t('notifications.loadFailed')}
            </Text>
          ) : items.length === 0 ? (
            <Text c="dimmed" size="sm" p="md" ta="center">
              {t('notifications.empty')}
            </Text>
          ) : (
            <Stack gap={0} p="sm">
              {items.map((item, index) => (
                <Fragment key={item.id}>
                  {index > 0 && <Divider my="xs" />}
                  <NotificationItem
                    notification={item}
                    read={read.has(item.id)}
                    onMarkRead={() => markRead.mutate(item.id)}
                    marking={markRead.isPending && markRead.variables === item.id}
                    clamp
                  />
                </Fragment>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
