import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from '@server/rate-limit/rate-limiter';
import { uploadGuard } from './upload-guard';

describe('uploadGuard (issue 7 §1.9)', () => {
  it('refuses a second upload of the same member while the first runs', async () => {
    const guard = uploadGuard(memoryRateLimiter(), 30);
    let finishFirst!: () => void;
    const first = guard.run(
      1,
      () => new Promise<string>((resolve) => (finishFirst = () => resolve('first'))),
    );
    await expect(guard.run(1, async () => 'second')).rejects.toMatchObject({
      code: 'too_many_requests',
    });
    // Another member is not held up.
    await expect(guard.run(2, async () => 'other')).resolves.toBe('other');
    await Promise.resolve();
    finishFirst();
    await expect(first).resolves.toBe('first');
    await expect(guard.run(1, async () => 'again')).resolves.toBe('again');
  });

  it('lets a failed upload free the member again', async () => {
    const guard = uploadGuard(memoryRateLimiter(), 30);
    await expect(guard.run(1, async () => Promise.reject(new Error('corrupt')))).rejects.toThrow(
      'corrupt',
    );
    await expect(guard.run(1, async () => 'ok')).resolves.toBe('ok');
  });

  it('counts uploads per hour', async () => {
    const guard = uploadGuard(memoryRateLimiter(), 2);
    await guard.run(1, async () => 'a');
    await guard.run(1, async () => 'b');
    await expect(guard.run(1, async () => 'c')).rejects.toMatchObject({
      code: 'too_many_requests',
    });
  });
});
