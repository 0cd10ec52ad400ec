import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { ALL_PERMISSIONS, translate, type Permission } from '@panel/contract';
import { ADMIN_LOGIN_PREFIX, createTestApp } from './harness.js';
import { createVerifiedUser, type TestUser } from './fixtures.js';

type RouteConfig = { public?: boolean; permission?: Permission | readonly Permission[] };
type Route = { method: string; url: string; readonly config: RouteConfig };

/**
 * Fastify has no public list of its routes with their config, so the app tells of every route as it
 * is registered (an `onRoute` listener on the root, added before any plugin): whatever a module adds
 * later is in the matrix without anyone touching this file.
 */
const registered: Route[] = [];
function record(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  // Read the config when asked: onRoute hooks registered later (app.ts marks the docs public) may still replace it.
  for (const method of methods) {
    registered.push({
      method,
      url: route.url,
      get config(): RouteConfig {
        return route.config ?? {};
      },
    });
  }
}

// Built while the file is collected, so that each route becomes a test of its own.
const t = await createTestApp({ onRoute: record });
afterAll(() => t.close());

// HEAD routes are Fastify's automatic twins of GET routes (same hooks, no body to read the code from).
const routes = registered
  .filter((r) => r.method !== 'HEAD')
  .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
const label = (r: Route) => `${r.method} ${r.url}`;
const publicRoutes = routes.filter((r) => r.config.public === true);
const protectedRoutes = routes.filter((r) => r.config.public !== true);
const guardedRoutes = protectedRoutes.filter((r) => r.config.permission !== undefined);
const permissionsOf = (r: Route): readonly Permission[] =>
  typeof r.config.permission === 'string' ? [r.config.permission] : (r.config.permission ?? []);

/** A concrete URL for a route pattern: ids that exist nowhere, so that no call changes anything. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999').replace(/\*$/, 'x');

function send(route: Route, token?: string) {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return t.call({ method: route.method, url: concrete(route.url), token, ...(hasBody ? { payload: {} } : {}) });
}

const isDocs = (r: Route) => r.url.startsWith('/api/docs');

describe('the route list', () => {
  it('holds every module of the app', () => {
    const urls = routes.map((r) => r.url);
    for (const url of ['/api/login', '/api/profile', '/api/users/:id', '/api/get-roles', '/api/get-resellers/credit-points', '/api/public/social-widget', '/api/health']) {
      expect(urls).toContain(url);
    }
  });

  it('makes public only the docs, sign-in, sign-up, password, health, probe and footer calls', () => {
    // A new public route is a security decision: it has to be added here on purpose.
    expect(routes.filter(isDocs).length).toBeGreaterThan(0);
    for (const route of routes.filter(isDocs)) expect(route.config.public, label(route)).toBe(true);
    expect(publicRoutes.filter((r) => !isDocs(r)).map(label).sort()).toEqual(
      [
        'GET /api/health',
        // The node's probes for a balancer or an orchestrator: no data, no secret (modules/health).
        'GET /api/livez',
        'GET /api/readyz',
        // Stored logos: content-hash names, read-only (server/src/http/uploads.ts).
        'GET /uploads/*',
        'GET /api/public/social-widget',
        // Whether the sandbox is offered (SANDBOX_ENABLED): a server setting, asked before the mode switch is shown.
        'GET /api/public/modes',
        'POST /api/login',
        // The second step of a sign-in: its challenge token stands for the right password.
        'POST /api/login/two-factor',
        'POST /api/login/two-factor/passkey-options',
        `POST /api/${ADMIN_LOGIN_PREFIX}/admin-login`,
        'POST /api/password/create',
        'POST /api/password/forgot',
        'POST /api/password/resend-password-create',
        'POST /api/password/reset',
        'POST /api/register',
        'POST /api/update-email',
        // The player API (DESIGN.md §5): media players have no session; rate-limited per address.
        'POST /api/player/register',
        'POST /api/player/status',
        'POST /api/player/redeem-code',
        'POST /api/player/verify-pin',
        // The TV's store link (issue 44): the device key is the player's proof, as for status.
        'POST /api/player/store-link',
        // The web app's failure reports (a chunk that did not load may be the sign-in screen's own); rate-limited per address.
        'POST /api/client-errors',
        // A reseller's storefront as its customers see it (issue 43): never its cost, owner or balance.
        'GET /api/public/storefronts/:slug',
        // Its customers' orders: placed without a session (rate-limited per address), read with the order's own token.
        'POST /api/public/storefronts/:slug/orders',
        'GET /api/public/orders/:id',
        // Each store's own Stripe events, proven by the store's webhook secret (Stripe-Signature).
        'POST /api/public/stripe/:storefrontId/webhook',
        // A reminder's renewal link (issue 44), read by the store's page: the signed token is its key, and it tells only the store, product and MAC to pre-fill.
        'GET /api/public/renewals/:token',
        // Each store's Telegram bot's updates (issue 44), proven by the store's secret in X-Telegram-Bot-Api-Secret-Token.
        'POST /api/public/telegram/:storefrontId/webhook',
        // The one-click unsubscribe of reminder mails (RFC 8058): mail apps POST it without a session; the signed token names the customer.
        'POST /api/public/reminders/unsubscribe/:token',
      ].sort(),
    );
  });

  it('declares only permission names of the catalogue', () => {
    for (const route of guardedRoutes) {
      for (const permission of permissionsOf(route)) expect(ALL_PERMISSIONS, label(route)).toContain(permission);
    }
  });
});

describe.each(protectedRoutes.map((r) => [label(r), r] as const))('%s', (_name, route) => {
  it('answers 401 C10002 to an anonymous caller', async () => {
    const res = await send(route);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: false,
      statusCode: 401,
      code: 'C10002',
      msg: translate('en', 'errors.unauthenticated'),
      message: translate('en', 'errors.unauthenticated'),
    });
  });

  it('answers 401 C10002 to a token that is no session', async () => {
    const res = await send(route, 'bm90LWEtc2Vzc2lvbg-not-a-session-token-at-all');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'C10002' });
  });
});

/** Every permission no route asks for: an account holding one of them may pass no guard. */
const declared = new Set(guardedRoutes.flatMap(permissionsOf));
const unrelated = ALL_PERMISSIONS.find((p) => !declared.has(p))!;

