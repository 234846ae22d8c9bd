import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoggedInUser } from '@contract/account';
import type { BodyInput, Endpoint, TypedRoute } from '@contract/endpoint';
import { authApi } from './endpoints';
import { callApi } from './call-api';
import { forgetChatDrafts } from './chat-drafts';
import { KEPT_THROUGH_LOGOUT, queryKeys } from '@web/api/query-keys';

// The user record's mutations, apart from user-api.ts: the first load of a visitor's page
// reads the record but changes nothing, and does without TanStack's mutation observer and
// the chat drafts (issue 25 item 6).

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
