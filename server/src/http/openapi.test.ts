import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * The OpenAPI document as published at GET /api/docs/json, kept in the repository: resellers'
 * bots and generated clients are written against it, so a change to it is a change of contract.
 * When a change is meant (a new call, a documented fix), rewrite it with
 * `UPDATE_OPENAPI=1 npx vitest run src/http/openapi.test.ts` and say why in the commit.
 */
const SNAPSHOT = path.resolve(import.meta.dirname, '../../../docs/openapi.json');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_ENABLED: 'true' } });
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is the one in docs/openapi.json, call for call and field for field', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc: unknown = res.json();
    if (process.env.UPDATE_OPENAPI === '1') fs.writeFileSync(SNAPSHOT, `${JSON.stringify(doc, null, 2)}\n`);
    expect(doc).toEqual(JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')));
  });
});
