import { okAnswerSchema } from '@contract/account';
import {
  chatsAnswerSchema,
  chatsQuerySchema,
  conversationAnswerSchema,
  conversationQuerySchema,
  conversationRequestSchema,
  deleteChatRequestSchema,
  messagesAnswerSchema,
  messagesQuerySchema,
  photoDecisionAnswerSchema,
  photoDecisionRequestSchema,
  photoFileQuerySchema,
  reportRequestSchema,
  sendMessageAnswerSchema,
  sendMessageRequestSchema,
} from '@contract/chat';
import { defineEndpoint } from '@contract/endpoint';
import { chatRoutes, chatPhotoRoute, chatPhotoFileRoute } from '@contract/api-routes/chat';

/** Errors any send can answer (issue 9 §2, "Bad input and faults"; spec §8). */
const SEND_ERRORS = [
  'cannot_message_self',
  'message_empty',
  'message_too_long',
  'insufficient_credits',
  'premium_required',
  'idempotency_key_reused',
  'activation_required',
  'invisible_mode_on',
  'partner_deleted',
] as const;

/**
 * Chat (spec §2 chats, chats-id, members-id-chat; §7 GET chats.php, DELETE chat.php; issue 9).
 * A login is needed for all of it (spec §6). A partner who is missing, blocked either way,
 * or on another site answers not_found, all alike; a partner who deleted their account stays
 * in one's own list and conversation as "a deleted member" (issue 31 item 7).
 */
export const chatApi = {
  /** spec §7 GET /api/chats.php: the list, newest first, with the total unread count. */
  chats: defineEndpoint({
    ...chatRoutes.chats,
    query: chatsQuerySchema,
    answer: chatsAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** spec §7 DELETE /api/chat.php {conversation}: gone from the deleter's list. */
  deleteChat: defineEndpoint({
    ...chatRoutes.deleteChat,
    body: deleteChatRequestSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** One conversation: partner, latest page of history, what sending costs. */
  conversation: defineEndpoint({
    ...chatRoutes.conversation,
    query: conversationQuerySchema,
    answer: conversationAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** Older history, keyset (issue 9 §1), up to the site's history limit. */
  messages: defineEndpoint({
    ...chatRoutes.messages,
    query: messagesQuerySchema,
    answer: messagesAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** A text or a gift, charged once per client_key (issue 9 §2). */
  send: defineEndpoint({
    ...chatRoutes.send,
    body: sendMessageRequestSchema,
    answer: sendMessageAnswerSchema,
    errors: [...SEND_ERRORS],
    access: 'member',
  }),
  /** spec §4: opening a conversation sets its unread count to 0; tells the partner. */
  read: defineEndpoint({
    ...chatRoutes.read,
    body: conversationRequestSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** The member is typing; relayed to the partner's tabs, never stored. */
  typing: defineEndpoint({
    ...chatRoutes.typing,
    body: conversationRequestSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** View or Decline an incoming photo (issue 9 §3). */
  photoDecision: defineEndpoint({
    ...chatRoutes.photoDecision,
    body: photoDecisionRequestSchema,
    answer: photoDecisionAnswerSchema,
    errors: [],
    access: 'member',
  }),
  /** Report a member or one of their messages (issue 9 §5), for the operator console. */
  report: defineEndpoint({
    ...chatRoutes.report,
    body: reportRequestSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
};

/**
 * A photo message (issue 9 §3): multipart with the fields of sendPhotoFieldsSchema and one
 * file, through the photo pipeline (metadata stripped, sizes), charged like send.
 */
export const chatPhotoApi = defineEndpoint({
  ...chatPhotoRoute,
  answer: sendMessageAnswerSchema,
  errors: [
    ...SEND_ERRORS,
    'photo_missing',
    'photo_too_large',
    'photo_too_many_pixels',
    'photo_unsupported_format',
    'photo_corrupt',
  ],
  access: 'member',
  upload: true,
});

/**
 * The bytes of a photo message (query photoFileQuerySchema), for the sender or a recipient
 * who chose View; everyone else gets 404. An image, not JSON: no answer schema.
 */
export { CHAT_PHOTO_FILE_PATH } from '@contract/api-routes/chat';
export const chatPhotoFileApi = defineEndpoint({
  ...chatPhotoFileRoute,
  query: photoFileQuerySchema,
  errors: [],
  access: 'member',
});
