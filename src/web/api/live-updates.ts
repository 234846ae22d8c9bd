import type { QueryClient } from '@tanstack/react-query';
import type { LoggedInUser } from '@contract/account';
import { CHATS_QUERY_KEY } from './chats-query';
import { LIKES_QUERY_KEY } from './likes-query';
import { onResync, onServerEvent } from './realtime-events';
import { USER_QUERY_KEY } from './user-api';

/**
 * The socket's reactions for what the whole app shows (issue 9 §4; spec §4: a new like
 * reloads likes): the likes summary and badge, the member's credits, and on a resync all of
 * it, chats included. Chat messages, read state and typing are the chat feature's own.
 * Returns the function that removes them.
 */
export function registerLiveUpdates(queryClient: QueryClient): () => void {
  const reloadLikes = () => void queryClient.invalidateQueries({ queryKey: LIKES_QUERY_KEY });
  const stops = [
    onServerEvent('like.new', reloadLikes),
    onServerEvent('match.new', reloadLikes),
    onServerEvent('credits.changed', ({ credits }) => {
      const before = queryClient.getQueryData<LoggedInUser | null>(USER_QUERY_KEY);
      queryClient.setQueryData<LoggedInUser | null>(USER_QUERY_KEY, (user) =>
        user ? { ...user, credits } : user,
      );
      // A first purchase also makes the member premium (spec §1): every open tab reloads
      // the record at once, so the navigation and locked photos follow (issue 10).
      if (before && !before.paid_user)
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    }),
    onResync(() => {
      for (const queryKey of [USER_QUERY_KEY, LIKES_QUERY_KEY, CHATS_QUERY_KEY])
        void queryClient.invalidateQueries({ queryKey });
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
