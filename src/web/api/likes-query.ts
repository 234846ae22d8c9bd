import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { likesApi } from '@web/api/endpoints';
import { callApi } from './call-api';
import { queryKeys } from '@web/api/query-keys';

// spec §4, §9: while logged in, likes are refetched periodically (as often as the user
// record: every 60 s); a like push message or an auto-like reloads them at once.
export const LIKES_REFETCH_MS = 60_000;

/** The member's likes summary (spec §7 likes.php): read by the navigation badge, the title
 * count, the likes pages and any card that shows the like state. */
export const likesQuery = queryOptions({
  queryKey: queryKeys.likes.all,
  queryFn: ({ signal }) => callApi(likesApi.likes, { signal }),
  refetchInterval: LIKES_REFETCH_MS,
});

/**
 * Likes or unlikes a member; every list that shows like state refreshes after it. Answers
 * whether the like made a match (both like each other).
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profile, like }: { profile: number; like: boolean }) =>
      like
        ? callApi(likesApi.like, { body: { profile } })
        : callApi(likesApi.unlike, { body: { profile } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.likes.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.search.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.member.all });
    },
  });
}
