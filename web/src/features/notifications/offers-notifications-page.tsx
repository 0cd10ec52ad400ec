import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Card, Center, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatRecordTime } from '../../lib/format';
import { SafeHtml } from '../../components/safe-html';
import { useListParams } from '../../components/use-list-params';
import { NOTIFICATIONS_REFETCH_MS, useNotifications } from './get-notifications';
import { useMarkNotificationRead } from './mark-notification-read';

/**
 * Offers and notifications (business-panel.md §2; 'offers&notifications', checked by the route
 * guard): the active notifications as read-only cards, asked again every 50 seconds. Those shown
 * unread are marked as read, each once; until the list reloads they keep a "New" badge.
 */
export function OffersNotificationsPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const feed = useNotifications({ page_number: list.page, page_size: list.pageSize }, { refetchInterval: NOTIFICATIONS_REFETCH_MS });
  const markRead = useMarkNotificationRead();
  const sent = useRef(new Set<number>());
  // Those this visit marked as read: they keep a "New" badge while shown.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const items = feed.data?.data.notifications ?? [];
  const read = new Set(feed.data?.data.readNotifications ?? []);
  const unreadIds = items.filter((n) => !read.has(n.id)).map((n) => n.id);
  const unreadKey = unreadIds.join(',');

  useEffect(() => {
    const ids = (unreadKey ? unreadKey.split(',').map(Number) : []).filter((id) => !sent.current.has(id));
    if (ids.length === 0) return;
    for (const id of ids) {
      sent.current.add(id);
      markRead.mutate(id);
    }
    setFresh((old) => new Set([...old, ...ids]));
    // markRead is a new object each render; the ids decide.
  }, [unreadKey]);

  if (feed.isPending) {
    return (
      <Center p="xl">
        <Loader size="sm" aria-label={t('offers.loading')} />
      </Center>
    );
  }
  if (feed.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('offers.loadFailed')}
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="xl">
        {t('offers.empty')}
      </Text>
    );
  }
  const lastPage = Math.max(1, feed.data.meta.last_page);
  return (
    <Stack>
      <Stack role="list" aria-label={t('offers.listLabel')} gap="md">
        {items.map((item) => (
          <Card key={item.id} withBorder padding="lg" role="listitem" component="article" aria-labelledby={`offer-${item.id}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="xs">
              <Title order={2} size="h4" id={`offer-${item.id}`} style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Title>
              <Group gap="xs" wrap="nowrap">
                {fresh.has(item.id) && (
                  <Badge color="blue" variant="light">
                    {t('offers.new')}
                  </Badge>
                )}
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={item.created_at}>{formatRecordTime(item.created_at)}</time>
                </Text>
              </Group>
            </Group>
            <SafeHtml html={item.description} />
          </Card>
        ))}
      </Stack>
      {lastPage > 1 && (
        <Group justify="center">
          <nav aria-label={t('table.pagination')}>
            <Pagination
              total={lastPage}
              value={list.page}
              onChange={list.setPage}
              getItemProps={(n) => ({ 'aria-label': t('table.page', { page: n }) })}
              getControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
            />
          </nav>
        </Group>
      )}
    </Stack>
  );
}
