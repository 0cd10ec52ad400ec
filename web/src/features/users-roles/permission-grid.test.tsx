import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PermissionGroup } from '@panel/contract';
import { groupState, PermissionGrid, toggleGroup } from './permission-grid';

const groups: PermissionGroup[] = [
  { group: 'Dashboard', permissions: [{ id: 1, name: 'notif-bell' }] },
  {
    group: 'Roles',
    permissions: [
      { id: 10, name: 'add-role' },
      { id: 11, name: 'change-role' },
      { id: 12, name: 'delete-role' },
    ],
  },
];

function Harness({ initial = [], onChange }: { initial?: number[]; onChange?: (ids: number[]) => void }) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <MantineProvider>
      <PermissionGrid
        groups={groups}
        value={value}
        onChange={(ids) => {
          setValue(ids);
          onChange?.(ids);
        }}
      />
    </MantineProvider>
  );
}

const group = (name: string) => within(screen.getByRole('group', { name }));
const allToggle = (name: string) => group(name).getByRole('checkbox', { name: 'All' });

describe('PermissionGrid', () => {
  it('shows a group\'s "All" unchecked when none, indeterminate when some and checked when every permission is chosen', () => {
    const { unmount } = render(<Harness initial={[]} />);
    expect(allToggle('Roles')).not.toBeChecked();
    expect(allToggle('Roles')).not.toBePartiallyChecked();
    unmount();

    const some = render(<Harness initial={[11]} />);
    expect(allToggle('Roles')).toBePartiallyChecked();
    expect(allToggle('Roles')).not.toBeChecked();
    some.unmount();

    render(<Harness initial={[10, 11, 12]} />);
    expect(allToggle('Roles')).toBeChecked();
    expect(allToggle('Roles')).not.toBePartiallyChecked();
    expect(allToggle('Dashboard')).not.toBeChecked();
  });

  it('fills a partly chosen group with "All" and empties a full one, leaving other groups alone', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={[1, 11]} onChange={onChange} />);

    await user.click(allToggle('Roles'));
    expect(onChange).toHaveBeenLastCalledWith([1, 11, 10, 12]);
    expect(allToggle('Roles')).toBeChecked();
    for (const name of ['add-role', 'change-role', 'delete-role']) expect(group('Roles').getByRole('checkbox', { name })).toBeChecked();

    await user.click(allToggle('Roles'));
    expect(onChange).toHaveBeenLastCalledWith([1]);
    expect(allToggle('Roles')).not.toBeChecked();
    expect(allToggle('Roles')).not.toBePartiallyChecked();
    expect(group('Dashboard').getByRole('checkbox', { name: 'notif-bell' })).toBeChecked();
  });

  it('moves "All" to indeterminate and then checked as single permissions are ticked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(group('Roles').getByRole('checkbox', { name: 'add-role' }));
    expect(allToggle('Roles')).toBePartiallyChecked();
    await user.click(group('Roles').getByRole('checkbox', { name: 'change-role' }));
    await user.click(group('Roles').getByRole('checkbox', { name: 'delete-role' }));
    expect(allToggle('Roles')).toBeChecked();
    await user.click(group('Roles').getByRole('checkbox', { name: 'change-role' }));
    expect(allToggle('Roles')).toBePartiallyChecked();
  });
});

describe('groupState and toggleGroup', () => {
  const roles = groups[1]!;
  it('reads none, some and all', () => {
    expect(groupState(roles, new Set())).toBe('none');
    expect(groupState(roles, new Set([12, 1]))).toBe('some');
    expect(groupState(roles, new Set([10, 11, 12]))).toBe('all');
  });
  it('adds only the missing ids and never duplicates', () => {
    expect(toggleGroup(roles, [12])).toEqual([12, 10, 11]);
    expect(toggleGroup(roles, [1, 10, 11, 12])).toEqual([1]);
  });
});
