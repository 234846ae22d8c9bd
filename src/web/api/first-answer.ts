import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Fetches a query (`fetch` prefetches it) and resolves once it has answered, or as soon as no
 * answer will come soon (issue 29 item 12): the query is paused because the browser is
 * offline, or its first try failed for the network (fetch's TypeError: no HTTP answer at all).
 * The query keeps trying meanwhile, with the spec's retries (§7), and its answer arrives when
 * the connection does; what waits for this (the first render) does not wait for 30 s of
 * retries that cannot succeed. ApiError is not imported here: on the first load's path it
 * would pull its chunk into the entry (issue 25 item 6).
 */
export function firstAnswer(
  queryClient: QueryClient,
  queryKey: QueryKey,
  fetch: () => Promise<void>,
): Promise<void> {
  const cache = queryClient.getQueryCache();
  let stopWatching = () => {};
  const noAnswerSoon = new Promise<void>((resolve) => {
    const check = () => {
      const state = cache.find({ queryKey, exact: true })?.state;
      if (!state || state.data !== undefined) return;
      const networkFailed =
        state.fetchFailureCount > 0 && state.fetchFailureReason instanceof TypeError;
      if (state.fetchStatus === 'paused' || networkFailed) resolve();
    };
    stopWatching = cache.subscribe(check);
    check();
  });
  return Promise.race([fetch(), noAnswerSoon]).finally(() => stopWatching());
}
