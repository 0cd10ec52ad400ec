import { Fragment, useEffect, useState } from 'react';
import { Button, Divider, Group, Modal, ScrollArea, Stack } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '@panel/contract';
import { session } from '../../lib/session';
import { useNotifications } from './get-notifications';
import { useMarkAllNotificationsRead } from './mark-all-notifications-read';
import { useMarkNotificationRead } from './mark-notification-read';
import { NotificationItem } from './notification-item';

const SHOWN_KEY = 'unread-popup-shown';

/**
 * A short fingerprint of the session token (FNV-1a): enough to tell one sign-in from the next,
 * without keeping the token itself in local storage.
 */
function sessionTag(): string {
  const token = session.token() ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The dashboard's popup of unread notifications (core-panel.md §2), shown once per sign-in when
 * there are any: in every tab of that session it does not come back once seen.
 */
export function UnreadNotificationsPopup() {
  const { t } = useTranslation();
  const [tag] = useState(sessionTag);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(SHOWN_KEY) === tag);
  const feed = useNotifications({ page_number: 1, page_size: MAX_PAGE_SIZE }, { enabled: !dismissed });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const read = new Set(feed.data?.data.readNotifications ?? []);
  const unread = (feed.data?.data.notifications ?? []).filter((n) => !read.has(n.id));
  const opened = !dismissed && (feed.data?.unread_count ?? 0) > 0 && unread.length > 0;

  useEffect(() => {
    if (opened) localStorage.setItem(SHOWN_KEY, tag);
  }, [opened, tag]);

  const close = () => setDismissed(true);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('notifications.popupTitle', { unread: feed.data?.unread_count ?? 0 })}
      size="lg"
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('notifications.close') }}
    >
      <Stack gap={0}>
        {unread.map((item, index) => (
          <Fragment key={item.id}>
            {index > 0 && <Divider my="sm" />}
            <NotificationItem
              notification={item}
              read={false}
              onMarkRead={() => markRead.mutate(item.id)}
              marking={markRead.isPending && markRead.variables === item.id}
            />
          </Fragment>
        ))}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          {t('notifications.close')}
        </Button>
        <Button
          leftSection={<IconChecks size={16} />}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onSuccess: close })}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
    </Modal>
  );
}
