import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { swipeGameApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { likesQuery } from '@web/api/likes-query';
import { queryKeys } from '@web/api/query-keys';

/** The card to decide on and what is left of today's likes (spec §9: 4 a day). */
export const swipeGameQuery = queryOptions({
  queryKey: queryKeys.swipeGame,
  queryFn: ({ signal }) => callApi(swipeGameApi.next, { signal }),
  // The card shown must not change under the member's finger: no refetch on focus.
  refetchOnWindowFocus: false,
});

export type SwipeDecision = 'like' | 'pass';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Likes or passes the card; the answer brings the next card and the likes left. The next card
 * shows once the old one has flown out (`leaveMs`, 0 when the member prefers less motion).
 */
export function useSwipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      leaveMs,
      ...body
    }: {
      profile: number;
      decision: SwipeDecision;
      leaveMs: number;
    }) => {
      const [answer] = await Promise.all([callApi(swipeGameApi.swipe, { body }), wait(leaveMs)]);
      return answer;
    },
    onSuccess: (answer, { decision }) => {
      queryClient.setQueryData(queryKeys.swipeGame, answer);
      // A like in the game is a real like: the likes summary (badges, likes pages) reloads.
      if (decision === 'like')
        void queryClient.invalidateQueries({ queryKey: queryKeys.likes.all });
    },
    // At the daily limit the server refuses the like: reload the count it keeps.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.swipeGame }),
  });
}

/** Whether the member and `profile` now like each other, from the freshly loaded likes. */
export async function isMatch(queryClient: QueryClient, profile: number): Promise<boolean> {
  try {
    const likes = await queryClient.fetchQuery(likesQuery);
    return likes.matches.some((match) => match.id === profile);
  } catch {
    return false;
  }
}

/** Reloads the game when today's likes come back. */
export const reloadSwipeGame = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.swipeGame });
