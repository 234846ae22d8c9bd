import { z } from 'zod';
import { giftIdSchema, messageKindSchema } from './chat';
import { idParamSchema, idSchema } from './ids';
import { LOCALES } from './locales';
import { plainText } from './plain-text';

/**
 * The fictional-profile inbox (issue 30 item 3): conversations in which a member wrote to a
 * fictional profile and waits, the claims operators take on them, the conversation as the
 * operator sees it and the answer sent as the profile.
 */

export const claimSchema = z.object({
  staff_id: idSchema,
  staff_name: z.string(),
  /** Whether the asking operator holds it. */
  mine: z.boolean(),
  expires_at: z.iso.datetime(),
});
export type Claim = z.infer<typeof claimSchema>;

export const inboxEntrySchema = z.object({
  conversation: idSchema,
  profile: z.object({ id: idSchema, name: z.string() }),
  member: z.object({ id: idSchema, name: z.string(), language: z.enum(LOCALES) }),
  /** The oldest unanswered message: the member has waited since then. */
  waiting_since: z.iso.datetime(),
  waiting_count: z.number().int(),
  claim: claimSchema.nullable(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

export const inboxAnswerSchema = z.object({
  entries: z.array(inboxEntrySchema),
  /** The server's clock, so wait times do not depend on the operator's. */
  now: z.iso.datetime(),
});

export const conversationIdSchema = z.object({ conversation: idSchema });
export const conversationIdQuerySchema = z.object({ conversation: idParamSchema });

export const claimAnswerSchema = z.object({ claim: claimSchema });

/** A member's public profile as the operator sees it: no e-mail, birth date, payments or IP. */
export const operatorMemberSchema = z.object({
  id: idSchema,
  name: z.string(),
  age: z.number().int(),
  gender: z.string().nullable(),
  country: z.string(),
  region: z.string().nullable(),
  about: z.string(),
  language: z.enum(LOCALES),
  photo: z.string().nullable(),
});

/** The fictional profile's own fact sheet, so the persona stays consistent. */
export const factSheetSchema = operatorMemberSchema.extend({
  seeking: z.string().nullable(),
  relationship_status: z.string().nullable(),
  body_type: z.string().nullable(),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
});

export const operatorMessageSchema = z.object({
  id: idSchema,
  from: z.enum(['member', 'profile']),
  kind: messageKindSchema,
  text: z.string().nullable(),
  gift_id: giftIdSchema.nullable(),
  /** A photo the member sent, as they sent it (a staff-only address). */
  photo_url: z.string().nullable(),
  sent_at: z.iso.datetime(),
  waiting: z.boolean(),
});

export const noteSchema = z.object({
  text: z.string(),
  updated_at: z.iso.datetime(),
  updated_by: z.string(),
});

export const operatorConversationAnswerSchema = z.object({
  conversation: idSchema,
  profile: factSheetSchema,
  member: operatorMemberSchema,
  messages: z.array(operatorMessageSchema),
  note: noteSchema.nullable(),
  claim: claimSchema.nullable(),
});
export type OperatorConversation = z.infer<typeof operatorConversationAnswerSchema>;

export const operatorAnswerRequestSchema = z.object({
  conversation: idSchema,
  /** The operator client's idempotency key, as a member's. */
  client_key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalid_value'),
  text: plainText(z.string().trim().min(1, 'message_empty').max(5000, 'message_too_long')),
});
export const operatorAnswerAnswerSchema = z.object({ message: operatorMessageSchema });

export const noteRequestSchema = z.object({
  conversation: idSchema,
  text: plainText(z.string().max(4000, 'invalid_value')),
});
export const noteAnswerSchema = z.object({ note: noteSchema });

export const figuresQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(90).default(7),
});
export const figuresAnswerSchema = z.object({
  waiting: z.number().int(),
  answers: z.number().int(),
  median_answer_seconds: z.number().nullable(),
  p90_answer_seconds: z.number().nullable(),
  per_operator: z.array(
    z.object({ staff_id: idSchema, name: z.string(), day: z.string(), answers: z.number().int() }),
  ),
});

/** What the inbox's event stream says: something in this site's queue changed. */
export const inboxEventSchema = z.object({ type: z.literal('inbox.changed') });
