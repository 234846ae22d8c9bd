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

    it('takes back a hit that did not count, from its own window only', async () => {
      const limiter = make();
      const key = `test:${randomBytes(6).toString('hex')}`;
      expect((await limiter.countHit(key, 2, 60)).allowed).toBe(true);
      const retry = await limiter.countHit(key, 2, 60);
      expect(retry.allowed).toBe(true);
      await retry.giveBack();
      expect((await limiter.countHit(key, 2, 60)).allowed).toBe(true);
      expect((await limiter.countHit(key, 2, 60)).allowed).toBe(false);

      // A hit counted in a window that has ended takes nothing from the next one (a window
      // of one second, then one of a minute: the check has all the time it needs).
      const short = `${key}:short`;
      const late = await limiter.countHit(short, 1, 1);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await limiter.countHit(short, 1, 60)).allowed).toBe(true);
      await late.giveBack();
      expect((await limiter.countHit(short, 1, 60)).allowed).toBe(false);
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
