import { ActionIcon, Badge, Burger, Group, Title, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { LANGUAGE_TAGS } from '@panel/contract';
import { LanguageMenu } from '../../components/language-menu';
import { LanguageSwitcher } from '../../components/language-switcher';
import { currentLocale } from '../../i18n';
import { PHONE_QUERY } from '../../lib/phone';
import { useCreditPoints } from '../../features/credit/get-credit-points';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { session } from '../../lib/session';
import type { PrivateRoute } from '../routes';

function CreditBadge({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const credit = useCreditPoints();
  const points = credit.data?.credit_point;
  // Nothing rather than "0 credits" until the balance is known.
  let text = '—';
  if (!credit.isError && points !== undefined) {
    text = compact
      ? new Intl.NumberFormat(LANGUAGE_TAGS[currentLocale()], { notation: 'compact', maximumFractionDigits: 1 }).format(points)
      : t('layout.creditBalance', { count: points });
  }
  return (
    <Badge
      size="lg"
      variant="light"
      px={compact ? 'xs' : undefined}
      style={{ flexShrink: 0 }}
      leftSection={<IconCoins size={14} aria-hidden />}
      title={credit.isError ? t('layout.loadFailed') : t('layout.creditPoints')}
      aria-label={compact && points !== undefined ? t('layout.creditBalance', { count: points }) : undefined}
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
  const route = useMatches().at(-1)?.handle as PrivateRoute | undefined;
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
        <Title order={3} size={phone ? 'h5' : 'h4'} lineClamp={1} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {route ? t(route.titleKey) : ''}
        </Title>
      </Group>
      <Group gap={phone ? 4 : 'sm'} wrap="nowrap" style={{ flexShrink: 0 }}>
        <CreditBadge compact={phone} />
        {phone ? <LanguageMenu /> : <LanguageSwitcher />}
        {session.has('notif-bell') && <NotificationBell />}
      </Group>
    </Group>
  );
}
