import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import * as z from 'zod/mini';
import { ok } from '@panel/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { answerJsonSchema, answerSerializerCompiler } from './serializer.js';

const answer = ok({
  data: z.object({
    id: z.number(),
    email: z.string(),
    remark: z.nullable(z.string()),
    expire_date: z.optional(z.string()),
    limits: z.record(z.string(), z.number()),
    kind: z.union([z.literal('one'), z.object({ many: z.array(z.number()) })]),
  }),
});

const serializer = (check: boolean) => answerSerializerCompiler({ check })({ schema: answer, method: 'GET', url: '/api/things', httpStatus: '200' });

const good = {
  status: true,
  msg: 'Done',
  data: { id: 7, email: 'a@b.c', remark: null, limits: { daily: 5 }, kind: { many: [1, 2] } },
};

describe('the compiled answer serializer', () => {
  for (const check of [false, true]) {
    describe(check ? 'with the test-time check' : 'as in production', () => {
      it('writes what zod encodes: nullable, optional left out, records, unions', () => {
        expect(JSON.parse(serializer(check)(good))).toEqual(good);
        const one = { ...good, data: { ...good.data, kind: 'one', expire_date: '2026-01-01T00:00:00.000Z' } };
        expect(JSON.parse(serializer(check)(one))).toEqual(one);
      });

      it('never writes a field the schema does not name, at the top, nested or in a union', () => {
        const leaky = {
          ...good,
          password_hash: 'secret',
          data: { ...good.data, password_hash: 'secret', parent: { id: 1 }, kind: { many: [1, 2], secret: true } },
        };
        const sent = serializer(check)(leaky);
        expect(sent).not.toContain('secret');
        expect(sent).not.toContain('parent');
        expect(JSON.parse(sent)).toEqual(good);
      });

      it('fails loudly on a missing required field', () => {
        const { email: _email, ...data } = good.data;
        expect(() => serializer(check)({ ...good, data })).toThrow(/email/);
      });
    });
  }

  it('fails in tests on a value the serializer would quietly coerce (null where text is required)', () => {
    const coerced = { ...good, data: { ...good.data, email: null } };
    expect(JSON.parse(serializer(false)(coerced)).data.email).toBe('');
    expect(() => serializer(true)(coerced)).toThrow();
  });
});

/**
 * Routes that answer something other than JSON, so have no JSON answer schema: CSV files streamed
 * (the credit and activation reports, the devices export, the audit log export).
 */
const FILE_ROUTES = [
  'POST /api/credit-share-log-download-date-range',
  'POST /api/credit-share-log-download/resellerlist',
  'POST /api/activation-report-download-reseller-list',
  'GET /api/devices-export',
  'GET /api/audit-log/export',
  // Issue 43: the store's orders and customers as CSV.
  'GET /api/storefront/orders/export',
  'GET /api/customers/export',
];

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };

describe('the OpenAPI document', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await createTestApp({ onRoute: (route) => routes.push(route) });
    paths = (await t.call({ method: 'GET', url: '/api/docs/json' })).json<{ paths: typeof paths }>().paths;
  });
  afterAll(() => t.close());

  /** The API's own calls, as the document lists them (not its own pages, not the sandbox's copies). */
  const apiCalls = () =>
    routes.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD' && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.schema?.hide)
        .map((method) => ({ route, method, key: `${method} ${route.url}`, operation: paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] })),
    );

  it('gives every JSON call a 2xx answer schema; only the file downloads have none', () => {
    const calls = apiCalls();
    expect(calls.length).toBeGreaterThan(150);
    const withoutSchema = calls
      .filter(({ operation }) => !Object.entries(operation?.responses ?? {}).some(([status, r]) => status.startsWith('2') && r.content?.['application/json']?.schema))
      .map(({ key }) => key);
    expect(withoutSchema.sort()).toEqual([...FILE_ROUTES].sort());
  });

  it('holds, for every answer schema of a route, the very schema its answers are serialised from', () => {
    let compared = 0;
    for (const { route, key, operation } of apiCalls()) {
      for (const [status, schema] of Object.entries((route.schema?.response ?? {}) as Record<string, z.ZodMiniType>)) {
        const documented = operation?.responses[status.toUpperCase()]?.content?.['application/json']?.schema;
        // A 204 has no body, so the document shows none.
        if (status === '204') continue;
        expect(documented, `${key} ${status}`).toEqual(answerJsonSchema(schema, route.url));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(150);
  });
});
