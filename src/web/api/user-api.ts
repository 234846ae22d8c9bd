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
 * The logged-in member's record (spec §3), or null for a visitor. `isLoading` until user.php
 * has answered once, paused offline included (issue 29 item 12): who is here is not known
 * then, so a member's page waits instead of sending them to the login page.
 */
export function useUser(): { user: LoggedInUser | null; isLoading: boolean } {
  const { data, isPending } = useQuery(userQuery);
  return { user: data ?? null, isLoading: isPending };
}

export const accountQuery = queryOptions({
  queryKey: queryKeys.account,
  queryFn: ({ signal }) => callApi(accountApi.account, { signal }).then((answer) => answer.account),
});
