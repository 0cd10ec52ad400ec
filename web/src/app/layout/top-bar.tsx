import { ActionIcon, Badge, Burger, Group, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { useDirection } from '@mantine/core';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useCreditPoints } from '../../features/credit/get-credit-points';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { session } from '../../lib/session';
import type { PrivateRoute } from '../routes';

export function TopBar({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { dir } = useDirection();
  const route = useMatches().at(-1)?.handle as PrivateRoute | undefined;
  const credit = useCreditPoints();
  const BackIcon = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
        {route?.back && (
          <ActionIcon variant="subtle" aria-label={t('common.back')} onClick={() => void navigate(-1)}>
            <BackIcon size={20} />
          </ActionIcon>
        )}
        <Title order={3} size="h4" lineClamp={1}>
          {route ? t(route.titleKey) : ''}
        </Title>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Badge
          size="lg"
          variant="light"
          leftSection={<IconCoins size={14} />}
          title={credit.isError ? t('layout.loadFailed') : t('layout.creditPoints')}
          color={credit.isError ? 'red' : 'indigo'}
        >
          {/* Nothing rather than "0 credits" until the balance is known. */}
          {credit.isError || !credit.data ? '—' : t('layout.creditBalance', { count: credit.data.credit_point })}
        </Badge>
        <LanguageSwitcher />
        {session.has('notif-bell') && <NotificationBell />}
      </Group>
    </Group>
  );
}
