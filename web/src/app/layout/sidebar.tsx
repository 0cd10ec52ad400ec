import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { IconDashboard, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { session } from '../../lib/session';
import { allowed } from '../../lib/session';
import { NAV_GROUPS } from '../navigation';
import { useLogout } from '../../lib/use-logout';

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const logout = useLogout();
  const permissions = session.permissions();
  const groups = NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => allowed(permissions, i.permission)) })).filter(
    (g) => g.items.length > 0,
  );
  return (
    <Stack justify="space-between" h="100%" p="xs" gap={0}>
      <ScrollArea type="auto" component="nav" aria-label={t('nav.main')}>
        <NavLink
          component={RouterLink}
          to="/dashboard"
          label={t('nav.dashboard')}
          leftSection={<IconDashboard size={18} />}
          active={pathname === '/dashboard'}
          onClick={onNavigate}
        />
        {groups.map((group) => {
          const Icon = group.icon;
          const containsActive = group.items.some((i) => pathname.startsWith(i.to));
          return (
            <NavLink
              key={group.key}
              component="button"
              label={t(group.labelKey)}
              leftSection={<Icon size={18} />}
              defaultOpened={containsActive}
              childrenOffset={28}
            >
              {group.items.map((item) => (
                <NavLink
                  key={item.to}
                  component={RouterLink}
                  to={item.to}
                  label={t(item.labelKey)}
                  active={pathname.startsWith(item.to)}
                  onClick={onNavigate}
                />
              ))}
            </NavLink>
          );
        })}
      </ScrollArea>
      <NavLink
        component="button"
        label={t('nav.logout')}
        leftSection={<IconLogout size={18} />}
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
      />
    </Stack>
  );
}
