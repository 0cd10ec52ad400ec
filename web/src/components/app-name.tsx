import { Avatar, Group } from '@mantine/core';
import { useAllowedApplications } from '../api/allowed-applications';

/** An application's logo, when it has one; decorative, since its name is always written beside it. */
export function AppLogo({ logo, size = 20 }: { logo: string | null | undefined; size?: number }) {
  if (!logo) return null;
  return <Avatar src={logo} alt="" radius="sm" size={size} style={{ flexShrink: 0 }} />;
}

/** An application's logo and name, the logo found among the caller's applications by id or name. */
export function AppName({ id, name }: { id?: number; name: string }) {
  const applications = useAllowedApplications();
  const app = applications.data?.data.ApplicationList?.find((a) => (id !== undefined ? a.id === id : a.app_name === name));
  return (
    <Group gap={6} wrap="nowrap">
      <AppLogo logo={app?.app_logo} />
      <span>{name}</span>
    </Group>
  );
}
