import { ActionIcon, Badge, Burger, Group, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ColorSchemeMenu } from '../../components/color-scheme-control';
import { LanguageMenu } from '../../components/language-menu';
import { LanguageSwitcher } from '../../components/language-switcher';
import { formatNumber } from '../../lib/format';
import { PHONE_QUERY } from '../../lib/phone';
import { useCreditPoints } from '../../api/credit-points';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { ModeSwitch } from '../../features/sandbox/mode-switch';
import { session } from '../../lib/session';
import { useCurrentPrivateRoute } from '../private-routes';

function CreditBadge({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const credit = useCreditPoints();
  const points = credit.data?.credit_point;
  // Nothing rather than "0 credits" until the balance is known.
  let text = '—';
  if (!credit.isError && points !== undefined) {
    text = compact ? formatNumber(points, undefined, { compact: true }) : t('layout.creditBalance', { count: points, amount: formatNumber(points) });
  }
  return (
    <Badge
      size="lg"
      variant="light"
      px={compact ? 'xs' : undefined}
      style={{ flexShrink: 0 }}
      leftSection={<IconCoins size={14} aria-hidden />}
      title={credit.isError ? t('layout.loadFailed') : t('layout.creditPoints')}
      color={credit.isError ? 'red' : 'indigo'}
    >
      {text}
    </Badge>
  );
}

export function TopBar({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { dir } = useDirection();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const route = useCurrentPrivateRoute();
  const BackIcon = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Group h="100%" px={phone ? 'xs' : 'md'} gap={phone ? 4 : 'md'} justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
        {route?.back && (
          <ActionIcon variant="subtle" aria-label={t('common.back')} onClick={() => void navigate(-1)}>
            <BackIcon size={20} />
          </ActionIcon>
        )}
      </Group>
      <Group gap={phone ? 4 : 'sm'} wrap="nowrap" style={{ flexShrink: 0 }}>
        <ModeSwitch compact={phone} />
        <CreditBadge compact={phone} />
        {phone ? <LanguageMenu /> : <LanguageSwitcher />}
        <ColorSchemeMenu />
        {session.has('notif-bell') && <NotificationBell />}
      </Group>
    </Group>
  );
}
