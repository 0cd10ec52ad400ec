import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@panel/contract';
import { changeLocale, LANGUAGE_NAMES } from '../i18n';

/** A native select: it is on every sign-in screen, and the browser's own list costs no script. */
export function LanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      size={size}
      w={170}
      value={i18n.language}
      data={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      onChange={(event) => void changeLocale(event.currentTarget.value as Locale)}
    />
  );
}
