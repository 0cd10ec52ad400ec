import { Button, Group, MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAllowedApplications } from '../../api/allowed-applications';

type Props = {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
};

/**
 * The applications a reseller is allowed (business-panel.md §2): a multi-select of the caller's
 * own allowed applications, with a Select All button.
 */
export function ApplicationsSelect({ value, onChange, error, disabled, required = true }: Props) {
  const { t } = useTranslation();
  const applications = useAllowedApplications();
  const list = applications.data?.data.ApplicationList ?? [];
  const options = list.map((app) => ({ value: String(app.id), label: app.app_name }));
  // Ids the caller cannot give (a reseller's former application) still show as chosen.
  for (const id of value) {
    if (!options.some((o) => o.value === String(id))) options.push({ value: String(id), label: `#${id}` });
  }
  const loadError = applications.isError ? t('resellerForms.applications.loadFailed') : undefined;
  const allSelected = list.length > 0 && list.every((app) => value.includes(app.id));

  return (
    <div>
      <MultiSelect
        label={t('resellerForms.fields.applications')}
        placeholder={value.length === 0 ? t('resellerForms.applications.placeholder') : undefined}
        required={required}
        searchable
        clearable
        hidePickedOptions
        data={options}
        value={value.map(String)}
        onChange={(values) => onChange(values.map(Number))}
        nothingFoundMessage={t('resellerForms.applications.none')}
        error={error ?? loadError}
        disabled={disabled || applications.isPending}
      />
      <Group justify="flex-end" mt={6}>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onChange(allSelected ? [] : list.map((app) => app.id))}
          disabled={disabled || list.length === 0}
        >
          {allSelected ? t('resellerForms.applications.clearAll') : t('resellerForms.applications.selectAll')}
        </Button>
      </Group>
    </div>
  );
}
