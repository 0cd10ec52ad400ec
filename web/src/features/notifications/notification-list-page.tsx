import { useState } from 'react';
import { ActionIcon, Button, Card, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminNotification } from '@panel/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { SafeHtml } from '../../components/safe-html';
import { useListParams } from '../../components/use-list-params';
import { useChangeNotificationStatus } from './change-notification-status';
import { useDeleteNotification } from './delete-notification';
import { useAdminNotifications } from './get-admin-notifications';

/**
 * The specification's status colours (business-panel.md §2): green #1A972F when 1, red #BF232E
 * when 0, grey otherwise. The green carries dark text and the red white text: both at AA contrast.
 */
export function statusLook(status: number): { color: string; textColor: string; labelKey: string } {
  if (status === 1) return { color: '#1A972F', textColor: '#000', labelKey: 'notificationList.active' };
  if (status === 0) return { color: '#BF232E', textColor: '#fff', labelKey: 'notificationList.notActive' };
  return { color: 'gray', textColor: '#fff', labelKey: 'notificationList.unknown' };
}

/**
 * Notification list (business-panel.md §2; 'res-notif-list', checked by the route guard): every
 * notification with its title, its description (sanitised HTML), a status button that switches
 * it between Active and Not Active, and Remove after a confirmation. Failures are the API
 * client's toasts.
 */
export function NotificationListPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const notifications = useAdminNotifications({ page_number: list.page, page_size: list.pageSize });
  const changeStatus = useChangeNotificationStatus();
  const remove = useDeleteNotification();
  const [removing, setRemoving] = useState<AdminNotification>();

  const columns: Column<AdminNotification>[] = [
    { key: 'title', header: t('notificationList.columns.title'), render: (row) => row.title, width: '25%' },
    {
      key: 'description',
      header: t('notificationList.columns.description'),
      render: (row) => <SafeHtml html={row.description} style={{ maxHeight: '12em', overflow: 'auto', overflowWrap: 'anywhere' }} />,
    },
    {
      key: 'status',
      card: 'lead',
      header: t('notificationList.columns.status'),
      render: (row) => {
        const look = statusLook(row.status);
        return (
          <Tooltip label={t('notificationList.toggleHint')} withinPortal>
            <Button
              size="compact-sm"
              color={look.color}
              styles={{ root: { color: look.textColor } }}
              loading={changeStatus.isPending && changeStatus.variables === row.id}
              onClick={() => changeStatus.mutate(row.id)}
              aria-label={t('notificationList.toggleNamed', { status: t(look.labelKey), name: row.title })}
            >
              {t(look.labelKey)}
            </Button>
          </Tooltip>
        );
      },
      width: 130,
    },
    {
      key: 'actions',
      header: t('notificationList.columns.remove'),
      render: (row) => (
        <ActionIcon variant="subtle" color="red" onClick={() => setRemoving(row)} aria-label={t('notificationList.removeNamed', { name: row.title })}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      ),
      width: 90,
      align: 'center',
    },
  ];

  return (
    <Card withBorder padding="lg">
      <DataTable
        label={t('notificationList.tableLabel')}
        columns={columns}
        rows={notifications.data?.data.notifications}
        rowKey={(row) => row.id}
        loading={notifications.isFetching}
        error={notifications.isError ? t('notificationList.loadFailed') : undefined}
        emptyText={t('notificationList.empty')}
        total={notifications.data?.meta.total}
        lastPage={notifications.data?.meta.last_page}
        {...list.tableProps}
      />
      <ConfirmDialog
        opened={removing !== undefined}
        title={t('notificationList.removeTitle')}
        message={t('notificationList.removeMessage', { name: removing?.title ?? '' })}
        confirmLabel={t('notificationList.remove')}
        loading={remove.isPending}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(undefined) })}
      />
    </Card>
  );
}
