import { useEffect } from 'react';
import { Alert, Button, Drawer, LoadingOverlay, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, userBody, type User, type UserBody } from '@panel/contract';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { applyServerErrors, useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { useTextLimit } from '../../components/text-limit';
import { toastError } from '../../components/toast';
import { useAddUser } from './add-user';
import { useEditUser } from './edit-user';
import { useRoles } from './get-roles';
import { useUser } from './get-user';
import { userErrorMessage } from './users-roles-errors';
import { roleName } from '../../lib/role-name';

type Props = {
  opened: boolean;
  /** The user to update (the row as listed); none to add one. */
  user?: User;
  onClose: () => void;
};

/** The side panel to add a user (who then gets a create-password mail) or update one. */
export function UserDrawer({ opened, user, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      // Mantine mirrors the side in Arabic: the panel always slides in from the reading end.
      position="right"
      title={user ? t('usersRoles.users.editTitle') : t('usersRoles.users.addTitle')}
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      {opened && <UserForm key={user?.id ?? 'new'} user={user} onDone={onClose} />}
    </Drawer>
  );
}

function UserForm({ user, onDone }: { user?: User; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const roles = useRoles();
  // The row may be a page old: the form is filled from a fresh read of the user.
  const fresh = useUser(user?.id);
  const addUser = useAddUser();
  const editUser = useEditUser();
  const saving = addUser.isPending || editUser.isPending;
  const form = useZodForm<UserBody>(userBody, {
    // 0 is "no role chosen": the schema answers 'Please select a role.'
    initialValues: { name: user?.name ?? '', email: user?.email ?? '', role: user?.roles[0]?.id ?? 0 },
  });
  const nameLimit = useTextLimit(form.values.name, NAME_MAX_LENGTH);
  const emailLimit = useTextLimit(form.values.email, EMAIL_MAX_LENGTH);

  const loaded = fresh.data?.data;
  useEffect(() => {
    if (!loaded || form.isDirty()) return;
    const values = { name: loaded.name, email: loaded.email, role: loaded.roles[0]?.id ?? 0 };
    form.setValues(values);
    form.resetDirty(values);
    // Only when a fresh read arrives, and never over what the person has started typing.
  }, [loaded]);

  const submit = form.onSubmit((values) => {
    const done = {
      onSuccess: (answer: { msg: string }) => {
        showSuccess(answer.msg || (user ? t('usersRoles.users.updated') : t('usersRoles.users.created')));
        onDone();
      },
      onError: (error: unknown) => {
        if (!applyServerErrors(form, error)) toastError(userErrorMessage(error));
        shownWhereItHappened(error);
      },
    };
    if (user) editUser.mutate({ id: user.id, body: values }, done);
    else addUser.mutate(values, done);
  });

  const roleOptions = (roles.data?.roles ?? []).map((r) => ({ value: String(r.id), label: roleName(r.name) }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack pos="relative">
        <LoadingOverlay visible={Boolean(user) && fresh.isPending} />
        {fresh.isError && (
          <Alert color="red" role="alert">
            {userErrorMessage(fresh.error)}
          </Alert>
        )}
        <TextInput
          label={t('usersRoles.users.name')}
          required
          data-autofocus
          {...form.getInputProps('name')}
          description={nameLimit.description}
          inputWrapperOrder={nameLimit.inputWrapperOrder}
          error={nameLimit.error ?? errorText(form.errors.name, 'name')}
        />
        <TextInput
          label={t('usersRoles.users.email')}
          type="email"
          required
          autoComplete="off"
          {...form.getInputProps('email')}
          error={emailLimit.error ?? errorText(form.errors.email, 'email')}
        />
        <Select
          label={t('usersRoles.users.role')}
          placeholder={t('usersRoles.users.rolePlaceholder')}
          required
          data={roleOptions}
          value={form.values.role ? String(form.values.role) : null}
          onChange={(value) => {
            form.setFieldValue('role', value ? Number(value) : 0);
            form.clearFieldError('role');
          }}
          error={errorText(form.errors.role, 'role') ?? (roles.isError ? t('usersRoles.roles.loadFailed') : undefined)}
          disabled={roles.isPending}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions form={form}>
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
