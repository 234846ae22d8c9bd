import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchFinderAnswers } from '@contract/discovery';
import { membersApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { queryKeys } from '@web/api/query-keys';

/** The member's kept answers (null before the first visit) and the members who fit them. */
export const matchFinderQuery = queryOptions({
  queryKey: queryKeys.matchFinder,
  queryFn: ({ signal }) => callApi(membersApi.matchFinder, { signal }),
});

/** Stores the answers; the server answers with the new results, which replace the cached ones. */
export function useSaveMatchFinder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: MatchFinderAnswers) =>
      callApi(membersApi.saveMatchFinder, { body: answers }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.matchFinder, answer),
  });
}

/**
 * How many answers a member can match: the age range, what the member seeks, and each chosen
 * interest. The results show `score` out of this number ("3 of 5 answers match").
 */
export const answerCount = (answers: MatchFinderAnswers) => 2 + answers.interests.length;