let outsider: TestUser;
const holders = new Map<Permission, Promise<TestUser>>();
/** One account per permission, holding only that permission, created on first use. */
const holderOf = (permission: Permission) => {
  if (!holders.has(permission)) holders.set(permission, createVerifiedUser(t, { permissions: [permission] }));
  return holders.get(permission)!;
};

beforeAll(async () => {
  outsider = await createVerifiedUser(t, { permissions: [unrelated] });
});

describe.each(guardedRoutes.map((r) => [label(r), r] as const))('%s, which needs a permission', (_name, route) => {
  it('answers 403 FORBIDDEN to a signed-in account whose role lacks it', async () => {
    const res = await send(route, outsider.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: false,
      statusCode: 403,
      code: 'FORBIDDEN',
      msg: translate('en', 'errors.permissionDenied'),
      message: translate('en', 'errors.permissionDenied'),
    });
  });

  it.each(permissionsOf(route).map((p) => [p]))('lets an account holding only %s past the guard', async (permission) => {
    const holder = await holderOf(permission);
    const res = await send(route, holder.token);
    expect(res.statusCode, res.body).not.toBe(401);
    // A file answer (a CSV export) is not JSON: only an error envelope can be the guard's refusal.
    const code = res.headers['content-type']?.toString().startsWith('application/json') ? res.json<{ code?: string }>().code : undefined;
    expect(code, res.body).not.toBe('FORBIDDEN');
  });
});

describe.each(protectedRoutes.filter((r) => r.config.permission === undefined).map((r) => [label(r), r] as const))(
  '%s, which needs only a session',
  (_name, route) => {
    it('lets any signed-in account past the guard', async () => {
      // A session of its own: DELETE /api/logout ends the one it is sent with.
      const res = await send(route, await t.login(outsider.email, outsider.password));
      expect(res.statusCode, res.body).not.toBe(401);
      expect(res.statusCode, res.body).not.toBe(403);
    });
  },
);
