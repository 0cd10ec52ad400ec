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
  /**
   * One attempt against a limit, counted before the check it guards: adds 1 only while the key's
   * count in its current window is under `max`, in one atomic step, so of attempts arriving
   * together at most `max` get through. `taken: false` when the limit was already used up.
   */
  take(key: string, max: number, windowMs: number): Promise<Window & { taken: boolean }>;
  /** Gives one taken attempt back (a success need not count); never below zero. */
  giveBack(key: string): Promise<void>;
  peek(key: string): Promise<Window | undefined>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

export function databaseRateLimiter(db: Db): RateLimiter {
  const peek = async (key: string): Promise<Window | undefined> => {
    const [row] = await db
      .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
    return row;
  };
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
    async take(key, max, windowMs) {
      const resetAt = new Date(Date.now() + windowMs);
      // The condition is evaluated on the row's latest version under its lock, so concurrent takes
      // queue on the row and each sees the count the one before left.
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
          setWhere: sql`${rateLimits.resetAt} <= now() or ${rateLimits.count} < ${max}`,
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (row) return { ...row, taken: true };
      const window = await peek(key);
      return { count: window?.count ?? max, resetAt: window?.resetAt ?? resetAt, taken: false };
    },
    async giveBack(key) {
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.count} > 0 and ${rateLimits.resetAt} > now()`);
    },
    peek,
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    close: async () => undefined,
  };
}

/** `take` in one server-side step: Redis runs a script alone, so no other command comes between the read and the increment. */
const TAKE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return {0, count, redis.call('PTTL', KEYS[1])} end
count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {1, count, redis.call('PTTL', KEYS[1])}`;

const GIVE_BACK_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export function redisRateLimiter(url: string, prefix = 'panel:rl:'): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
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
    async take(key, max, windowMs) {
      const [taken, count, ttl] = (await redis.eval(TAKE_SCRIPT, 1, prefix + key, max, windowMs)) as [number, number, number];
      return { taken: taken === 1, count, resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK_SCRIPT, 1, prefix + key);
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
    // Attempts before a check are never batched: a late count would let a burst past the limit.
    take: (key, max, windowMs) => shared.take(key, max, windowMs),
    giveBack: (key) => shared.giveBack(key),
    peek: (key) => shared.peek(key),
    async reset(key) {
      entries.delete(key);
      await shared.reset(key);
    },
    close: async () => undefined,
  };
}
