import { ActionIcon, Menu, SegmentedControl, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const SCHEMES: { value: MantineColorScheme; icon: typeof IconSun }[] = [
  { value: 'light', icon: IconSun },
  { value: 'dark', icon: IconMoon },
  { value: 'auto', icon: IconDeviceDesktop },
];

/** The top bar's colour scheme choice: light, dark or the system's, remembered in this browser. */
export function ColorSchemeMenu() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const Current = SCHEMES.find((s) => s.value === colorScheme)?.icon ?? IconSun;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={`${t('colorScheme.label')}: ${t(`colorScheme.${colorScheme}`)}`}>
          <Current size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {SCHEMES.map(({ value, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} aria-hidden />}
            fw={value === colorScheme ? 700 : undefined}
            aria-current={value === colorScheme ? 'true' : undefined}
            onClick={() => setColorScheme(value)}
          >
            {t(`colorScheme.${value}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same choice on the profile screen, as a labelled segmented control. */
export function ColorSchemeChoice() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <div>
      <div id="color-scheme-label" style={{ fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 }}>
        {t('colorScheme.label')}
      </div>
      <SegmentedControl
        aria-labelledby="color-scheme-label"
        value={colorScheme}
        onChange={(value) => setColorScheme(value)}
        data={SCHEMES.map(({ value }) => ({ value, label: t(`colorScheme.${value}`) }))}
      />
    </div>
  );
}
