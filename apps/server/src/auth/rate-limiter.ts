import type { Redis } from 'ioredis';

export interface RateLimiter {
  /** Counts one hit on `key`; answers how many seconds to wait when over `max`, else 0. */
  hit(key: string, max: number, windowSeconds: number): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Fixed windows in process memory: right for one process (the embedded default). */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, max, windowSeconds) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
        if (windows.size > 50_000) {
          for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
        }
      }
      w.count += 1;
      return w.count > max ? Math.ceil((w.resetAt - t) / 1000) : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** The same windows in Redis, shared by every API process. */
export function redisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, max, windowSeconds) {
      const k = prefix + key;
      const results = await redis.multi().incr(k).pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      let ttl = Number(results?.[1]?.[1] ?? -1);
      if (ttl < 0) {
        await redis.pexpire(k, windowSeconds * 1000);
        ttl = windowSeconds * 1000;
      }
      return count > max ? Math.ceil(ttl / 1000) : 0;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
