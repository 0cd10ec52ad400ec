import { useId, useState } from 'react';
import { Collapse, NavLink, ScrollArea, Stack } from '@mantine/core';
import { IconChevronRight, IconDashboard, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { session } from '../../lib/session';
import { allowed } from '../../lib/session';
import { NAV_GROUPS, NAV_TOP, type NavGroup } from '../navigation';
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
      <ScrollArea type="auto">
        <NavLink
          component={RouterLink}
          to="/dashboard"
          label={t('nav.dashboard')}
          leftSection={<IconDashboard size={18} />}
          active={pathname === '/dashboard'}
          onClick={onNavigate}
        />
        {NAV_TOP.filter((item) => allowed(permissions, item.permission)).map((item) => (
          <NavLink
            key={item.to}
            component={RouterLink}
            to={item.to}
            label={t(item.labelKey)}
            leftSection={<item.icon size={18} aria-hidden />}
            active={pathname.startsWith(item.to)}
            onClick={onNavigate}
          />
        ))}
        {groups.map((group) => (
          <SidebarGroup key={group.key} group={group} pathname={pathname} onNavigate={onNavigate} />
        ))}
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

/** A group of the sidebar: a button that says whether its list is open and which list it controls. */
function SidebarGroup({ group, pathname, onNavigate }: { group: NavGroup; pathname: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const listId = useId();
  const [opened, setOpened] = useState(() => group.items.some((i) => pathname.startsWith(i.to)));
  const Icon = group.icon;
  // One entry lit: the most specific one (/storefront/products, not /storefront as well).
  const activeTo = group.items.filter((i) => pathname.startsWith(i.to)).sort((a, b) => b.to.length - a.to.length)[0]?.to;
  return (
    <>
      <NavLink
        component="button"
        label={t(group.labelKey)}
        leftSection={<Icon size={18} aria-hidden />}
        rightSection={<IconChevronRight size={14} aria-hidden className="nav-chevron" data-opened={opened || undefined} />}
        aria-expanded={opened}
        aria-controls={listId}
        onClick={() => setOpened((o) => !o)}
      />
      <Collapse expanded={opened} id={listId}>
        <div style={{ paddingInlineStart: 28 }}>
          {group.items.map((item) => (
            <NavLink
              key={item.to}
              component={RouterLink}
              to={item.to}
              label={t(item.labelKey)}
              rightSection={item.badge ? <item.badge /> : undefined}
              active={item.to === activeTo}
              // The router's own link would also mark /storefront current on /storefront/products.
              end={item.to !== activeTo}
              onClick={onNavigate}
            />
          ))}
        </div>
      </Collapse>
    </>
  );
}
