import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/api/api-error';
import { retryDelay, shouldRetry } from './query-client';

describe('query retries (spec §7)', () => {
  it('retries failures 5 times', () => {
    const failure = new ApiError(503, 'internal_error');
    expect([0, 1, 2, 3, 4].every((count) => shouldRetry(count, failure))).toBe(true);
    expect(shouldRetry(5, failure)).toBe(false);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('does not retry an answer that says the request was wrong', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found'))).toBe(false);
  });

  it('waits exponentially longer between attempts', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 8000]);
  });
});
