import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type RateLimiter, memoryRateLimiter, redisRateLimiter } from './rate-limiter';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
afterAll(() => redis?.quit());

function behavesAsALimiter(name: string, make: () => RateLimiter) {
  describe(name, () => {
    it('allows up to the limit within a window and refuses after', async () => {
      const limiter = make();
      const key = `test:${randomBytes(6).toString('hex')}`;
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit(key, 3, 60));
      expect(results).toEqual([true, true, true, false]);
      expect(await limiter.hit(`${key}:other`, 3, 60)).toBe(true);
    });

    it('takes back a hit that did not count, within its window only', async () => {
      const limiter = make();
      const key = `test:${randomBytes(6).toString('hex')}`;
      expect(await limiter.hit(key, 2, 60)).toBe(true);
      expect(await limiter.hit(key, 2, 60)).toBe(true);
      await limiter.giveBack(key);
      expect(await limiter.hit(key, 2, 60)).toBe(true);
      expect(await limiter.hit(key, 2, 60)).toBe(false);
      // A key with no window gets nothing back: its first window starts from zero.
      const fresh = `${key}:fresh`;
      await limiter.giveBack(fresh);
      await limiter.giveBack(fresh);
      expect(await limiter.hit(fresh, 1, 60)).toBe(true);
      expect(await limiter.hit(fresh, 1, 60)).toBe(false);
    });
  });
}

behavesAsALimiter('memory rate limiter', () => memoryRateLimiter());
if (redis) behavesAsALimiter('Redis rate limiter', () => redisRateLimiter(redis, 'test-rl:'));

it('opens a new window when the old one has passed', async () => {
  let now = 0;
  const limiter = memoryRateLimiter(() => now);
  expect(await limiter.hit('k', 1, 10)).toBe(true);
  expect(await limiter.hit('k', 1, 10)).toBe(false);
  now = 10_001;
  expect(await limiter.hit('k', 1, 10)).toBe(true);
});
