import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createReadiness } from './readiness.js';

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

describe('GET /api/livez', () => {
  it('answers 200 without touching the database, even when it is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.call({ method: 'GET', url: '/api/livez' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, uptime_seconds: expect.any(Number) });
    await other.app.close();
  });
});

describe('GET /api/readyz', () => {
  it('answers 200 with each check when the node is ready', async () => {
    const res = await t.call({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, checks: { lifecycle: 'ready', database: 'ok', migrations: 'ok', workers: {} } });
  });

  it('is not served again under the sandbox prefix', async () => {
    const sandboxed = await createTestApp({ env: { SANDBOX_ENABLED: 'true' } });
    expect((await sandboxed.call({ method: 'GET', url: '/api/sandbox/readyz' })).statusCode).toBe(404);
    expect((await sandboxed.call({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
    await sandboxed.close();
  });

  it('answers 503 while the node is starting and while it drains', async () => {
    const readiness = createReadiness();
    const other = await createTestApp({ readiness });
    const starting = await other.call({ method: 'GET', url: '/api/readyz', lang: 'en-US' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toMatchObject({ status: false, code: 'UNAVAILABLE', failed: ['lifecycle'], checks: { lifecycle: 'starting', database: 'ok' } });
    readiness.markReady();
    expect((await other.call({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
    readiness.startDraining();
    const draining = await other.call({ method: 'GET', url: '/api/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ failed: ['lifecycle'], checks: { lifecycle: 'draining' } });
    // Still serving while it drains, and telling keep-alive clients to go elsewhere.
    const health = await other.call({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
    await other.close();
  });

  it('answers 503 when the database lacks a migration the code ships', async () => {
    const other = await createTestApp();
    await other.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    const res = await other.call({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ failed: ['migrations'], checks: { database: 'ok', migrations: 'behind' } });
    await other.close();
  });

  it('answers 503 when the database is gone, and says nothing of how it is reached', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.call({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ failed: ['database'], checks: { database: 'unreachable', migrations: 'unknown' } });
    expect(res.body).not.toMatch(/postgres:|127\.0\.0\.1|password|pglite/i);
    await other.app.close();
  });

  it('answers 503 when a background worker has not beaten for a minute', async () => {
    let now = Date.now();
    const readiness = createReadiness({ now: () => now });
    readiness.markReady();
    const other = await createTestApp({ readiness, webhooks: { pollMs: 60_000 } });
    const beat = readiness.worker('reminders');
    now += 59_000;
    beat();
    now += 59_000;
    // The webhook worker last beat 118 s ago (its next poll is a minute away); the reminders 59 s ago.
    const res = await other.call({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ failed: ['workers'], checks: { workers: { reminders: 'ok', webhooks: 'stale' } } });
    other.webhooks!.wake();
    await other.webhooks!.settled();
    expect((await other.call({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
    await other.close();
  });
});

describe('request ids', () => {
  it('answers each request with its id, keeping a well-formed one sent in x-request-id', async () => {
    const fresh = await t.call({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-5f2c.91:a_b' } });
    expect(kept.headers['x-request-id']).toBe('lb-5f2c.91:a_b');
    const refused = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'evil\nline {"level":60}' } });
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const long = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a'.repeat(200) } });
    expect(long.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
