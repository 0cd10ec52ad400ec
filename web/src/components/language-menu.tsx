import { ActionIcon, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@panel/contract';
import { changeLocale, LANGUAGE_NAMES } from '../i18n';

/** The language choice as an icon and a menu: the top bar's on a phone, where a select does not fit. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={`${t('common.language')}: ${LANGUAGE_NAMES[i18n.language as keyof typeof LANGUAGE_NAMES] ?? ''}`}>
          <IconLanguage size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            fw={locale === i18n.language ? 700 : undefined}
            aria-current={locale === i18n.language ? 'true' : undefined}
            onClick={() => void changeLocale(locale)}
          >
            {LANGUAGE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
