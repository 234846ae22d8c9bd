import type { ChatListEntry, ChatMessage, DeletedPartner } from '@contract/chat';
import { CHAT_PHOTO_FILE_PATH } from '@contract/endpoints/chat';
import type { GiftId } from '@contract/chat';
import type { ServerEvent } from '@contract/events';
import type { MessageRow } from '@server/db/tables/chat-tables';
import { presentLikeCard } from '@server/features/likes';
import { isGone } from '@server/features/members';
import type { ConversationListRow } from './conversation-queries';

/** The session-checked address of a photo message's bytes (never a public file). */
export const chatPhotoUrl = (messageId: number, size: 'thumb' | 'full' = 'full') =>
  `${CHAT_PHOTO_FILE_PATH}?message=${messageId}&size=${size}`;

/** Who may see a photo message's picture: the sender, or the recipient after View (issue 9 §3). */
export const maySeePhoto = (message: MessageRow, viewerId: number) =>
  message.sender_id === viewerId ||
  (message.recipient_id === viewerId && message.photo_state === 'viewed');

/**
 * A message as `viewerId` sees it. `partnerReadUpTo` is the partner's read mark: the viewer's
 * own messages up to it show as read.
 */
export function presentMessage(
  message: MessageRow,
  viewerId: number,
  partnerReadUpTo: number,
): ChatMessage {
  return {
    id: message.id,
    conversation_id: message.conversation_id,
    sender_id: message.sender_id,
    kind: message.kind,
    text: message.text,
    gift_id: message.gift_id as GiftId | null,
    photo:
      message.kind === 'photo'
        ? {
            state: message.photo_state ?? 'pending',
            url: maySeePhoto(message, viewerId) ? chatPhotoUrl(message.id) : null,
          }
        : null,
    sent_at: message.created_at,
    read: message.sender_id === viewerId && message.id <= partnerReadUpTo,
  };
}

/** The socket's message.new payload: no photo address, each side asks for it per session. */
export function messageEvent(message: MessageRow): ServerEvent {
  return {
    type: 'message.new',
    message: {
      id: message.id,
      conversation_id: message.conversation_id,
      sender_id: message.sender_id,
      kind: message.kind,
      text: message.text,
      sent_at: message.created_at,
    },
  };
}

/** A partner who is gone, as their partner sees them: no name, photo, age or link (issue 31 item 7). */
export const deletedPartner = (id: number): DeletedPartner => ({ id, deleted: true });

/**
 * spec §3 "Chat list entry": conversation, the partner's card (or "a deleted member", issue
 * 31 item 7), num_unread_messages.
 */
export function presentListEntry(
  row: ConversationListRow,
  viewerId: number,
  cdnPrefix: string,
): ChatListEntry {
  return {
    conversation: {
      id: row.conversation_id,
      last_message:
        row.message_id !== null && row.message_kind !== null && row.message_sent_at !== null
          ? {
              kind: row.message_kind,
              text: row.message_kind === 'text' ? row.message_text : null,
              from_me: row.message_sender_id === viewerId,
              sent_at: row.message_sent_at,
            }
          : null,
    },
    profile: isGone(row.partner_status) ? deletedPartner(row.id) : presentLikeCard(row, cdnPrefix),
    num_unread_messages: row.num_unread_messages,
  };
}
