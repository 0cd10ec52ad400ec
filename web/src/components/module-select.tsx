import { Group, Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAllowedApplications } from '../api/allowed-applications';
import { AppLogo } from './app-name';

/**
 * The module (application) picker of the device screens: the caller's allowed applications, by id.
 * A load failure reads 'Failed to fetch allowed applications.' under the field.
 */
export function ModuleSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  const applications = useAllowedApplications();
  const list = applications.data?.data.ApplicationList ?? [];
  const data = list.map((a) => ({ value: String(a.id), label: a.app_name }));
  const logoOf = (id: string | null | undefined) => list.find((a) => String(a.id) === id)?.app_logo;
  const chosenLogo = logoOf(typeof props.value === 'string' ? props.value : undefined);
  return (
    <Select
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap">
          <AppLogo logo={logoOf(option.value)} />
          {option.label}
        </Group>
      )}
      leftSection={chosenLogo ? <AppLogo logo={chosenLogo} /> : undefined}
      label={t('devices.module')}
      placeholder={t('devices.selectModule')}
      searchable
      data={data}
      disabled={applications.isPending}
      error={applications.isError ? t('devices.allowedApplicationsFailed') : undefined}
      {...props}
    />
  );
}
