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

/** The logged-in member's record (spec §3), or null for a visitor. */
export function useUser(): { user: LoggedInUser | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(userQuery);
  return { user: data ?? null, isLoading };
}

export const accountQuery = queryOptions({
  queryKey: queryKeys.account,
  queryFn: ({ signal }) => callApi(accountApi.account, { signal }).then((answer) => answer.account),
});
