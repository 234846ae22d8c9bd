import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChatMessage, ConversationAnswer } from '@contract/chat';
import { onServerEvent } from '@web/api/realtime-events';
import { updateConversations, withMessage, withReadUpTo } from './chat-api';
import { clearPartnerTyping, notePartnerTyping } from './typing-store';
import { queryKeys } from '@web/api/query-keys';

/**
 * The open conversation's live updates (issue 9 §4): a new message appears at once, read
 * ticks turn when the partner reads, and their typing shows for a few seconds. The list and
 * the badge are reloaded app-wide (chats-query.ts); the 10 s refetch stays the safety net.
 */
export function useChatEvents(
  answer: ConversationAnswer,
  /** Told the partner's read mark, for the older pages the cached answer does not hold. */
  onRead: (upToId: number) => void,
) {
  const queryClient = useQueryClient();
  const partnerId = answer.partner.id;
  const conversationId = answer.conversation_id;

  useEffect(() => {
    const isThis = (conversation: ConversationAnswer) => conversation.partner.id === partnerId;
    const stops = [
      onServerEvent('message.new', ({ message }) => {
        const ours = message.sender_id === partnerId || message.conversation_id === conversationId;
        if (!ours) return;
        if (message.sender_id === partnerId) clearPartnerTyping(message.conversation_id);
        // A text is complete in the event; a photo or gift needs its details from the server.
        if (message.kind === 'text') {
          const full: ChatMessage = { ...message, gift_id: null, photo: null, read: false };
          updateConversations(queryClient, isThis, (conversation) =>
            withMessage(conversation, full),
          );
        }
        void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations });
      }),
      onServerEvent('message.read', (event) => {
        if (event.conversation_id !== conversationId) return;
        onRead(event.up_to_message_id);
        updateConversations(queryClient, isThis, (conversation) =>
          withReadUpTo(conversation, event.up_to_message_id),
        );
      }),
      // The partner deleted or restored their account (issue 31 item 7): the header and the
      // composer follow ("a deleted member", who can no longer be written to).
      onServerEvent('partner.changed', (event) => {
        if (event.conversation_id === conversationId)
          void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations });
      }),
      onServerEvent('typing', (event) => {
        if (event.member_id === partnerId) notePartnerTyping(event.conversation_id);
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, partnerId, conversationId, onRead]);
}
