/**
 * The permission catalogue: every name of both specification documents (§6), grouped by area
 * as `GET /api/permissions` answers. Names are the specification's, spaces and case included,
 * because clients written against it send and compare them verbatim.
 */
export const PERMISSION_GROUPS = [
  // Issue 27: the Insights screen and its GET calls (every default role: each sees the dashboard).
  { group: 'Dashboard', permissions: ['notif-bell', 'insights'] },
  {
    group: 'Activation',
    permissions: [
      'multi apps activation',
      'multi apps activation-remarks',
      'control apps actions',
      'Disable Mac',
      'platform-users list',
      'check-device-status',
      'mac-activated-by',
      'disable-boxes',
      'enable-boxes',
    ],
  },
  {
    group: 'Resellers',
    permissions: [
      'reseller-list',
      'show-reseller-list',
      'deleted-reseller-list',
      'reactivate-reseller',
      'add-reseller',
      'add-sub-reseller',
      'sub-reseller-list',
      'remove-reseller',
      'disable-enable-reseller',
      'edit-reseller',
      'edit-allowed-applications',
      'update-role',
      'switch-reseller',
      'assign-reseller',
      'download-report',
      'Api-Control',
      'Credit Passcode',
      'Web Logo',
      'Login Ip',
      'Admin Disable Status',
    ],
  },
  {
    group: 'Credit',
    permissions: ['recharge credit', 'deduct-credit', 'credit-point-share-log', 'update-credit-share-pass'],
  },
  {
    group: 'Applications',
    permissions: ['app-list', 'add-module', 'actions-app-list', 'remove-app', 'add-apk', 'edit-apk-plan', 'delete-apk-plan'],
  },
  { group: 'Playlists', permissions: ['Playlists', 'change-domain'] },
  {
    group: 'Activation codes',
    permissions: [
      'index-code',
      'purchase-code',
      'ibopro-search',
      'edit-code',
      'renew-code',
      'delete-code',
      'reset-code',
      'change-code-status',
      'view-code',
      'change-any-status',
      'renew-any-code',
      'reset-any-code',
      'delete-any-codes',
      'view-any-playlist',
      'edit-any-code',
    ],
  },
  { group: 'Payment plans', permissions: ['add-plan', 'edit-delete-plan', 'purchase-package'] },
  { group: 'Notifications', permissions: ['add-res-notif', 'res-notif-list', 'offers&notifications'] },
  { group: 'Logs', permissions: ['transactions-logs', 'remarks-trans-logs'] },
  {
    group: 'Tickets',
    permissions: [
      'tickets list',
      'new ticket',
      'raisedby-tickets list',
      'delete-all-tickets',
      'view-ticket',
      'withdraw ticket',
      'close-ticket',
      'title_tickets',
      'REOPEN',
      'admin-remarks',
      'reply',
    ],
  },
  { group: 'Users and roles', permissions: ['user-roles', 'add-role', 'change-role', 'delete-role'] },
  { group: 'Settings', permissions: ['view-social-widget'] },
  { group: 'Security', permissions: ['audit-log', 'security-settings'] },
  // Issue 25: an account's webhook endpoints, and the scoped API keys it hands to its bots.
  { group: 'Integrations', permissions: ['webhooks', 'api-keys'] },
  // Issue 26: the backups of the whole panel's database, listed and taken on demand. The admin
  // role holds every permission (the seed); no other default role holds this one.
  { group: 'System', permissions: ['backups'] },
  // Issue 43: the account's own storefront, its products, orders and customers.
  { group: 'Sales', permissions: ['storefront'] },
] as const;

export type Permission = (typeof PERMISSION_GROUPS)[number]['permissions'][number];
export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((g) => g.permissions);

export const ADMIN_ROLE = 'admin';
export const RESELLER_ROLE = 'reseller';
export const SUB_RESELLER_ROLE = 'sub-reseller';

/** What a sub-reseller of such a panel works with: activating, its own logs, codes, tickets and passcode. */
const SUB_RESELLER_PERMISSIONS: readonly Permission[] = [
  'notif-bell',
  'insights',
  'multi apps activation',
  'multi apps activation-remarks',
  'Disable Mac',
  'platform-users list',
  'check-device-status',
  'Playlists',
  'credit-point-share-log',
  'update-credit-share-pass',
  'index-code',
  'purchase-code',
  'edit-code',
  'renew-code',
  'delete-code',
  'reset-code',
  'change-code-status',
  'view-code',
  'purchase-package',
  'offers&notifications',
  'transactions-logs',
  'remarks-trans-logs',
  'tickets list',
  'new ticket',
  'view-ticket',
  'withdraw ticket',
  'close-ticket',
  'title_tickets',
  'REOPEN',
  // Its own sign-ins, password and credit moves, and its sub-resellers' (issue 24).
  'audit-log',
  // Its own webhook endpoints and API keys: a sub-reseller's events go to its own endpoints (issue 25).
  'webhooks',
  'api-keys',
  // Its own storefront: a sub-reseller sells to its own customers with its own credit (issue 43).
  'storefront',
];

/** A reseller also runs its own sub-resellers: creates them, moves credit to and from them, reports on them. */
const RESELLER_PERMISSIONS: readonly Permission[] = [
  ...SUB_RESELLER_PERMISSIONS,
  'recharge credit',
  'deduct-credit',
  'reseller-list',
  'add-sub-reseller',
  'sub-reseller-list',
  'edit-reseller',
  'edit-allowed-applications',
  'remove-reseller',
  'disable-enable-reseller',
  'download-report',
  'disable-boxes',
  'enable-boxes',
  'change-domain',
  // Its own WhatsApp and Telegram, shown in its sub-resellers' footer.
  'view-social-widget',
];

export const DEFAULT_ROLES: readonly { name: string; permissions: readonly Permission[] }[] = [
  { name: ADMIN_ROLE, permissions: ALL_PERMISSIONS },
  { name: RESELLER_ROLE, permissions: RESELLER_PERMISSIONS },
  { name: SUB_RESELLER_ROLE, permissions: SUB_RESELLER_PERMISSIONS },
];
