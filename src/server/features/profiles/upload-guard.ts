import { AppError } from '@server/errors/app-error';
import type { RateLimiter } from '@server/rate-limit/rate-limiter';

/**
 * Decoding a large photo costs about a second of CPU (a 40 MP upload), so one member may
 * not keep the server busy (issue 7 §1.9): one upload at a time per member on each
 * instance, and a number per hour across instances (through the shared rate limiter).
 */
export function uploadGuard(rateLimiter: RateLimiter, uploadsPerHour: number) {
  const inFlight = new Set<number>();
  return {
    /** Runs one upload of the member's, or refuses it with too_many_requests. */
    async run<T>(memberId: number, upload: () => Promise<T>): Promise<T> {
      // Entered before the first await, so two requests cannot both pass.
      if (inFlight.has(memberId)) throw new AppError('too_many_requests', 'rate_limited');
      inFlight.add(memberId);
      try {
        if (!(await rateLimiter.hit(`photo-upload:${memberId}`, uploadsPerHour, 60 * 60))) {
          throw new AppError('too_many_requests', 'rate_limited');
        }
        return await upload();
      } finally {
        inFlight.delete(memberId);
      }
    },
  };
}
