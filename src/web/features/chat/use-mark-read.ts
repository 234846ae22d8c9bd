import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@contract/chat';
import { chatApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { markConversationReadInCache, reloadChats } from '@web/api/chats-query';

/**
 * spec §4: opening a conversation sets its unread count to 0, and so does every message that
 * arrives while it is open and the tab is visible. The list and the badge drop it at once.
 */
export function useMarkRead(
  conversationId: number | null,
  messages: ChatMessage[],
  partnerId: number,
) {
  const queryClient = useQueryClient();
  const lastIncoming = messages.findLast((message) => message.sender_id === partnerId)?.id ?? 0;
  const markedUpTo = useRef(0);

  useEffect(() => {
    if (conversationId === null || lastIncoming <= markedUpTo.current) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || lastIncoming <= markedUpTo.current) return;
      markedUpTo.current = lastIncoming;
      markConversationReadInCache(queryClient, conversationId);
      callApi(chatApi.read, { body: { conversation: conversationId } })
        // The server stays the truth: a failed call shows the count again.
        .catch(() => void reloadChats(queryClient));
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [conversationId, lastIncoming, queryClient]);
}
