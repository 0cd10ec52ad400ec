import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@panel/contract';
import { isEndpoint, SANDBOX_PREFIX, type Endpoint } from '@panel/contract';
import { ADMIN_LOGIN_PREFIX, createTestApp, type TestApp } from './harness.js';

/** Routes that are not API calls: the documentation's own pages, the web app's files and uploads. */
const NOT_CALLS = [/^\/api\/docs(\/|$)/, /^\/uploads\//, /^\/assets\//, /^\/\*$/, /^\/$/];

const routes: { method: string; url: string }[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // Every optional part on, so every route the server can serve is registered: the sandbox, the metrics, Stripe's webhook.
    env: {
      SANDBOX_ENABLED: 'true',
      METRICS_TOKEN: 'metrics-token-for-the-endpoints-test',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_endpoints',
      STRIPE_WEBHOOK_SECRET: 'whsec_endpoints',
      // Never reached: registering the routes calls nothing.
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
    },
  });
});
afterAll(() => t.close());

const declared = new Set((Object.values(contract) as unknown[]).filter((value): value is Endpoint => isEndpoint(value)).map((e) => `${e.method} ${e.path}`));
/** The route's path as the contract writes it: without /api or /api/sandbox, the admin sign-in's secret prefix as `:prefix`. */
const apiPath = (url: string) =>
  (url.startsWith(SANDBOX_PREFIX) ? url.slice(SANDBOX_PREFIX.length) : url.startsWith('/api') ? url.slice(4) : url).replace(
    `/${ADMIN_LOGIN_PREFIX}/admin-login`,
    '/:prefix/admin-login',
  );

describe('the endpoint table', () => {
  it('declares every route the server registers, so no route spells a path of its own', () => {
    const undeclared = routes
      .filter(({ url }) => !NOT_CALLS.some((pattern) => pattern.test(url)))
      .map(({ method, url }) => `${method} ${apiPath(url)}`)
      .filter((call) => !declared.has(call));
    expect([...new Set(undeclared)].sort()).toEqual([]);
  });

  it('has a route for every endpoint it declares', () => {
    const served = new Set(routes.map(({ method, url }) => `${method} ${apiPath(url)}`));
    expect([...declared].filter((call) => !served.has(call)).sort()).toEqual([]);
  });
});
