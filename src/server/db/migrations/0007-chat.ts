import type { Kysely } from 'kysely';
import { notNull, withIdColumn } from './column-types';

// issue 9: conversations, messages paid in credits, reports, and the per-member event log
// the realtime socket resumes from.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One conversation per pair of members on a site: member_low_id < member_high_id, so the
  // pair has one spelling and the unique index makes "find or start" race-free.
  await withIdColumn(db, db.schema.createTable('conversations'))
    .addColumn('site_id', 'integer', (column) => column.notNull().references('sites.id'))
    .addColumn('member_low_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('member_high_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('started_by', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('conversations_pair')
    .on('conversations')
    .columns(['member_low_id', 'member_high_id'])
    .unique()
    .execute();
  // spec §6: a free member may start a few conversations; counted per starter.
  await db.schema
    .createIndex('conversations_started_by')
    .on('conversations')
    .columns(['started_by'])
    .execute();

  // Each side's view of a conversation: its place in the list, unread count, what it read
  // and what it deleted (spec §3 "Chat list entry", §4). The list walks
  // (member_id, last_message_at, conversation_id) newest first, keyset.
  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'integer', (column) =>
      column.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('partner_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('last_message_id', 'integer')
    .addColumn('last_message_at', 'text', notNull)
    .addColumn('num_unread_messages', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_read_message_id', 'integer', (column) => column.notNull().defaultTo(0))
    /** Messages up to this id were deleted by this side (spec §4 delete); 0 for none. */
    .addColumn('cleared_up_to_message_id', 'integer', (column) => column.notNull().defaultTo(0))
    /** 1 while deleted and nothing newer arrived: left out of the list. */
    .addColumn('is_hidden', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_list')
    .on('conversation_members')
    .columns(['member_id', 'is_hidden', 'last_message_at', 'conversation_id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('messages'))
    .addColumn('conversation_id', 'integer', (column) =>
      column.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('recipient_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    /** text, photo or gift. */
    .addColumn('kind', 'text', notNull)
    .addColumn('text', 'text')
    .addColumn('gift_id', 'text')
    /** Unguessable base name of a photo message's sizes; null for other kinds. */
    .addColumn('photo_storage_key', 'text')
    /** For photo messages: pending until the recipient views or declines it. */
    .addColumn('photo_state', 'text')
    /** The idempotency key the sender's client chose; unique per sender. */
    .addColumn('client_key', 'text', notNull)
    .addColumn('credits_spent', 'integer', notNull)
    /** 'waiting' while a message to a fictional profile waits for an operator. */
    .addColumn('operator_state', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('messages_sender_key')
    .on('messages')
    .columns(['sender_id', 'client_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('messages_conversation')
    .on('messages')
    .columns(['conversation_id', 'id'])
    .execute();
  await db.schema
    .createIndex('messages_operator_queue')
    .on('messages')
    .columns(['operator_state', 'id'])
    .execute();

  // Reports of a member or one message, with the excerpt the operator console shows.
  await withIdColumn(db, db.schema.createTable('reports'))
    .addColumn('site_id', 'integer', (column) => column.notNull().references('sites.id'))
    .addColumn('reporter_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('reported_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'integer')
    .addColumn('reason', 'text', notNull)
    /** What the reporter wrote, if anything. */
    .addColumn('note', 'text')
    .addColumn('excerpt_json', 'text', notNull)
    /** open until an operator handles it. */
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('reports_reporter_message')
    .on('reports')
    .columns(['reporter_id', 'reported_id', 'message_id'])
    .execute();
  await db.schema.createIndex('reports_status').on('reports').columns(['status', 'id']).execute();

  // The realtime event log (issue 9 §4): every event a member receives gets the member's
  // next sequence number, stored in the transaction that caused it, so a socket that
  // reconnects replays exactly what it missed. Typing is ephemeral and not stored.
  await db.schema
    .createTable('member_event_counters')
    .addColumn('member_id', 'integer', (column) =>
      column.primaryKey().references('members.id').onDelete('cascade'),
    )
    .addColumn('last_seq', 'integer', notNull)
    .execute();
  await db.schema
    .createTable('member_events')
    .addColumn('member_id', 'integer', (column) =>
      column.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', notNull)
    .addColumn('event_json', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('member_events_pk', ['member_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('member_events_created')
    .on('member_events')
    .columns(['created_at'])
    .execute();

  // Who a visitor wrote to when signing up on a member's page (spec §3 signup_message,
  // issue 9 §6): delivered into that conversation once the account is activated.
  await db.schema.alterTable('members').addColumn('signup_message_to', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('signup_message_to').execute();
  await db.schema.dropTable('member_events').execute();
  await db.schema.dropTable('member_event_counters').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversation_members').execute();
  await db.schema.dropTable('conversations').execute();
}
