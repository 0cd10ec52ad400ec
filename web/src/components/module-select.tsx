import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAllowedApplications } from '../api/allowed-applications';

/**
 * The module (application) picker of the device screens: the caller's allowed applications, by id.
 * A load failure reads 'Failed to fetch allowed applications.' under the field.
 */
export function ModuleSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  const applications = useAllowedApplications();
  const data = (applications.data?.data.ApplicationList ?? []).map((a) => ({ value: String(a.id), label: a.app_name }));
  return (
    <Select
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
