import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { firstAnswer } from './first-answer';

// Issue 29 item 12: the first render waits for user.php's answer, never for 30 s of retries
// that cannot succeed.
const KEY = ['user'];
afterEach(() => onlineManager.setOnline(true));

function client(retryDelay = 60_000) {
  return new QueryClient({ defaultOptions: { queries: { retry: 5, retryDelay } } });
}

describe('the first answer of a query', () => {
  it('is the answer when there is one', async () => {
    const queryClient = client();
    await firstAnswer(queryClient, KEY, () =>
      queryClient.prefetchQuery({ queryKey: KEY, queryFn: () => Promise.resolve('anna') }),
    );
    expect(queryClient.getQueryData(KEY)).toBe('anna');
  });

  it('does not wait while the browser is offline; the query answers once online', async () => {
    onlineManager.setOnline(false);
    const queryClient = client();
    // As QueryClientProvider does: a mounted client resumes its paused queries when online.
    queryClient.mount();
    await firstAnswer(queryClient, KEY, () =>
      queryClient.prefetchQuery({ queryKey: KEY, queryFn: () => Promise.resolve('anna') }),
    );
    expect(queryClient.getQueryState(KEY)?.fetchStatus).toBe('paused');
    onlineManager.setOnline(true);
    await expect.poll(() => queryClient.getQueryData(KEY)).toBe('anna');
    queryClient.unmount();
  });

  it('does not wait for the retries of a network failure; they go on', async () => {
    const queryClient = client();
    let tries = 0;
    await firstAnswer(queryClient, KEY, () =>
      queryClient.prefetchQuery({
        queryKey: KEY,
        queryFn: () => {
          tries += 1;
          return Promise.reject(new TypeError('Failed to fetch'));
        },
      }),
    );
    expect(tries).toBe(1);
    expect(queryClient.getQueryState(KEY)?.fetchStatus).toBe('fetching');
    queryClient.clear();
  });

  it('waits for the retries of a server error, as before', async () => {
    const queryClient = client(1);
    let tries = 0;
    await firstAnswer(queryClient, KEY, () =>
      queryClient.prefetchQuery({
        queryKey: KEY,
        queryFn: () => {
          tries += 1;
          return tries < 3
            ? Promise.reject(new ApiError(503, 'internal_error'))
            : Promise.resolve('anna');
        },
      }),
    );
    expect(queryClient.getQueryData(KEY)).toBe('anna');
  });
});
