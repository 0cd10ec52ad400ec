import type { Permission } from '@panel/contract';

export type NavItem = { to: string; labelKey: string; permission?: Permission | readonly Permission[] };
export type NavGroup = { key: string; labelKey: string; items: NavItem[] };

/**
 * The sidebar: the specification's groups, each listing only screens that exist. A group with
 * no screen the user may open is not shown at all. Later features add their entries here.
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    key: 'appActivation',
    labelKey: 'nav.groups.appActivation',
    items: [
      { to: '/multi-apps-activation', labelKey: 'nav.multiAppActivation', permission: 'multi apps activation' },
      { to: '/user-list', labelKey: 'nav.activatedApps', permission: 'platform-users list' },
      { to: '/disable-mac', labelKey: 'nav.disableMac', permission: 'Disable Mac' },
      { to: '/enable-mac', labelKey: 'nav.enableMac', permission: 'Disable Mac' },
    ],
  },
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
    key: 'logs',
    labelKey: 'nav.groups.logs',
    items: [{ to: '/transactions-logs', labelKey: 'nav.activationLogs', permission: 'transactions-logs' }],
  },
  {
    key: 'checkPlaylist',
    labelKey: 'nav.groups.checkPlaylist',
    items: [
      { to: '/check-mac', labelKey: 'nav.checkMac', permission: 'check-device-status' },
      { to: '/playlists', labelKey: 'nav.playlists', permission: 'Playlists' },
      { to: '/change-domain', labelKey: 'nav.changeDomain', permission: 'change-domain' },
    ],
  },
  {
    key: 'appSettings',
    labelKey: 'nav.groups.appSettings',
    items: [
      { to: '/app-list', labelKey: 'nav.appList', permission: 'app-list' },
      { to: '/add-app', labelKey: 'nav.addApp', permission: 'add-module' },
      { to: '/download-apk', labelKey: 'nav.downloadApk' },
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
