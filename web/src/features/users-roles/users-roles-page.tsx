import { Divider, Stack } from '@mantine/core';
import { RolesSection } from './roles-section';
import { UsersSection } from './users-section';

/** Users and Roles (core-panel.md §2; permission user-roles, checked by the route guard). */
export function UsersRolesPage() {
  return (
    <Stack gap="xl">
      <RolesSection />
      <Divider />
      <UsersSection />
    </Stack>
  );
}
