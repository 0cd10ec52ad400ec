import { Redis } from 'ioredis';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';

export type Window = { count: number; resetAt: Date };

/**
 * Fixed-window counters shared by every API node: in the database by default, in Redis when
 * `REDIS_URL` is set. Nothing lives in process memory, so a second node sees the same counts.
 */
export type RateLimiter = {
  hit(key: string, windowMs: number): Promise<Window>;
  peek(key: string): Promise<Window | undefined>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

export function databaseRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, windowMs) {
      const resetAt = new Date(Date.now() + windowMs);
      // One statement: concurrent failures cannot lose a count.
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
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
    async hit(key, windowMs) {
      const [[, count], , [, ttl]] = (await redis
        .multi()
        .incr(prefix + key)
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
