import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PermissionGroup } from '@panel/contract';

type Props = {
  groups: PermissionGroup[];
  /** The chosen permission ids. */
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
};

export type GroupState = 'all' | 'some' | 'none';

export function groupState(group: PermissionGroup, chosen: ReadonlySet<number>): GroupState {
  const count = group.permissions.filter((p) => chosen.has(p.id)).length;
  if (count === 0) return 'none';
  return count === group.permissions.length ? 'all' : 'some';
}

/** The group's "All" toggle: a fully chosen group is emptied, any other is filled. */
export function toggleGroup(group: PermissionGroup, value: readonly number[]): number[] {
  const ids = group.permissions.map((p) => p.id);
  const chosen = new Set(value);
  if (groupState(group, chosen) === 'all') return value.filter((id) => !ids.includes(id));
  return [...value, ...ids.filter((id) => !chosen.has(id))];
}

/**
 * The role form's permissions: one box per group with an "All" toggle (checked when every
 * permission of the group is chosen, indeterminate when some are) and one checkbox per permission.
 */
export function PermissionGrid({ groups, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  const togglePermission = (id: number) => onChange(chosen.has(id) ? value.filter((v) => v !== id) : [...value, id]);

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm" style={{ alignItems: 'start' }}>
        {groups.map((group) => {
          const state = groupState(group, chosen);
          return (
            <Fieldset key={group.group} legend={t(`permissionGroups.${group.group}`, { defaultValue: group.group })} variant="filled" p="sm" disabled={disabled}>
              <Stack gap={6}>
                <Checkbox
                  label={t('usersRoles.permissions.all')}
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  onChange={() => onChange(toggleGroup(group, value))}
                  fw={600}
                />
                {group.permissions.map((permission) => (
                  <Checkbox
                    key={permission.id}
                    label={permission.name}
                    checked={chosen.has(permission.id)}
                    onChange={() => togglePermission(permission.id)}
                  />
                ))}
              </Stack>
            </Fieldset>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
