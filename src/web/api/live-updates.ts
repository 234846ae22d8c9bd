import type { QueryClient } from '@tanstack/react-query';
import type { LoggedInUser } from '@contract/account';
import { onResync, onServerEvent } from './realtime-events';
import { queryKeys } from '@web/api/query-keys';

/**
 * The socket's reactions for what the whole app shows (issue 9 §4; spec §4: a new like
 * reloads likes): the likes summary and badge, the member's credits, and on a resync all of
 * it, chats included. Chat messages, read state and typing are the chat feature's own.
 * Returns the function that removes them.
 */
export function registerLiveUpdates(queryClient: QueryClient): () => void {
  const reloadLikes = () => void queryClient.invalidateQueries({ queryKey: queryKeys.likes.all });
  const stops = [
    onServerEvent('like.new', reloadLikes),
    onServerEvent('match.new', reloadLikes),
    onServerEvent('credits.changed', ({ credits }) => {
      const before = queryClient.getQueryData<LoggedInUser | null>(queryKeys.user);
      queryClient.setQueryData<LoggedInUser | null>(queryKeys.user, (user) =>
        user ? { ...user, credits } : user,
      );
      // A first purchase also makes the member premium (spec §1): every open tab reloads
      // the record at once, so the navigation and locked photos follow (issue 10).
      if (before && !before.paid_user)
        void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    }),
    onResync(() => {
      for (const queryKey of [queryKeys.user, queryKeys.likes.all, queryKeys.chats])
        void queryClient.invalidateQueries({ queryKey });
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
