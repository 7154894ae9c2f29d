import type { Logger } from '../log.js';
import { withTimeout } from '../time-limit.js';
import { memoryRateLimiter, type RateLimiter } from './rate-limiter.js';

export interface FallbackOptions {
  /** How long one call to the shared limiter may take before the local one answers. */
  timeoutMs: number;
  /** After a failure, the local limiter answers alone this long before Redis is tried again. */
  retryMs?: number;
  log: Pick<Logger, 'warn' | 'info'>;
}

/**
 * The shared (Redis) limiter, with this process's memory as the fallback: when Redis is down
 * or stalls, sign-in and help must still answer (fail open), and limits still hold per process
 * instead of not at all. During an outage Redis is retried every `retryMs`, not on every call,
 * so requests do not each wait out the timeout.
 */
export function withLocalFallback(shared: RateLimiter, opts: FallbackOptions): RateLimiter {
  const local = memoryRateLimiter();
  const retryMs = opts.retryMs ?? 5_000;
  let downUntil = 0;

  async function attempt<T>(
    call: () => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    if (Date.now() < downUntil) return { ok: false };
    try {
      const value = await withTimeout(call(), opts.timeoutMs, 'Redis rate limiter');
      if (downUntil > 0) {
        downUntil = 0;
        opts.log.info('Redis rate limiter is back; limits are shared again');
      }
      return { ok: true, value };
    } catch (err) {
      // One warning per outage, not one per request.
      if (downUntil === 0)
        opts.log.warn({ err }, 'Redis rate limiter unavailable; limiting per process');
      downUntil = Date.now() + retryMs;
      return { ok: false };
    }
  }

  return {
    async hit(key, max, windowSeconds) {
      const result = await attempt(() => shared.hit(key, max, windowSeconds));
      return result.ok ? result.value : local.hit(key, max, windowSeconds);
    },
    async reset(key) {
      await local.reset(key);
      await attempt(() => shared.reset(key));
    },
  };
}
