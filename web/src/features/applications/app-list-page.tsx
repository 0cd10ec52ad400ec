import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Avatar, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Application, ApplicationSortKey } from '@panel/contract';
import { ApiError } from '../../api/client';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { SearchInput } from '../../components/search-input';
import { toastError } from '../../components/toast';
import { useListParams } from '../../components/use-list-params';
import { formatRecordTime } from '../../lib/format';
import { session } from '../../lib/session';
import { applicationSaveMessage } from './application-errors';
import { useDeleteApplication } from './delete-application';
import { useApplications } from './get-applications';
import { useSetApplicationVisibility } from './set-application-visibility';
import { StatusBadge } from '../../components/status-badge';

/** App list (business-panel.md §2; permission app-list, checked by the route guard): search, sort, page, delete. */
export function AppListPage() {
  const { t } = useTranslation();
  const list = useListParams({ sort: { key: 'id', direction: 'desc' } });
  const applications = useApplications({
    page_number: list.page,
    page_size: list.pageSize,
    search_title: list.keyword,
    sort_key: (list.sort?.key ?? 'id') as ApplicationSortKey,
    sort_type: list.sort?.direction ?? 'desc',
  });
  const deleteApplication = useDeleteApplication();
  const setVisibility = useSetApplicationVisibility();
  const [deleting, setDeleting] = useState<{ opened: boolean; app?: Application }>({ opened: false });
  /** A delete refused because resellers use the application: the server's reason, and hiding as the way out. */
  const [inUse, setInUse] = useState<{ opened: boolean; app?: Application; message: string }>({ opened: false, message: '' });
  const canAdd = session.has('add-module');
  const canEdit = session.has('actions-app-list') || session.has('add-module');
  const canDelete = session.has('remove-app');
  const canHide = session.has('remove-app') || session.has('actions-app-list');

  const changeVisibility = (app: Application, hidden: boolean, onDone?: () => void) =>
    setVisibility.mutate(
      { id: app.id, hidden },
      {
        onSuccess: (answer) => showSuccess(answer.msg),
        onError: (error) => {
          toastError(applicationSaveMessage(error));
          shownWhereItHappened(error);
        },
        onSettled: onDone,
      },
    );

  const confirmDelete = () => {
    const app = deleting.app;
    if (!app) return;
    deleteApplication.mutate(app.id, {
      onSuccess: (answer) => showSuccess(answer.msg || t('applications.deleted')),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setInUse({ opened: true, app, message: error.message });
        else toastError(applicationSaveMessage(error));
        shownWhereItHappened(error);
      },
      onSettled: () => setDeleting((d) => ({ ...d, opened: false })),
    });
  };

  const columns: Column<Application>[] = [
    {
      key: 'logo',
      header: t('applications.columns.logo'),
      width: 70,
      render: (a) => (
        <Avatar src={a.app_logo} alt={t('applications.logoOf', { name: a.app_name })} radius="sm" size={36}>
          {a.app_name.slice(0, 2)}
        </Avatar>
      ),
    },
    { key: 'app_name', header: t('applications.columns.name'), sortable: true, render: (a) => <Text size="sm" fw={600}>{a.app_name}</Text> },
    {
      key: 'app_place_location',
      header: t('applications.columns.url'),
      sortable: true,
      render: (a) =>
        a.app_place_location ? (
          <Anchor href={a.app_place_location} target="_blank" rel="noopener noreferrer" size="sm">
            {a.app_place_location}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'app_email', header: t('applications.columns.email'), sortable: true, render: (a) => <Text size="sm">{a.app_email ?? '—'}</Text> },
    { key: 'app_phone', header: t('applications.columns.phone'), sortable: true, render: (a) => <Text size="sm">{a.app_phone ?? '—'}</Text> },
    {
      key: 'hidden',
      card: 'lead',
      header: t('applications.columns.status'),
      render: (a) =>
        a.hidden ? (
          <StatusBadge color="gray">
            {t('applications.status.hidden')}
          </StatusBadge>
        ) : (
          <StatusBadge color="green">
            {t('applications.status.visible')}
          </StatusBadge>
        ),
    },
    {
      key: 'created_at',
      header: t('applications.columns.createdAt'),
      sortable: true,
      render: (a) => <Text size="sm">{formatRecordTime(a.created_at)}</Text>,
    },
    {
      key: 'actions',
      header: <Text component="span" size="sm" fw={700}>{t('applications.columns.actions')}</Text>,
      align: 'right',
      render: (a) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canEdit && (
            <Tooltip label={t('applications.edit')}>
              <ActionIcon component={Link} to={`/edit-app/${a.id}`} variant="subtle" aria-label={t('applications.editNamed', { name: a.app_name })}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {canHide && (
            <Tooltip label={a.hidden ? t('applications.show') : t('applications.hide')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                loading={setVisibility.isPending && setVisibility.variables?.id === a.id}
                aria-label={a.hidden ? t('applications.showNamed', { name: a.app_name }) : t('applications.hideNamed', { name: a.app_name })}
                onClick={() => changeVisibility(a, !a.hidden)}
              >
                {a.hidden ? <IconEye size={18} /> : <IconEyeOff size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip label={t('applications.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('applications.deleteNamed', { name: a.app_name })}
                onClick={() => setDeleting({ opened: true, app: a })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  const page = applications.data?.data;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        {canAdd && (
          <Button component={Link} to="/add-app" leftSection={<IconPlus size={16} />}>
            {t('applications.add')}
          </Button>
        )}
      </Group>
      <SearchInput onSearch={list.setKeyword} label={t('applications.search')} placeholder={t('applications.searchPlaceholder')} />
      <DataTable
        label={t('applications.title')}
        columns={columns}
        rows={page?.ApplicationList}
        rowKey={(a) => a.id}
        loading={applications.isFetching}
        error={applications.isError ? t('applications.errors.fetchFailed') : undefined}
        {...list.tableProps}
        lastPage={page?.pagination.last_page}
        total={page?.pagination.total}
      />
      <ConfirmDialog
        opened={deleting.opened}
        title={t('applications.deleteTitle')}
        message={t('applications.deleteConfirm', { name: deleting.app?.app_name ?? '' })}
        confirmLabel={t('applications.delete')}
        loading={deleteApplication.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting((d) => ({ ...d, opened: false }))}
      />
      <ConfirmDialog
        opened={inUse.opened}
        title={t('applications.inUseTitle')}
        message={inUse.message}
        confirmLabel={t('applications.hideInstead')}
        color="orange"
        loading={setVisibility.isPending}
        onConfirm={() => inUse.app && changeVisibility(inUse.app, true, () => setInUse((s) => ({ ...s, opened: false })))}
        onClose={() => setInUse((s) => ({ ...s, opened: false }))}
      />
    </Stack>
  );
}
