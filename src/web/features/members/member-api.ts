import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { okAnswerSchema } from '@contract/account';
import { memberProfileAnswerSchema } from '@contract/profiles';
import { apiRequest } from '@web/api/api-client';

export const memberProfileQuery = (id: number) =>
  queryOptions({
    queryKey: ['member', id],
    queryFn: ({ signal }) =>
      apiRequest('/api/member.php', memberProfileAnswerSchema, { query: { id }, signal }).then(
        (answer) => answer.profile,
      ),
  });

export function useToggleBlock(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      apiRequest('/api/block.php', okAnswerSchema, {
        method: block ? 'POST' : 'DELETE',
        body: { member_id: memberId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', memberId] }),
  });
}
