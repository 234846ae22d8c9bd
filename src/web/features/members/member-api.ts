import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { blocksApi } from '@web/api/endpoints';
import { profilesApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { queryKeys } from '@web/api/query-keys';

export const memberProfileQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.member.one(id),
    queryFn: ({ signal }) =>
      callApi(profilesApi.member, { query: { id }, signal }).then((answer) => answer.profile),
  });

export function useToggleBlock(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      callApi(block ? blocksApi.block : blocksApi.unblock, { body: { member_id: memberId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.member.one(memberId) }),
  });
}
