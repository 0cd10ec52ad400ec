import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { batchedRateLimiter, databaseRateLimiter, type RateLimiter } from './rate-limiter.js';

const WINDOW = 60_000;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('batched rate limiter over the shared database counters', () => {
  let t: TestApp;
  let shared: RateLimiter;
  beforeAll(async () => {
    t = await createTestApp();
    shared = databaseRateLimiter(t.database.db);
  });
  afterAll(() => t.close());

  it('counts every call exactly on one node, and hands the counts to the shared store in batches', async () => {
    const node = batchedRateLimiter(shared, 100);
    const counts = [];
    for (let i = 0; i < 10; i++) counts.push((await node.hit('batched:one', WINDOW)).count);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Only the first call has reached the database so far.
    expect((await shared.peek('batched:one'))?.count).toBe(1);
    await wait(120);
    expect((await node.hit('batched:one', WINDOW)).count).toBe(11);
    await wait(20);
    expect((await shared.peek('batched:one'))?.count).toBe(11);
  });

  it('lets two nodes see each other’s counts once they have synced', async () => {
    const a = batchedRateLimiter(shared, 50);
    const b = batchedRateLimiter(shared, 50);
    for (let i = 0; i < 5; i++) await a.hit('batched:two', WINDOW);
    await wait(60);
    await a.hit('batched:two', WINDOW); // hands over the 4 counted locally
    await wait(20);
    expect((await b.hit('batched:two', WINDOW)).count).toBe(7);
  });

  it('counts calls that arrive together while the first shared count is on its way', async () => {
    const node = batchedRateLimiter(shared, 1000);
    const windows = await Promise.all(Array.from({ length: 20 }, () => node.hit('batched:burst', WINDOW)));
    expect(Math.max(...windows.map((w) => w.count))).toBe(20);
  });

  it('starts again after a reset', async () => {
    const node = batchedRateLimiter(shared, 1000);
    await node.hit('batched:reset', WINDOW);
    await node.hit('batched:reset', WINDOW);
    await node.reset('batched:reset');
    expect((await node.hit('batched:reset', WINDOW)).count).toBe(1);
  });
});
