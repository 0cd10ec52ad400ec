import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 while the database is reachable', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, database: 'up' });
  });

  it('answers the error envelope for an unknown API route', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nope', lang: 'en-US' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'ROUTE_NOT_FOUND' });
  });
});

describe('GET /api/health with the database gone', () => {
  it('answers 503', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: false, code: 'UNAVAILABLE' });
    await other.app.close();
  });
});
