import type { ApiKeyScope } from '@panel/contract';

/**
 * Which scope a scoped API key needs for each call (issue 25). One table, read by the permission
 * hook (http/auth.ts) for every request of a scoped key; sessions and the account's legacy single
 * key (every scope) never look here. A scope only narrows: the account's permissions still apply.
 *
 * Deny by default: `session` means no scope covers the call, and a scoped key is refused it. A
 * read (GET, HEAD) needs `read` unless listed otherwise; any other method needs an entry below,
 * so a new write route is refused to scoped keys until someone decides its scope here. The
 * route-matrix test (test/permissions.test.ts) checks every entry names a real route.
 */
export type ScopeNeed = ApiKeyScope | 'session';

/**
 * Areas matched by path prefix, whatever the method: the webhook endpoints and deliveries (their
 * routes live in the webhooks module), and the account's own security and keys, which a key never
 * manages (a key that could make keys or sessions would outlive its own revocation).
 */
export const SCOPE_PREFIXES: readonly (readonly [prefix: string, need: ScopeNeed])[] = [
  ['/webhooks', 'webhooks'],
  ['/webhook-deliveries', 'webhooks'],
  ['/api-keys', 'session'],
  ['/two-factor', 'session'],
  ['/passkeys', 'session'],
  ['/sessions', 'session'],
  ['/step-up', 'session'],
  ['/settings/security', 'session'],
  // The admin's undo window of activations (issue 27), beside its security switches.
  ['/settings/activation-undo', 'session'],
  ['/profile/security', 'session'],
  // The whole panel's backups (issue 26): the admin's session only.
  ['/backups', 'session'],
];

/** Single calls, as `METHOD /path` with the route's own pattern (no /api or /api/sandbox). */
export const ROUTE_SCOPES: Readonly<Record<string, ScopeNeed>> = {
  // Reads sent as POST: device checks, searches and reports.
  'POST /check-device-status-multi-app': 'read',
  'POST /check-device-status': 'read',
  'POST /activated-apps-list': 'read',
  'POST /activation-logs': 'read',
  'POST /credit-transaction-logs': 'read',
  'POST /credit-share-log-download-date-range': 'read',
  'POST /credit-share-log-download/resellerlist': 'read',
  'POST /activation-report-download-reseller-list': 'read',
  'POST /get-playlist/:codeValue': 'read',
  'POST /get-social-widget': 'read',
  // Activations (single, the bulk file, renewals through it), codes, devices and playlists.
  'POST /bulk-multi-app-activate': 'activate',
  'POST /bulk-activations': 'activate',
  'POST /update-comment': 'activate',
  'POST /sendingcode': 'activate',
  'POST /renew-code': 'activate',
  'POST /update-code-status': 'activate',
  'POST /reset-code': 'activate',
  'POST /delete-code': 'activate',
  'POST /edit-playlist/:codeValue': 'activate',
  // A bot may undo its own mistaken activation (issue 27).
  'POST /activations/:id/undo': 'activate',
  'POST /disable-device': 'activate',
  'POST /enable-device': 'activate',
  'POST /devices/release-claim': 'activate',
  'POST /disable-random-boxes': 'activate',
  'POST /enable-random-boxes': 'activate',
  'POST /save-playlist': 'activate',
  'POST /reset-playlist': 'activate',
  'POST /update-playlist': 'activate',
  // Credit moves (the sandbox's test credit too).
  'POST /admin-recharge-credit': 'credit',
  'POST /resellers/:id/add-credit-point': 'credit',
  'POST /resellers/:id/deduct-credit-point': 'credit',
  'POST /test-credit': 'credit',
  // Reads no scope covers: the legacy key is every scope at once.
  'GET /resellers/:id/get-api-key': 'session',
};

const API_PREFIX = /^\/api(\/sandbox)?(?=\/|$)/;

/** The scope a call needs, from its method and route pattern (as Fastify registered it, /api included). */
export function scopeNeeded(method: string, routeUrl: string): ScopeNeed {
  const path = routeUrl.replace(API_PREFIX, '');
  const area = SCOPE_PREFIXES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  if (area) return area[1];
  const call = `${method} ${path}`;
  if (Object.hasOwn(ROUTE_SCOPES, call)) return ROUTE_SCOPES[call]!;
  return method === 'GET' || method === 'HEAD' ? 'read' : 'session';
}
