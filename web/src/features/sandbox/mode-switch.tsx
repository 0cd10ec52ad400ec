import { ActionIcon, Menu, SegmentedControl } from '@mantine/core';
import { IconBolt, IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MODES, type Mode } from '@panel/contract';
import { setMode, useMode } from '../../lib/mode';
import { useSandboxEnabled } from './get-modes';

const ICONS: Record<Mode, typeof IconBolt> = { live: IconBolt, sandbox: IconFlask };

/**
 * The top bar's Live / Sandbox choice, shown only when the server offers the sandbox. Changing it
 * is all it does: the shell then fetches every screen's data again from the other side
 * (app/mode-sync.tsx). On a phone it is an icon and a menu, like the language.
 */
export function ModeSwitch({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const mode = useMode();
  const enabled = useSandboxEnabled();
  if (!enabled) return null;

  if (compact) {
    const Current = ICONS[mode];
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant={mode === 'sandbox' ? 'filled' : 'subtle'}
            color={mode === 'sandbox' ? 'orange' : undefined}
            size="lg"
            aria-label={`${t('mode.label')}: ${t(`mode.${mode}`)}`}
          >
            <Current size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {MODES.map((value) => {
            const Icon = ICONS[value];
            return (
              <Menu.Item
                key={value}
                leftSection={<Icon size={16} aria-hidden />}
                fw={value === mode ? 700 : undefined}
                aria-current={value === mode ? 'true' : undefined}
                onClick={() => setMode(value)}
              >
                {t(`mode.${value}`)}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    );
  }

  return (
    <SegmentedControl
      aria-label={t('mode.label')}
      size="xs"
      color={mode === 'sandbox' ? 'orange' : undefined}
      value={mode}
      onChange={setMode}
      data={MODES.map((value) => ({ value, label: t(`mode.${value}`) }))}
      style={{ flexShrink: 0 }}
    />
  );
}
