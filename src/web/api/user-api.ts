import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoggedInUser } from '@contract/account';
import type { BodyInput, Endpoint, TypedRoute } from '@contract/endpoint';
import { accountApi, authApi } from './endpoints';
import { callApi } from './call-api';
import { forgetChatDrafts } from './chat-drafts';
import { KEPT_THROUGH_LOGOUT, queryKeys } from '@web/api/query-keys';

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

/** Every call that answers { user } refreshes the cached record with it. */
export function useUserMutation<E extends Endpoint>(endpoint: TypedRoute<E>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<E>) => callApi(endpoint, { body }),
    onSuccess: (answer) =>
      queryClient.setQueryData(queryKeys.user, (answer as { user: LoggedInUser | null }).user),
  });
}

/** A call whose answer says only that it worked. */
export function useEndpointMutation<E extends Endpoint>(endpoint: TypedRoute<E>) {
  return useMutation({ mutationFn: (body: BodyInput<E>) => callApi(endpoint, { body }) });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(authApi.logOut),
    onSettled: () => {
      forgetChatDrafts();
      queryClient.setQueryData(queryKeys.user, null);
      queryClient.removeQueries({
        predicate: (query) => !KEPT_THROUGH_LOGOUT.includes(String(query.queryKey[0])),
      });
    },
  });
}

export const accountQuery = queryOptions({
  queryKey: queryKeys.account,
  queryFn: ({ signal }) => callApi(accountApi.account, { signal }).then((answer) => answer.account),
});
