import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { firstUserQuery } from './user-api';
import * as callApiModule from './call-api';

// Issue 29 item 12: the first render waits for user.php's answer, never for 30 s of retries
// that cannot succeed, offline or when the network fails.
afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

function answers(...results: Array<() => Promise<unknown>>) {
  const calls = vi.spyOn(callApiModule, 'callApi');
  for (const result of results) calls.mockImplementationOnce(result as never);
  return calls;
}

const client = () => new QueryClient({ defaultOptions: { queries: { retryDelay: 1 } } });
const anna = { user: { profile: { name: 'Anna' } } };

describe('the first ask for the user record', () => {
  it('is the answer when there is one', async () => {
    answers(() => Promise.resolve(anna));
    const queryClient = client();
    await queryClient.prefetchQuery(firstUserQuery);
    expect(queryClient.getQueryData(['user'])).toEqual(anna.user);
  });

  it('asks once even offline, without retrying a network failure', async () => {
    onlineManager.setOnline(false);
    const calls = answers(() => Promise.reject(new TypeError('Failed to fetch')));
    const queryClient = client();
    await queryClient.prefetchQuery(firstUserQuery);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['user'])).toBeUndefined();
  });

  it("does not retry a server error either: the page's query does, with the spec's retries", async () => {
    const calls = answers(() => Promise.reject(new ApiError(503, 'internal_error')));
    const queryClient = client();
    await queryClient.prefetchQuery(firstUserQuery);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['user'])?.status).toBe('error');
  });
});
