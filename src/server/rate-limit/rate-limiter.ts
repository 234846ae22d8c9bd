import type { Redis } from 'ioredis';

/**
 * Counts hits per key in fixed windows. In process by default; Redis when configured, so
 * the limit holds across app instances (DESIGN.md §4).
 */
export interface RateLimiter {
  /** Records one hit; says whether the key is still within `limit` hits per window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
  /**
   * `hit`, for a hit that may turn out not to count (a retry of a message already sent):
   * `giveBack` takes it back from the window it was counted in, and from no later one.
   */
  countHit(key: string, limit: number, windowSeconds: number): Promise<CountedHit>;
}

export interface CountedHit {
  allowed: boolean;
  giveBack(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetsAt: number }>();
  const countHit = async (key: string, limit: number, windowSeconds: number) => {
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
    const counted = window;
    return {
      allowed: counted.count <= limit,
      async giveBack() {
        // The same window object: a window opened since is another object.
        if (windows.get(key) === counted && counted.resetsAt > now() && counted.count > 0)
          counted.count -= 1;
      },
    };
  };
  return {
    countHit,
    async hit(key, limit, windowSeconds) {
      return (await countHit(key, limit, windowSeconds)).allowed;
    },
  };
}

/**
 * A window is known by when it ends (Redis's clock plus the key's time to live): the same
 * window gives the same end, to the millisecond or two; the next one ends a window later.
 */
const COUNT_HIT_SCRIPT = `
local count = redis.call('incr', KEYS[1])
if count == 1 or redis.call('pttl', KEYS[1]) < 0 then redis.call('pexpire', KEYS[1], ARGV[1]) end
local now = redis.call('time')
return {count, tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) + redis.call('pttl', KEYS[1])}`;
const GIVE_BACK_SCRIPT = `
local ttl = redis.call('pttl', KEYS[1])
if ttl <= 0 then return 0 end
local now = redis.call('time')
local ends = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) + ttl
if math.abs(ends - tonumber(ARGV[1])) > 500 then return 0 end
if tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end
return 0`;

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
    async countHit(key, limit, windowSeconds) {
      const redisKey = `${prefix}${key}`;
      const [count, windowEnds] = (await redis.eval(
        COUNT_HIT_SCRIPT,
        1,
        redisKey,
        windowSeconds * 1000,
      )) as [number, number];
      return {
        allowed: count <= limit,
        async giveBack() {
          await redis.eval(GIVE_BACK_SCRIPT, 1, redisKey, windowEnds);
        },
      };
    },
  };
}
