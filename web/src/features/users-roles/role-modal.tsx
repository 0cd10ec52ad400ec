import { Button, Center, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROLE_NAME_MAX_LENGTH, roleBody, type Role, type RoleBody } from '@panel/contract';
import { showSuccess } from '../../lib/feedback';
import { applyServerErrors, useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { useTextLimit } from '../../components/text-limit';
import { useAddRole } from './add-role';
import { useEditRole } from './edit-role';
import { usePermissions } from './get-permissions';
import { PermissionGrid } from './permission-grid';
import { showRoleError } from './users-roles-errors';

type Props = {
  opened: boolean;
  /** The role to edit; none to add one. */
  role?: Role;
  onClose: () => void;
};

/** Add or edit a role: a name and at least one permission (core-panel.md §5). */
export function RoleModal({ opened, role, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={role ? t('usersRoles.roles.editTitle') : t('usersRoles.roles.addTitle')}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      {/* A fresh form each time the modal opens, filled from the role being edited. */}
      {opened && <RoleForm key={role?.id ?? 'new'} role={role} onDone={onClose} />}
    </Modal>
  );
}

function RoleForm({ role, onDone }: { role?: Role; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const permissions = usePermissions();
  const addRole = useAddRole();
  const editRole = useEditRole();
  const form = useZodForm<RoleBody>(roleBody, {
    initialValues: { name: role?.name ?? '', permissions: role?.permissions ?? [] },
  });
  const saving = addRole.isPending || editRole.isPending;
  const nameLimit = useTextLimit(form.values.name, ROLE_NAME_MAX_LENGTH);

  const submit = form.onSubmit((values) => {
    const done = {
      onSuccess: (answer: { msg: string }) => {
        showSuccess(answer.msg || (role ? t('usersRoles.roles.updated') : t('usersRoles.roles.created')));
        onDone();
      },
      onError: (error: unknown) => {
        applyServerErrors(form, error);
        showRoleError(error);
      },
    };
    if (role) editRole.mutate({ id: role.id, body: values }, done);
    else addRole.mutate(values, done);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('usersRoles.roles.name')}
          required
          data-autofocus
          {...form.getInputProps('name')}
          description={nameLimit.description}
          inputWrapperOrder={nameLimit.inputWrapperOrder}
          error={nameLimit.error ?? errorText(form.errors.name, 'name')}
        />
        <div>
          <Text fw={500} size="sm" mb={6} id="role-permissions-label">
            {t('usersRoles.roles.permissions')}
          </Text>
          {permissions.isPending ? (
            <Center p="md">
              <Loader size="sm" aria-label={t('table.loading')} />
            </Center>
          ) : permissions.isError ? (
            <Text c="red" size="sm" role="alert">
              {t('usersRoles.roles.permissionsLoadFailed')}
            </Text>
          ) : (
            <div role="group" aria-labelledby="role-permissions-label">
              <PermissionGrid
                groups={permissions.data.data}
                value={form.values.permissions}
                onChange={(ids) => {
                  form.setFieldValue('permissions', ids);
                  form.clearFieldError('permissions');
                }}
                error={errorText(form.errors.permissions, 'permissions')}
                disabled={saving}
              />
            </div>
          )}
        </div>
        <FormActions form={form}>
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={!permissions.isSuccess}>
            {t('common.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
