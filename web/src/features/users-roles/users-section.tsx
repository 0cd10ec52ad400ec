import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconShieldOff, IconTrash, IconUserCheck, IconUserPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLE, type User } from '@panel/contract';
import { useProfile } from '../../api/profile';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { SearchInput } from '../../components/search-input';
import { toastError } from '../../components/toast';
import { useListParams } from '../../components/use-list-params';
import { useDeleteUser } from './delete-user';
import { useResetUserTwoFactor } from './reset-two-factor';
import { useReinstateUser } from './reinstate-user';
import { useSuspendUser } from './suspend-user';
import { session } from '../../lib/session';
import { useUsers } from './get-users';
import { useUpdateUserStatus } from './update-user-status';
import { UserDrawer } from './user-drawer';
import { userErrorMessage } from './users-roles-errors';
import { roleName } from '../../lib/role-name';
import { StatusBadge } from '../../components/status-badge';

/** The staff users: searchable, paged, with the status switch and an edit/delete menu per row (the owner's also suspends and reinstates the other admins). */
export function UsersSection() {
  const { t } = useTranslation();
  const list = useListParams();
  const users = useUsers({ page: list.page, page_size: list.pageSize, search: list.keyword });
  const updateStatus = useUpdateUserStatus();
  const deleteUser = useDeleteUser();
  const [drawer, setDrawer] = useState<{ opened: boolean; user?: User }>({ opened: false });
  const [deleting, setDeleting] = useState<{ opened: boolean; user?: User }>({ opened: false });
  const closeDelete = () => setDeleting((d) => ({ ...d, opened: false }));
  const resetFactor = useResetUserTwoFactor();
  const [resetting, setResetting] = useState<{ opened: boolean; user?: User }>({ opened: false });
  const closeReset = () => setResetting((r) => ({ ...r, opened: false }));
  // Another account's factor is reset by an admin (the holder of the security settings) only.
  const canReset = session.has('security-settings');
  const suspendUser = useSuspendUser();
  const reinstateUser = useReinstateUser();
  const [suspension, setSuspension] = useState<{ opened: boolean; user?: User }>({ opened: false });
  const closeSuspension = () => setSuspension((s) => ({ ...s, opened: false }));
  // The panel's owner alone suspends and reinstates the other admins (the server refuses anyone else).
  const isOwner = useProfile().data?.data.owner === true;
  const canSuspend = (u: User) => isOwner && !u.owner && (u.suspended || u.roles[0]?.name === ADMIN_ROLE);

  const toggleStatus = (user: User, enabled: boolean) =>
    updateStatus.mutate(
      { id: user.id, body: { is_disable_by_admin: enabled ? 0 : 1 } },
      {
        onSuccess: () => showSuccess(t('usersRoles.users.statusUpdated')),
        onError: (error) => {
          toastError(userErrorMessage(error), t('usersRoles.users.statusFailed'));
          shownWhereItHappened(error);
        },
      },
    );

  const confirmDelete = () => {
    if (!deleting.user) return;
    deleteUser.mutate(deleting.user.id, {
      onSuccess: (answer) => showSuccess(answer.msg || t('usersRoles.users.deleted')),
      onError: (error) => {
        toastError(userErrorMessage(error));
        shownWhereItHappened(error);
      },
      onSettled: closeDelete,
    });
  };

  const confirmReset = () => {
    if (!resetting.user) return;
    resetFactor.mutate(resetting.user.id, {
      onSuccess: (answer) => showSuccess(answer.msg),
      onError: (error) => {
        toastError(userErrorMessage(error));
        shownWhereItHappened(error);
      },
      onSettled: closeReset,
    });
  };

  const confirmSuspension = () => {
    const user = suspension.user;
    if (!user) return;
    (user.suspended ? reinstateUser : suspendUser).mutate(user.id, {
      onSuccess: (answer) => showSuccess(answer.msg),
      onError: (error) => {
        toastError(userErrorMessage(error));
        shownWhereItHappened(error);
      },
      onSettled: closeSuspension,
    });
  };

  const columns: Column<User>[] = [
    {
      key: 'name',
      header: t('usersRoles.users.name'),
      render: (u) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{u.name}</Text>
          {u.suspended && <StatusBadge color="red">{t('usersRoles.users.suspended')}</StatusBadge>}
        </Group>
      ),
    },
    { key: 'email', header: t('usersRoles.users.email'), render: (u) => <Text size="sm">{u.email}</Text> },
    {
      key: 'role',
      header: t('usersRoles.users.role'),
      render: (u) => (u.roles[0] ? <StatusBadge color="indigo">{roleName(u.roles[0].name)}</StatusBadge> : '—'),
    },
    {
      key: 'status',
      card: 'lead',
      header: t('usersRoles.users.status'),
      render: (u) => {
        const pending = updateStatus.isPending && updateStatus.variables?.id === u.id;
        // While the change is on its way (and the list refetches), the switch shows where it goes.
        const enabled = (pending ? updateStatus.variables.body.is_disable_by_admin : u.is_disable_by_admin) === 0;
        return (
          <Switch
            checked={enabled}
            disabled={pending}
            onChange={(event) => toggleStatus(u, event.currentTarget.checked)}
            aria-label={t('usersRoles.users.statusOf', { email: u.email })}
            label={enabled ? t('usersRoles.users.enabled') : t('usersRoles.users.disabled')}
          />
        );
      },
    },
    {
      key: 'actions',
      header: <Text component="span" size="sm" fw={700}>{t('usersRoles.users.actions')}</Text>,
      align: 'right',
      width: 90,
      render: (u) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('usersRoles.users.actionsOf', { email: u.email })}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDrawer({ opened: true, user: u })}>
              {t('usersRoles.users.edit')}
            </Menu.Item>
            {canSuspend(u) && (
              <Menu.Item
                color={u.suspended ? undefined : 'red'}
                leftSection={u.suspended ? <IconUserCheck size={16} /> : <IconUserPause size={16} />}
                onClick={() => setSuspension({ opened: true, user: u })}
              >
                {u.suspended ? t('usersRoles.users.reinstate') : t('usersRoles.users.suspend')}
              </Menu.Item>
            )}
            {canReset && u.two_factor && (
              <Menu.Item leftSection={<IconShieldOff size={16} />} onClick={() => setResetting({ opened: true, user: u })}>
                {t('usersRoles.users.resetTwoFactor')}
              </Menu.Item>
            )}
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting({ opened: true, user: u })}>
              {t('usersRoles.users.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const page = users.data?.users;
  return (
    <Stack component="section" aria-labelledby="users-title" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4" id="users-title">
          {t('usersRoles.users.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDrawer({ opened: true })}>
          {t('usersRoles.users.add')}
        </Button>
      </Group>
      <SearchInput onSearch={list.setKeyword} label={t('usersRoles.users.search')} placeholder={t('usersRoles.users.searchPlaceholder')} />
      <DataTable
        label={t('usersRoles.users.title')}
        columns={columns}
        rows={page?.data}
        rowKey={(u) => u.id}
        loading={users.isFetching}
        error={users.isError ? userErrorMessage(users.error) : undefined}
        {...list.tableProps}
        lastPage={page?.last_page}
        total={page?.total}
      />
      <UserDrawer opened={drawer.opened} user={drawer.user} onClose={() => setDrawer((d) => ({ ...d, opened: false }))} />
      <ConfirmDialog
        opened={deleting.opened}
        title={t('usersRoles.users.deleteTitle')}
        message={t('usersRoles.users.deleteConfirm', { name: deleting.user?.name ?? '', email: deleting.user?.email ?? '' })}
        confirmLabel={t('usersRoles.users.delete')}
        loading={deleteUser.isPending}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
      <ConfirmDialog
        opened={resetting.opened}
        title={t('usersRoles.users.resetTwoFactorTitle')}
        message={t('usersRoles.users.resetTwoFactorConfirm', { email: resetting.user?.email ?? '' })}
        confirmLabel={t('usersRoles.users.resetTwoFactor')}
        loading={resetFactor.isPending}
        onConfirm={confirmReset}
        onClose={closeReset}
      />
      <ConfirmDialog
        opened={suspension.opened}
        title={suspension.user?.suspended ? t('usersRoles.users.reinstateTitle') : t('usersRoles.users.suspendTitle')}
        message={t(suspension.user?.suspended ? 'usersRoles.users.reinstateConfirm' : 'usersRoles.users.suspendConfirm', { email: suspension.user?.email ?? '' })}
        confirmLabel={suspension.user?.suspended ? t('usersRoles.users.reinstate') : t('usersRoles.users.suspend')}
        color={suspension.user?.suspended ? 'blue' : 'red'}
        loading={suspendUser.isPending || reinstateUser.isPending}
        onConfirm={confirmSuspension}
        onClose={closeSuspension}
      />
    </Stack>
  );
}
