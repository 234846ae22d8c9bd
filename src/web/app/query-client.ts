import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/api/api-error';

// spec §7: failed requests are retried 5 times with exponential delay. A 4xx answer is final
// (the request itself was wrong), so only network failures and server errors are retried.
const MAX_RETRIES = 5;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export function retryDelay(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 15_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
