import type { Permission } from '@panel/contract';

export type NavItem = { to: string; labelKey: string; permission?: Permission | readonly Permission[] };
export type NavGroup = { key: string; labelKey: string; items: NavItem[] };

/**
 * The sidebar: the specification's groups, each listing only screens that exist. A group with
 * no screen the user may open is not shown at all. Later features add their entries here.
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    key: 'reseller',
    labelKey: 'nav.groups.reseller',
    items: [
      { to: '/reseller-list', labelKey: 'nav.resellerList', permission: 'reseller-list' },
      { to: '/deleted-resellers-list', labelKey: 'nav.deletedResellerList', permission: 'deleted-reseller-list' },
      { to: '/add-reseller', labelKey: 'nav.addReseller', permission: 'add-reseller' },
      { to: '/add-sub-reseller', labelKey: 'nav.addSubReseller', permission: 'add-sub-reseller' },
    ],
  },
  {
    key: 'credit',
    labelKey: 'nav.groups.credit',
    items: [
      { to: '/recharge-credit', labelKey: 'nav.rechargeCredit', permission: 'recharge credit' },
      { to: '/credit-point-share-log', labelKey: 'nav.creditPointShareLog', permission: 'credit-point-share-log' },
      { to: '/withdraw-point-share-log', labelKey: 'nav.withdrawPointShareLog', permission: 'credit-point-share-log' },
    ],
  },
  {
    key: 'appSettings',
    labelKey: 'nav.groups.appSettings',
    items: [
      { to: '/app-list', labelKey: 'nav.appList', permission: 'app-list' },
      { to: '/add-app', labelKey: 'nav.addApp', permission: 'add-module' },
    ],
  },
  {
    key: 'settings',
    labelKey: 'nav.groups.settings',
    items: [
      { to: '/users-and-roles', labelKey: 'nav.usersAndRoles', permission: 'user-roles' },
      { to: '/profile-setting', labelKey: 'nav.profile' },
      { to: '/update-credit-share-password', labelKey: 'nav.updatePasscode', permission: 'update-credit-share-pass' },
    ],
  },
];

export function allowed(permissions: readonly string[], needed: NavItem['permission']): boolean {
  if (!needed) return true;
  const list = typeof needed === 'string' ? [needed] : needed;
  return list.some((p) => permissions.includes(p));
}
