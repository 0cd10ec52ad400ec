import { Redis } from 'ioredis';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';

export type Window = { count: number; resetAt: Date };

/** What a 429's Retry-After says: the whole seconds until the window ends, at least one. */
export const retryAfterSeconds = (window: Window) => Math.max(1, Math.ceil((window.resetAt.getTime() - Date.now()) / 1000));

/**
 * Fixed-window counters shared by every API node: in the database by default, in Redis when
 * `REDIS_URL` is set. Nothing lives in process memory, so a second node sees the same counts.
 */
export type RateLimiter = {
  /** Adds `by` (default 1) to the key's count in its current window and answers the window. */
  hit(key: string, windowMs: number, by?: number): Promise<Window>;
  peek(key: string): Promise<Window | undefined>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

export function databaseRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, windowMs, by = 1) {
      const resetAt = new Date(Date.now() + windowMs);
      // One statement: concurrent failures cannot lose a count.
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: by, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then ${by} else ${rateLimits.count} + ${by} end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      return row!;
    },
    async peek(key) {
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
      return row;
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    close: async () => undefined,
  };
}

export function redisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const prefix = 'panel:rl:';
  return {
    async hit(key, windowMs, by = 1) {
      const [[, count], , [, ttl]] = (await redis
        .multi()
        .incrby(prefix + key, by)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec()) as [[null, number], [null, number], [null, number]];
      return { count, resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
    },
    async peek(key) {
      const [[, count], [, ttl]] = (await redis.multi().get(prefix + key).pttl(prefix + key).exec()) as [
        [null, string | null],
        [null, number],
      ];
      if (count === null || ttl <= 0) return undefined;
      return { count: Number(count), resetAt: new Date(Date.now() + ttl) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    close: async () => {
      await redis.quit();
    },
  };
}

/**
 * For limits hit on every call of a busy API (the player API): each node counts locally and adds
 * its count to the shared store at most once per `syncMs` per key, instead of one shared write per
 * request (64 players behind one address would otherwise all queue on one counter row). The
 * shared count is then at most `syncMs` late on every node: a client can exceed its limit by
 * what it sends in that time on each node, a small price for a per-minute limit. Counts still
 * waiting when their window ends are dropped with it.
 */
export function batchedRateLimiter(shared: RateLimiter, syncMs = 1000): RateLimiter {
  type Entry = { window?: Window; syncedAt: number; pending: number; syncing?: Promise<Window> };
  const entries = new Map<string, Entry>();
  let sweptAt = Date.now();

  function sync(key: string, entry: Entry, windowMs: number): Promise<Window> {
    const by = entry.pending;
    entry.pending = 0;
    entry.syncing = shared.hit(key, windowMs, by).then(
      (window) => {
        entry.window = window;
        entry.syncedAt = Date.now();
        entry.syncing = undefined;
        return window;
      },
      (error: unknown) => {
        entry.syncing = undefined;
        throw error;
      },
    );
    return entry.syncing;
  }

  function sweep(now: number) {
    if (now - sweptAt < 60_000) return;
    sweptAt = now;
    for (const [key, entry] of entries) if (!entry.syncing && (!entry.window || entry.window.resetAt.getTime() <= now)) entries.delete(key);
  }

  return {
    async hit(key, windowMs, by = 1) {
      const now = Date.now();
      sweep(now);
      let entry = entries.get(key);
      if (!entry) entries.set(key, (entry = { syncedAt: 0, pending: 0 }));
      entry.pending += by;
      const current = entry.window && entry.window.resetAt.getTime() > now ? entry.window : undefined;
      if (current && now - entry.syncedAt < syncMs) return { count: current.count + entry.pending, resetAt: current.resetAt };
      // The first call of a key (or of a new window) waits for the shared count; calls arriving
      // meanwhile count locally on top of it.
      if (entry.syncing) {
        const window = await entry.syncing;
        return { count: window.count + entry.pending, resetAt: window.resetAt };
      }
      if (current) {
        // The last shared count still answers this call; the sync runs in the background.
        const local = entry.pending;
        sync(key, entry, windowMs).catch(() => undefined);
        return { count: current.count + local, resetAt: current.resetAt };
      }
      return sync(key, entry, windowMs);
    },
    peek: (key) => shared.peek(key),
    async reset(key) {
      entries.delete(key);
      await shared.reset(key);
    },
    close: async () => undefined,
  };
}
