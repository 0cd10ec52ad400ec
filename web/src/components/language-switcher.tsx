import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@panel/contract';
import { changeLocale, LANGUAGE_NAMES } from '../i18n';

export function LanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('common.language')}
      size={size}
      w={170}
      allowDeselect={false}
      value={i18n.language}
      data={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      onChange={(value) => value && void changeLocale(value as Locale)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
