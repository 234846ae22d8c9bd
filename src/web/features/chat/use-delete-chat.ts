import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { reloadChats, removeConversationFromCache } from '@web/api/chats-query';
import { forgetConversation } from './chat-api';
import { queryKeys } from '@web/api/query-keys';

/**
 * spec §4: deleting a conversation removes it from the list at once, then calls the server;
 * on failure an alert shows (the mutation's error) and the chats reload.
 */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversation: number) => callApi(chatApi.deleteChat, { body: { conversation } }),
    onMutate: async (conversation) => {
      // A refetch under way would bring the conversation back: cancel it first.
      await queryClient.cancelQueries({ queryKey: queryKeys.chats });
      removeConversationFromCache(queryClient, conversation);
      forgetConversation(queryClient, conversation);
    },
    onError: () => void reloadChats(queryClient),
    // Nothing to reload on success: the list is already right.
    retry: false,
  });
}
