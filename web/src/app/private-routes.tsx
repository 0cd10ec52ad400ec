import type { ComponentType, LazyExoticComponent } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { PLAN_READER_PERMISSIONS, type Permission } from '@panel/contract';
import { page } from './lazy-page';

export type PrivateRoute = {
  path: string;
  Component: LazyExoticComponent<ComponentType>;
  titleKey: string;
  /** The caller needs one of these; without, the route redirects as the specification's table says. */
  permission?: Permission | readonly Permission[];
  redirect?: '/401' | '/403';
  back?: boolean;
};

export const privateRoutes: PrivateRoute[] = [
  { path: '/dashboard', Component: page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage'), titleKey: 'nav.dashboard' },
  // Issue 27: the figures a reseller runs its business on; its chunk alone carries the charts' library.
  {
    path: '/insights',
    Component: page(() => import('../features/insights/insights-page'), 'InsightsPage'),
    titleKey: 'nav.insights',
    permission: 'insights',
    redirect: '/403',
  },
  // The specification shows no permission for the two: a reseller buys and sees its own orders, a plan
  // manager all; without one of the permissions, /403 as the others.
  {
    path: '/payment-plans',
    Component: page(() => import('../features/payments/payment-plans-page'), 'PaymentPlansPage'),
    titleKey: 'nav.paymentPlans',
    permission: PLAN_READER_PERMISSIONS,
    redirect: '/403',
  },
  {
    path: '/billing',
    Component: page(() => import('../features/payments/billing-records-page'), 'BillingRecordsPage'),
    titleKey: 'nav.billingRecords',
    permission: PLAN_READER_PERMISSIONS,
    redirect: '/403',
  },
  // The built-in (sandbox) payment provider's page, where purchases go when Stripe is not configured.
  {
    path: '/checkout/:orderId',
    Component: page(() => import('../features/payments/checkout-page'), 'CheckoutPage'),
    titleKey: 'nav.checkout',
    permission: 'purchase-package',
    redirect: '/403',
  },
  {
    path: '/users-and-roles',
    Component: page(() => import('../features/users-roles/users-roles-page'), 'UsersRolesPage'),
    titleKey: 'nav.usersAndRoles',
    permission: 'user-roles',
    redirect: '/403',
  },
  {
    path: '/profile-setting',
    Component: page(() => import('../features/profile/profile-page'), 'ProfilePage'),
    titleKey: 'nav.profile',
  },
  {
    path: '/profile/security',
    Component: page(() => import('../features/security/security-page'), 'SecurityPage'),
    titleKey: 'nav.security',
    back: true,
  },
  // Issue 25: the account's webhook endpoints and its API keys.
  {
    path: '/profile/integrations',
    Component: page(() => import('../features/integrations/integrations-page'), 'IntegrationsPage'),
    titleKey: 'nav.integrations',
    permission: ['webhooks', 'api-keys'],
    redirect: '/403',
  },
  {
    path: '/update-credit-share-password',
    Component: page(() => import('../features/credit/update-passcode-page'), 'UpdatePasscodePage'),
    titleKey: 'nav.updatePasscode',
    permission: 'update-credit-share-pass',
    redirect: '/403',
  },
  {
    path: '/reseller-list',
    Component: page(() => import('../features/resellers/reseller-list-page'), 'ResellerListPage'),
    titleKey: 'nav.resellerList',
    permission: 'reseller-list',
    redirect: '/401',
  },
  {
    path: '/deleted-resellers-list',
    Component: page(() => import('../features/resellers/deleted-resellers-page'), 'DeletedResellersPage'),
    titleKey: 'nav.deletedResellerList',
    permission: 'deleted-reseller-list',
    redirect: '/401',
  },
  {
    path: '/add-reseller',
    Component: page(() => import('../features/resellers/add-reseller-page'), 'AddResellerPage'),
    titleKey: 'nav.addReseller',
    permission: 'add-reseller',
    redirect: '/403',
  },
  {
    path: '/add-sub-reseller',
    Component: page(() => import('../features/resellers/add-sub-reseller-page'), 'AddSubResellerPage'),
    titleKey: 'nav.addSubReseller',
    permission: 'add-sub-reseller',
    redirect: '/403',
  },
  {
    path: '/edit-reseller/:resellerId',
    Component: page(() => import('../features/resellers/edit-reseller-page'), 'EditResellerPage'),
    titleKey: 'nav.editReseller',
    permission: 'edit-reseller',
    redirect: '/401',
    back: true,
  },
  {
    path: '/sub-reseller-list/:resellerId',
    Component: page(() => import('../features/resellers/sub-reseller-list-page'), 'SubResellerListPage'),
    titleKey: 'nav.subResellerList',
    permission: 'sub-reseller-list',
    redirect: '/403',
  },
  {
    path: '/switch-sub-reseller/:resellerId',
    Component: page(() => import('../features/resellers/switch-sub-reseller-page'), 'SwitchSubResellerPage'),
    titleKey: 'nav.switchSubReseller',
    permission: 'switch-reseller',
    redirect: '/403',
    back: true,
  },
  {
    path: '/assign-to-reseller/:resellerId',
    Component: page(() => import('../features/resellers/assign-reseller-page'), 'AssignResellerPage'),
    titleKey: 'nav.assignReseller',
    permission: 'assign-reseller',
    redirect: '/403',
    back: true,
  },
  {
    path: '/app-list',
    Component: page(() => import('../features/applications/app-list-page'), 'AppListPage'),
    titleKey: 'nav.appList',
    permission: 'app-list',
    redirect: '/403',
  },
  {
    path: '/add-app',
    Component: page(() => import('../features/applications/add-app-page'), 'AddAppPage'),
    titleKey: 'nav.addApp',
    permission: 'add-module',
    redirect: '/403',
    back: true,
  },
  // No permission in the specification's table: a caller who may not read it gets the load-failure path.
  { path: '/edit-app/:id', Component: page(() => import('../features/applications/edit-app-page'), 'EditAppPage'), titleKey: 'nav.editApp', back: true },
  {
    path: '/recharge-credit',
    Component: page(() => import('../features/credit/recharge-credit-page'), 'RechargeCreditPage'),
    titleKey: 'nav.rechargeCredit',
    permission: 'recharge credit',
    redirect: '/403',
  },
  {
    path: '/credit-point-share-log',
    Component: page(() => import('../features/credit/credit-point-share-log-page'), 'CreditPointShareLogPage'),
    titleKey: 'nav.creditPointShareLog',
    permission: 'credit-point-share-log',
    redirect: '/403',
  },
  {
    path: '/withdraw-point-share-log',
    Component: page(() => import('../features/credit/withdraw-point-share-log-page'), 'WithdrawPointShareLogPage'),
    titleKey: 'nav.withdrawPointShareLog',
    permission: 'credit-point-share-log',
    redirect: '/403',
  },
  {
    path: '/multi-apps-activation',
    Component: page(() => import('../features/activation/multi-app-activation-page'), 'MultiAppActivationPage'),
    titleKey: 'nav.multiAppActivation',
    permission: 'multi apps activation',
    redirect: '/403',
  },
  {
    path: '/bulk-activation',
    Component: page(() => import('../features/bulk-activation/bulk-activation-page'), 'BulkActivationPage'),
    titleKey: 'nav.bulkActivation',
    permission: 'multi apps activation',
    redirect: '/403',
  },
  // The specification shows no permission for the activated apps list; the server asks 'platform-users list'.
  {
    path: '/user-list',
    Component: page(() => import('../features/activation/activated-apps-page'), 'ActivatedAppsPage'),
    titleKey: 'nav.activatedApps',
    permission: 'platform-users list',
    redirect: '/403',
  },
  // Renewals due (issue 13): the activated apps list's permission, as the server's GET /api/expiring-devices.
  {
    path: '/renewals-due',
    Component: page(() => import('../features/renewals/renewals-due-page'), 'RenewalsDuePage'),
    titleKey: 'nav.renewalsDue',
    permission: 'platform-users list',
    redirect: '/403',
  },
  {
    path: '/iboprotv',
    Component: page(() => import('../features/codes/activation-codes-page'), 'ActivationCodesPage'),
    titleKey: 'nav.activationCodes',
    permission: 'index-code',
    redirect: '/401',
  },
  {
    path: '/ibopro-playlist',
    Component: page(() => import('../features/codes/open-code-playlist-page'), 'OpenCodePlaylistPage'),
    titleKey: 'nav.codePlaylistEditor',
    permission: 'view-code',
    redirect: '/401',
  },
  {
    path: '/ibopro-playlist/:codeValue',
    Component: page(() => import('../features/codes/code-playlist-editor-page'), 'CodePlaylistEditorPage'),
    titleKey: 'nav.codePlaylistEditor',
    permission: 'view-code',
    redirect: '/401',
    back: true,
  },
  {
    path: '/disable-mac',
    Component: page(() => import('../features/devices/device-toggle-page'), 'DisableMacPage'),
    titleKey: 'nav.disableMac',
    permission: 'Disable Mac',
    redirect: '/401',
  },
  {
    path: '/enable-mac',
    Component: page(() => import('../features/devices/device-toggle-page'), 'EnableMacPage'),
    titleKey: 'nav.enableMac',
    permission: 'Disable Mac',
    redirect: '/401',
  },
  {
    path: '/box-management/:resellerId',
    Component: page(() => import('../features/devices/box-management-page'), 'BoxManagementPage'),
    titleKey: 'nav.boxManagement',
    permission: ['disable-boxes', 'enable-boxes'],
    redirect: '/403',
    back: true,
  },
  { path: '/download-apk', Component: page(() => import('../features/apk/download-apk-page'), 'DownloadApkPage'), titleKey: 'nav.downloadApk' },
  {
    path: '/check-mac',
    Component: page(() => import('../features/devices/check-mac-page'), 'CheckMacPage'),
    titleKey: 'nav.checkMac',
    permission: 'check-device-status',
    redirect: '/403',
  },
  {
    path: '/playlists',
    Component: page(() => import('../features/playlists/playlists-page'), 'PlaylistsPage'),
    titleKey: 'nav.playlists',
    permission: 'Playlists',
    redirect: '/403',
  },
  {
    path: '/change-domain',
    Component: page(() => import('../features/playlists/change-domain-page'), 'ChangeDomainPage'),
    titleKey: 'nav.changeDomain',
    permission: 'change-domain',
    redirect: '/403',
  },
  {
    path: '/transactions-logs',
    Component: page(() => import('../features/activation/activation-logs-page'), 'ActivationLogsPage'),
    titleKey: 'nav.activationLogs',
    permission: 'transactions-logs',
    redirect: '/403',
  },
  {
    path: '/security/activity',
    Component: page(() => import('../features/audit-log/activity-page'), 'ActivityPage'),
    titleKey: 'nav.activity',
    permission: 'audit-log',
    redirect: '/403',
  },
  // Issue 26: the backups of the live database and their restore checks (BACKUPS_PATH of the contract).
  {
    path: '/system/backups',
    Component: page(() => import('../features/backups/backups-page'), 'BackupsPage'),
    titleKey: 'nav.backups',
    permission: 'backups',
    redirect: '/403',
  },
  // Issue 43: Sales. The reseller's own store (settings, products), its orders and its customers.
  {
    path: '/storefront',
    Component: page(() => import('../features/storefront/storefront-page'), 'StorefrontPage'),
    titleKey: 'nav.storefront',
    permission: 'storefront',
    redirect: '/403',
  },
  {
    path: '/storefront/products',
    Component: page(() => import('../features/storefront/products-page'), 'ProductsPage'),
    titleKey: 'nav.storeProducts',
    permission: 'storefront',
    redirect: '/403',
  },
  {
    path: '/storefront/orders',
    Component: page(() => import('../features/orders/orders-page'), 'OrdersPage'),
    titleKey: 'nav.storeOrders',
    permission: 'storefront',
    redirect: '/403',
  },
  {
    path: '/customers',
    Component: page(() => import('../features/customers/customers-page'), 'CustomersPage'),
    titleKey: 'nav.customers',
    permission: 'storefront',
    redirect: '/403',
  },
  {
    path: '/customers/:id',
    Component: page(() => import('../features/customers/customer-page'), 'CustomerPage'),
    titleKey: 'nav.customer',
    permission: 'storefront',
    redirect: '/403',
    back: true,
  },
  {
    path: '/tickets-list',
    Component: page(() => import('../features/tickets/tickets-list-page'), 'TicketsListPage'),
    titleKey: 'nav.ticketsList',
    permission: 'tickets list',
    redirect: '/403',
  },
  {
    path: '/create-ticket',
    Component: page(() => import('../features/tickets/create-ticket-page'), 'CreateTicketPage'),
    titleKey: 'nav.createTicket',
    permission: 'new ticket',
    redirect: '/403',
  },
  {
    path: '/add-res-notif',
    Component: page(() => import('../features/notifications/add-notification-page'), 'AddNotificationPage'),
    titleKey: 'nav.addNotification',
    permission: 'add-res-notif',
    redirect: '/403',
  },
  {
    path: '/res-notif-list',
    Component: page(() => import('../features/notifications/notification-list-page'), 'NotificationListPage'),
    titleKey: 'nav.notificationList',
    permission: 'res-notif-list',
    redirect: '/403',
  },
  // The specification shows no redirect for this one: without the permission, /403 as the others.
  {
    path: '/offersandnotifications',
    Component: page(() => import('../features/notifications/offers-notifications-page'), 'OffersNotificationsPage'),
    titleKey: 'nav.offersNotifications',
    permission: 'offers&notifications',
    redirect: '/403',
  },
  {
    path: '/social-widget',
    Component: page(() => import('../features/social-widget/social-widget-page'), 'SocialWidgetPage'),
    titleKey: 'nav.socialWidget',
    permission: 'view-social-widget',
    redirect: '/403',
  },
];

/** The private route the location shows (react-router's own ranking), for the layout's title and back button. */
export function useCurrentPrivateRoute(): PrivateRoute | undefined {
  const location = useLocation();
  return matchRoutes(privateRoutes, location)?.at(-1)?.route;
}
