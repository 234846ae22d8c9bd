import { AppError } from '@server/errors/app-error';
import type { RateLimiter } from '@server/rate-limit/rate-limiter';

/** Photo messages per member per hour; each costs up to a second of CPU to process. */
const PHOTOS_PER_HOUR = 60;
/**
 * Photos of one member processed at once on an instance. More than one: the chat sends a
 * few picked photos in parallel, and refusing the second would fail it for no reason.
 */
const PHOTOS_AT_ONCE = 3;

/**
 * Keeps photo messages from keeping the server busy (issue 7 §1.9 applied to chat): a few at
 * a time per member on each instance, and a number per hour across instances.
 */
export function photoSendGuard(rateLimiter: RateLimiter) {
  const inFlight = new Map<number, number>();
  return async <T>(memberId: number, work: () => Promise<T>): Promise<T> => {
    const running = inFlight.get(memberId) ?? 0;
    // Counted before the first await, so parallel requests cannot all pass.
    if (running >= PHOTOS_AT_ONCE) throw new AppError('too_many_requests', 'rate_limited');
    inFlight.set(memberId, running + 1);
    try {
      if (!(await rateLimiter.hit(`chat-photo:${memberId}`, PHOTOS_PER_HOUR, 60 * 60)))
        throw new AppError('too_many_requests', 'rate_limited');
      return await work();
    } finally {
      const left = (inFlight.get(memberId) ?? 1) - 1;
      if (left > 0) inFlight.set(memberId, left);
      else inFlight.delete(memberId);
    }
  };
}
