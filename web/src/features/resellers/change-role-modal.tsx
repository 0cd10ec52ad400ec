import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResellerRow } from '@panel/contract';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { useChangeResellerRole } from './change-reseller-role';
import { useRoles } from './get-roles';
import { roleName } from '../../lib/role-name';
import { formErrorText } from '../../components/form';

type Props = { reseller: ResellerRow | undefined; onClose: () => void };

/** Change role ('update-role' or 'change-role'): a role from the fetched role list. */
export function ChangeRoleModal({ reseller, onClose }: Props) {
  const { t } = useTranslation();
  const roles = useRoles(reseller !== undefined);
  const change = useChangeResellerRole();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const current = roles.data?.roles.find((r) => r.name === reseller?.role_name);
  const value = choice ?? (current ? String(current.id) : null);

  const close = () => {
    if (change.isPending) return;
    setChoice(null);
    setError(undefined);
    onClose();
  };

  const submit = () => {
    if (!reseller) return;
    if (!value) {
      setError(t('resellerList.role.required'));
      return;
    }
    change.mutate(
      { id: reseller.id, body: { role_id: Number(value) } },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t('resellerList.role.changed'));
          setChoice(null);
          onClose();
        },
        // The refusal stands in the dialog.
        onError: (failure) => {
          shownWhereItHappened(failure);
          setError(formErrorText(failure, { network: t('resellerList.errors.roleNetwork'), fallback: t('resellerList.errors.roleNetwork'), serverError: true }));
        },
      },
    );
  };

  return (
    <Modal
      opened={reseller !== undefined}
      onClose={close}
      title={t('resellerList.role.title', { email: reseller?.email ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <Stack>
        <Select
          label={t('resellerList.role.label')}
          placeholder={t('resellerList.role.placeholder')}
          data={(roles.data?.roles ?? []).map((r) => ({ value: String(r.id), label: roleName(r.name) }))}
          value={value}
          onChange={(next) => {
            setChoice(next);
            setError(undefined);
          }}
          disabled={roles.isLoading}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        {(error || roles.isError) && (
          <Alert color="red" variant="light" role="alert">
            {error ?? formErrorText(roles.error, { network: t('resellerList.errors.roleNetwork'), fallback: t('resellerList.errors.roleNetwork'), serverError: true })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={change.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={change.isPending}>
            {t('resellerList.role.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
