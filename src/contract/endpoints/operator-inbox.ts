import { okAnswerSchema } from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { operatorInboxRoutes } from '@contract/api-routes/operator-inbox';
import {
  claimAnswerSchema,
  conversationIdQuerySchema,
  conversationIdSchema,
  figuresAnswerSchema,
  figuresQuerySchema,
  inboxAnswerSchema,
  noteAnswerSchema,
  noteRequestSchema,
  operatorAnswerAnswerSchema,
  operatorAnswerRequestSchema,
  operatorConversationAnswerSchema,
} from '@contract/operator-inbox';
import { z } from 'zod';
import { idParamSchema } from '@contract/ids';

/** Who answers as fictional profiles: operators, and admins and owners who stand in. */
const INBOX = { staff: ['owner', 'admin', 'operator'] } as const;

/** Issue 30 item 3: the fictional-profile inbox. */
export const operatorInboxApi = {
  queue: defineEndpoint({
    ...operatorInboxRoutes.queue,
    answer: inboxAnswerSchema,
    errors: [],
    access: INBOX,
  }),
  /** One live claim per conversation: a second operator gets conversation_claimed. */
  claim: defineEndpoint({
    ...operatorInboxRoutes.claim,
    body: conversationIdSchema,
    answer: claimAnswerSchema,
    errors: ['conversation_claimed', 'nothing_waiting'],
    access: INBOX,
  }),
  release: defineEndpoint({
    ...operatorInboxRoutes.release,
    body: conversationIdSchema,
    answer: okAnswerSchema,
    errors: [],
    access: INBOX,
  }),
  conversation: defineEndpoint({
    ...operatorInboxRoutes.conversation,
    query: conversationIdQuerySchema,
    answer: operatorConversationAnswerSchema,
    errors: [],
    access: INBOX,
  }),
  /** A photo the member sent into a waiting conversation (a file, not JSON). */
  photo: defineEndpoint({
    ...operatorInboxRoutes.photo,
    query: z.object({ message: idParamSchema }),
    errors: [],
    access: INBOX,
  }),
  /** Sent as the profile through chat's one send path; needs the operator's live claim. */
  answer: defineEndpoint({
    ...operatorInboxRoutes.answer,
    body: operatorAnswerRequestSchema,
    answer: operatorAnswerAnswerSchema,
    errors: ['claim_required', 'nothing_waiting', 'message_too_long', 'idempotency_key_reused'],
    access: INBOX,
  }),
  note: defineEndpoint({
    ...operatorInboxRoutes.note,
    body: noteRequestSchema,
    answer: noteAnswerSchema,
    errors: [],
    access: INBOX,
  }),
  figures: defineEndpoint({
    ...operatorInboxRoutes.figures,
    query: figuresQuerySchema,
    answer: figuresAnswerSchema,
    errors: [],
    access: { staff: ['owner', 'admin'] },
  }),
  /** Server-sent events: "the queue changed"; the console then reads the queue again. */
  events: defineEndpoint({
    ...operatorInboxRoutes.events,
    query: z.object({ once: z.enum(['1']).optional() }),
    errors: [],
    access: INBOX,
  }),
};
