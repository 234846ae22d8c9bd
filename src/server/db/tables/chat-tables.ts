import type { Generated, Selectable } from 'kysely';

// The chat feature's tables (migration 0007-chat), intersected into the one Database type
// in db/schema.ts (WHERE-THINGS-GO.md "growing tables").
type Timestamp = string;
type Flag = number;

export type MessageKind = 'text' | 'photo' | 'gift';
export type PhotoState = 'pending' | 'viewed' | 'declined';

export interface ConversationsTable {
  id: Generated<number>;
  site_id: number;
  /** The pair in one spelling: member_low_id < member_high_id. */
  member_low_id: number;
  member_high_id: number;
  started_by: number;
  created_at: Timestamp;
}

/** One side's view of a conversation (spec §3 "Chat list entry", §4). */
export interface ConversationMembersTable {
  conversation_id: number;
  member_id: number;
  partner_id: number;
  last_message_id: number | null;
  last_message_at: Timestamp;
  num_unread_messages: Generated<number>;
  last_read_message_id: Generated<number>;
  /** Messages up to this id were deleted by this side; 0 for none. */
  cleared_up_to_message_id: Generated<number>;
  is_hidden: Generated<Flag>;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  recipient_id: number;
  kind: MessageKind;
  text: string | null;
  gift_id: string | null;
  photo_storage_key: string | null;
  photo_state: PhotoState | null;
  /** The sender client's idempotency key, unique per sender. */
  client_key: string;
  credits_spent: number;
  /** 'waiting' while a message to a fictional profile waits for an operator. */
  operator_state: 'waiting' | 'answered' | null;
  created_at: Timestamp;
}
export type MessageRow = Selectable<MessagesTable>;

export interface ReportsTable {
  id: Generated<number>;
  site_id: number;
  reporter_id: number;
  reported_id: number;
  message_id: number | null;
  reason: string;
  /** What the reporter wrote, if anything. */
  note: string | null;
  /** JSON: the last messages of the conversation when reported, for the operator console. */
  excerpt_json: string;
  status: Generated<string>;
  created_at: Timestamp;
  /** How staff resolved it (dismissed, banned), who and when (issue 30 item 5). */
  resolution: string | null;
  resolved_by: number | null;
  resolved_at: Timestamp | null;
}

export interface ChatTables {
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  reports: ReportsTable;
}
