import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoggedInUser } from '@contract/account';
import { accountApi, authApi } from './endpoints';
import { callApi } from './call-api';
import { queryKeys } from '@web/api/query-keys';

export const userQuery = queryOptions({
  queryKey: queryKeys.user,
  queryFn: ({ signal }) => callApi(authApi.user, { signal }).then((answer) => answer.user),
  staleTime: 30_000,
});

/**
 * The first load's ask (issue 29 item 12): once, even offline, without retries, so the first
 * render never waits 30 s for retries that cannot succeed. useUser's query asks again at once
 * with the spec's retries (§7) when this one failed, waiting for the connection while offline.
 */
export const firstUserQuery = queryOptions({ ...userQuery, networkMode: 'always', retry: false });

/**
 * The logged-in member's record (spec §3), or null for a visitor. `isLoading` while user.php
 * has not answered and is still being asked, paused offline included (issue 29 item 12): who
 * is here is not known then, so a member's page waits instead of sending them to the login.
 */
export function useUser(): { user: LoggedInUser | null; isLoading: boolean } {
  const { data, isPending, fetchStatus } = useQuery(userQuery);
  return {
    user: data ?? null,
    isLoading: data === undefined && (isPending || fetchStatus !== 'idle'),
  };
}

export const accountQuery = queryOptions({
  queryKey: queryKeys.account,
  queryFn: ({ signal }) => callApi(accountApi.account, { signal }).then((answer) => answer.account),
});
