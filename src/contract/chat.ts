import { z } from 'zod';
import { cursorTimeSchema, keysetCursor } from './cursor';
import { idParamSchema, idSchema } from './ids';
import { profileCardSchema } from './members';
import { plainText } from './plain-text';

/**
 * Chat (spec §2 chats, chats-id, members-id-chat; §3 "Chat list entry", chat settings; §4;
 * §6; §7; §8; issue 9). Conversations are between two members of one site; every message
 * costs credits through the ledger, exactly once per client idempotency key.
 */

/** The gift catalogue (issue 9 §3): icons in src/web/public/gifts/<id>.svg, names in 11 languages. */
export const GIFT_IDS = ['rose', 'heart', 'chocolate', 'champagne', 'teddy', 'star'] as const;
export const giftIdSchema = z.enum(GIFT_IDS);
export type GiftId = z.infer<typeof giftIdSchema>;

/** A client idempotency key: one per message the member means to send, reused on retry. */
export const clientKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalid_value');

/** Page size of a conversation's history (older pages load on scroll, keyset). */
export const MESSAGES_PAGE_SIZE = 30;
/** Page size of the conversation list. */
export const CHATS_PAGE_SIZE = 50;

export const messageKindSchema = z.enum(['text', 'photo', 'gift']);

export const chatMessageSchema = z.object({
  id: idSchema,
  conversation_id: idSchema,
  sender_id: idSchema,
  kind: messageKindSchema,
  text: z.string().nullable(),
  gift_id: giftIdSchema.nullable(),
  /**
   * Photo messages: `pending` until the recipient chooses View or Decline; the sender always
   * sees their own. `url` is set only for whom may see it (the sender, or the recipient after
   * View): a session-checked address, never a public file.
   */
  photo: z
    .object({
      state: z.enum(['pending', 'viewed', 'declined']),
      url: z.string().nullable(),
    })
    .nullable(),
  sent_at: z.iso.datetime(),
  /** For the viewer's own messages: the partner has read it. */
  read: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * The partner of one's own conversation who deleted their account or was erased (issue 31
 * item 7): shown as "a deleted member", with no name, photo, age or profile link; nobody can
 * write to them (a send answers partner_deleted).
 */
export const deletedPartnerSchema = z.object({ id: idSchema, deleted: z.literal(true) });
export type DeletedPartner = z.infer<typeof deletedPartnerSchema>;

/** A conversation's partner: their card, or a deleted member. */
export const chatPartnerSchema = z.union([profileCardSchema, deletedPartnerSchema]);
export type ChatPartner = z.infer<typeof chatPartnerSchema>;
// The web app's pages read it from chat-partner.ts, which loads no schema (issue 32 item 10).
export { isDeletedPartner } from './chat-partner';

/** spec §3 "Chat list entry": conversation (with id), profile (with id), num_unread_messages. */
export const chatListEntrySchema = z.object({
  conversation: z.object({
    id: idSchema,
    last_message: z
      .object({
        kind: messageKindSchema,
        /** The start of a text message; null for photos and gifts. */
        text: z.string().nullable(),
        from_me: z.boolean(),
        sent_at: z.iso.datetime(),
      })
      .nullable(),
  }),
  profile: chatPartnerSchema,
  num_unread_messages: z.number().int().nonnegative(),
});
export type ChatListEntry = z.infer<typeof chatListEntrySchema>;

/** A place in the conversation list: the last entry's message time and conversation id. */
export const chatsCursor = keysetCursor({
  lastMessageAt: cursorTimeSchema,
  conversationId: idSchema,
});
export const chatsQuerySchema = z.object({ cursor: chatsCursor.schema.optional() });
export const chatsAnswerSchema = z.object({
  chats: z.array(chatListEntrySchema),
  /** spec §3 "Chat/likes state": total unread messages over all conversations. */
  total_unread: z.number().int().nonnegative(),
  next_cursor: z.string().nullable(),
});
export type ChatsAnswer = z.infer<typeof chatsAnswerSchema>;

export const deleteChatRequestSchema = z.object({ conversation: idSchema });

/** What sending costs and what a free member may still do (spec §3 settings, §6, §9). */
export const chatTermsSchema = z.object({
  costs: z.object({
    message: z.number().int().nonnegative(),
    photo: z.number().int().nonnegative(),
    gift: z.number().int().nonnegative(),
  }),
  /** spec §3 message_length: the longest text one message may carry. */
  message_length: z.number().int().positive(),
  /** spec §3/§9 minimum_message_costs for the member's country, when the site sets one. */
  minimum_message_costs: z
    .object({ costs: z.number().int().nonnegative(), currency: z.string().length(3) })
    .nullable(),
  credits: z.number().int().nonnegative(),
  premium: z.boolean(),
  /**
   * spec §6 "2 conversations": how many more conversations a free member may start before a
   * first purchase; null for premium members (no limit).
   */
  conversations_left: z.number().int().nonnegative().nullable(),
});
export type ChatTerms = z.infer<typeof chatTermsSchema>;

/** Open a conversation by its id (/chats/{id}) or by the partner (/members/{id}/chat). */
export const conversationQuerySchema = z.union([
  z.object({ conversation: idParamSchema }),
  z.object({ member: idParamSchema }),
]);
export const conversationAnswerSchema = z.object({
  /** null until the first message starts it (opened from a member page). */
  conversation_id: idSchema.nullable(),
  partner: chatPartnerSchema,
  /** Newest last; older pages come from chat-messages.php with `older_cursor`. */
  messages: z.array(chatMessageSchema),
  older_cursor: z.string().nullable(),
  terms: chatTermsSchema,
});
export type ConversationAnswer = z.infer<typeof conversationAnswerSchema>;

/** Older history starts below this message id (keyset, issue 9 §1). */
export const messagesCursor = keysetCursor({ beforeMessageId: idSchema });
export const messagesQuerySchema = z.object({
  conversation: idParamSchema,
  before: messagesCursor.schema,
});
export const messagesAnswerSchema = z.object({
  messages: z.array(chatMessageSchema),
  older_cursor: z.string().nullable(),
});

/** A text or a gift; photos go as multipart to chat-photo.php with the same fields. */
export const sendMessageRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    to: idSchema,
    client_key: clientKeySchema,
    // The length limit is the site's message_length and an empty text is message_empty: both
    // checked by the server, so they answer their own codes (docs/chat.md). 10,000 only
    // bounds what the edge accepts at all.
    text: plainText(z.string().trim().max(10_000, 'message_too_long')),
  }),
  z.object({
    kind: z.literal('gift'),
    to: idSchema,
    client_key: clientKeySchema,
    gift_id: giftIdSchema,
  }),
]);
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/** The fields of the multipart photo message, besides the file. */
export const sendPhotoFieldsSchema = z.object({
  to: idParamSchema,
  client_key: clientKeySchema,
});

export const sendMessageAnswerSchema = z.object({
  message: chatMessageSchema,
  /** The sender's balance after this message (spec §8 prompts when it runs out). */
  credits: z.number().int().nonnegative(),
});
export type SendMessageAnswer = z.infer<typeof sendMessageAnswerSchema>;

export const conversationRequestSchema = z.object({ conversation: idSchema });

export const photoDecisionRequestSchema = z.object({
  message: idSchema,
  decision: z.enum(['view', 'decline']),
});
export const photoDecisionAnswerSchema = z.object({ message: chatMessageSchema });

export const photoFileQuerySchema = z.object({
  message: idParamSchema,
  size: z.enum(['thumb', 'full']).default('full'),
});

export const REPORT_REASONS = [
  'spam',
  'offensive',
  'scam',
  'underage',
  'unwanted_photo',
  'other',
] as const;
export const reportRequestSchema = z.object({
  member: idSchema,
  /** The message reported, if it is about one. */
  message: idSchema.optional(),
  reason: z.enum(REPORT_REASONS),
  note: plainText(z.string().trim().max(1000)).optional(),
});
