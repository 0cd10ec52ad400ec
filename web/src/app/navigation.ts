import type { ComponentType } from 'react';
import { IconApps, IconBolt, IconChartBar, IconCoins, IconCreditCard, IconListDetails, IconPlaylist, IconShoppingCart, IconServer, IconSettings, IconShieldLock, IconTicket, IconUsers, type Icon } from '@tabler/icons-react';
import type { Permission } from '@panel/contract';
import { OpenTicketsBadge } from '../features/tickets/open-tickets-badge';
import { privateRoutes } from './private-routes';

export type NavItem = {
  to: string;
  labelKey: string;
  permission?: Permission | readonly Permission[];
  /** A small count beside the entry (it decides itself whether to show). */
  badge?: ComponentType;
};
export type NavGroup = { key: string; labelKey: string; icon: Icon; items: NavItem[] };

/** A sidebar entry takes its route's title and permission: the link is shown exactly when its guard lets the user in. */
function entry(path: string): NavItem {
  const route = privateRoutes.find((r) => r.path === path);
  if (!route) throw new Error(`No private route ${path}`);
  return { to: route.path, labelKey: route.titleKey, permission: route.permission };
}

/** Entries right under Dashboard, outside any group, each with its icon (issue 27: Insights). */
export const NAV_TOP: (NavItem & { icon: Icon })[] = [{ ...entry('/insights'), icon: IconChartBar }];

/**
 * The sidebar: the specification's groups, each listing only screens that exist. A group with
 * no screen the user may open is not shown at all. Later features add their entries here.
 */
export const NAV_GROUPS: NavGroup[] = [
  { key: 'creditPlans', labelKey: 'nav.groups.creditPlans', icon: IconCreditCard, items: ['/payment-plans', '/billing'].map(entry) },
  {
    key: 'appActivation',
    labelKey: 'nav.groups.appActivation',
    icon: IconBolt,
    items: ['/multi-apps-activation', '/bulk-activation', '/user-list', '/renewals-due', '/iboprotv', '/disable-mac', '/enable-mac'].map(entry),
  },
  // Issue 43: selling to the reseller's own customers.
  {
    key: 'sales',
    labelKey: 'nav.groups.sales',
    icon: IconShoppingCart,
    items: ['/storefront', '/storefront/products', '/storefront/orders', '/customers'].map(entry),
  },
  {
    key: 'reseller',
    labelKey: 'nav.groups.reseller',
    icon: IconUsers,
    items: ['/reseller-list', '/deleted-resellers-list', '/add-reseller', '/add-sub-reseller'].map(entry),
  },
  {
    key: 'credit',
    labelKey: 'nav.groups.credit',
    icon: IconCoins,
    items: ['/recharge-credit', '/credit-point-share-log', '/withdraw-point-share-log'].map(entry),
  },
  { key: 'logs', labelKey: 'nav.groups.logs', icon: IconListDetails, items: ['/transactions-logs'].map(entry) },
  { key: 'security', labelKey: 'nav.groups.security', icon: IconShieldLock, items: ['/security/activity'].map(entry) },
  { key: 'system', labelKey: 'nav.groups.system', icon: IconServer, items: ['/system/backups'].map(entry) },
  {
    key: 'tickets',
    labelKey: 'nav.groups.tickets',
    icon: IconTicket,
    items: [{ ...entry('/tickets-list'), badge: OpenTicketsBadge }, entry('/create-ticket')],
  },
  {
    key: 'checkPlaylist',
    labelKey: 'nav.groups.checkPlaylist',
    icon: IconPlaylist,
    items: ['/check-mac', '/playlists', '/change-domain'].map(entry),
  },
  { key: 'appSettings', labelKey: 'nav.groups.appSettings', icon: IconApps, items: ['/app-list', '/add-app', '/download-apk'].map(entry) },
  {
    key: 'settings',
    labelKey: 'nav.groups.settings',
    icon: IconSettings,
    items: [
      '/users-and-roles',
      '/profile-setting',
      '/profile/security',
      '/profile/integrations',
      '/update-credit-share-password',
      '/add-res-notif',
      '/res-notif-list',
      '/offersandnotifications',
      '/social-widget',
    ].map(entry),
  },
];
