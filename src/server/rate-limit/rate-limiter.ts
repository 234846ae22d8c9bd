import type { Redis } from 'ioredis';

/**
 * Counts hits per key in fixed windows. In process by default; Redis when configured, so
 * the limit holds across app instances (DESIGN.md §4).
 */
export interface RateLimiter {
  /** Records one hit; says whether the key is still within `limit` hits per window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
  /**
   * Takes back one hit of the current window (a hit that turned out not to count, such as
   * a retry of a message already sent). Nothing when the window has ended.
   */
  giveBack(key: string): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetsAt: number }>();
  return {
    async hit(key, limit, windowSeconds) {
      const current = now();
      let window = windows.get(key);
      if (!window || window.resetsAt <= current) {
        if (windows.size > 100_000) {
          for (const [staleKey, stale] of windows)
            if (stale.resetsAt <= current) windows.delete(staleKey);
        }
        window = { count: 0, resetsAt: current + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count <= limit;
    },
    async giveBack(key) {
      const window = windows.get(key);
      if (window && window.resetsAt > now() && window.count > 0) window.count -= 1;
    },
  };
}

/** DECR only while the window's key lives: a DECR after it expired would start a window of -1. */
const GIVE_BACK_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0`;

export function redisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const redisKey = `${prefix}${key}`;
      // INCR and EXPIRE NX in one round trip: the window starts with the first hit.
      const results = await redis
        .multi()
        .incr(redisKey)
        .expire(redisKey, windowSeconds, 'NX')
        .exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      return count <= limit;
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK_SCRIPT, 1, `${prefix}${key}`);
    },
  };
}
