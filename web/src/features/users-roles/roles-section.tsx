import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@panel/contract';
import { showSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { session } from '../../lib/session';
import { useDeleteRole } from './delete-role';
import { useRoles } from './get-roles';
import { RoleModal } from './role-modal';
import { showRoleError } from './users-roles-errors';
import { roleName } from '../../lib/role-name';

/**
 * The role boxes: name, and the number of users with change-role. The first role (admin) is
 * locked: neither edited nor deleted.
 */
export function RolesSection() {
  const { t } = useTranslation();
  const roles = useRoles();
  const deleteRole = useDeleteRole();
  // The modal keeps its role while it fades out, so its title does not flip on closing.
  const [modal, setModal] = useState<{ opened: boolean; role?: Role }>({ opened: false });
  const openModal = (role?: Role) => setModal({ opened: true, role });
  const [deleting, setDeleting] = useState<{ opened: boolean; role?: Role }>({ opened: false });
  const closeDelete = () => setDeleting((d) => ({ ...d, opened: false }));
  const canAdd = session.has('add-role');
  const canEdit = session.has('change-role');
  const canDelete = session.has('delete-role');
  const firstId = roles.data?.roles[0]?.id;

  const confirmDelete = () => {
    if (!deleting.role) return;
    deleteRole.mutate(deleting.role.id, {
      onSuccess: (answer) => showSuccess(answer.msg || t('usersRoles.roles.deleted')),
      onError: showRoleError,
      onSettled: closeDelete,
    });
  };

  return (
    <Stack component="section" aria-labelledby="roles-title" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4" id="roles-title">
          {t('usersRoles.roles.title')}
        </Title>
        {canAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openModal()}>
            {t('usersRoles.roles.add')}
          </Button>
        )}
      </Group>

      {roles.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={84} />
          ))}
        </SimpleGrid>
      ) : roles.isError ? (
        <Alert color="red" role="alert">
          {t('usersRoles.roles.loadFailed')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} role="list" aria-label={t('usersRoles.roles.title')}>
          {roles.data.roles.map((role) => {
            const locked = role.id === firstId;
            return (
              <Card key={role.id} withBorder padding="md" role="listitem" aria-label={roleName(role.name)}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4} miw={0}>
                    <Text fw={600} truncate="end">
                      {roleName(role.name)}
                    </Text>
                    {canEdit && (
                      <Group gap={4} c="dimmed">
                        <IconUsers size={14} aria-hidden />
                        <Text size="sm">{t('usersRoles.roles.totalUsers', { total: role.total })}</Text>
                      </Group>
                    )}
                  </Stack>
                  {!locked && (
                    <Group gap={4} wrap="nowrap">
                      {canEdit && (
                        <Tooltip label={t('usersRoles.roles.edit')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('usersRoles.roles.editNamed', { name: role.name })}
                            onClick={() => openModal(role)}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {canDelete && (
                        <Tooltip label={t('usersRoles.roles.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('usersRoles.roles.deleteNamed', { name: role.name })}
                            onClick={() => setDeleting({ opened: true, role })}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  )}
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}

      <RoleModal opened={modal.opened} role={modal.role} onClose={() => setModal((m) => ({ ...m, opened: false }))} />
      <ConfirmDialog
        opened={deleting.opened}
        title={t('usersRoles.roles.deleteTitle')}
        message={t('usersRoles.roles.deleteConfirm', { name: deleting.role?.name ?? '' })}
        confirmLabel={t('usersRoles.roles.delete')}
        loading={deleteRole.isPending}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
    </Stack>
  );
}
