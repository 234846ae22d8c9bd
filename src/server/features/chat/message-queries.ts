import { sql } from 'kysely';
import type { Db } from '@server/db/database';
import type { MessagesTable } from '@server/db/tables/chat-tables';

/**
 * One page of a conversation's history as one side sees it, newest first: nothing that side
 * deleted (cleared_up_to), nothing older than the site's history limit (spec §9; the
 * `historyLimit` newest messages of the conversation), and below `beforeId` for older pages.
 */
export function listMessages(
  db: Db,
  page: {
    conversationId: number;
    clearedUpTo: number;
    historyLimit: number;
    beforeId?: number;
    limit: number;
  },
) {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', page.conversationId)
    .where('id', '>', page.clearedUpTo)
    // The oldest message still within the limit, found along index messages_conversation.
    .where(
      'id',
      '>=',
      sql<number>`coalesce((select limited.id from messages limited where limited.conversation_id = ${page.conversationId} order by limited.id desc limit 1 offset ${page.historyLimit - 1}), 0)`,
    );
  if (page.beforeId !== undefined) query = query.where('id', '<', page.beforeId);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

export function findMessageByClientKey(db: Db, senderId: number, clientKey: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
}

export function findMessage(db: Db, messageId: number) {
  return db.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirst();
}

/**
 * Whether a message is among the `historyLimit` newest of its conversation (spec §9), the
 * rule of `listMessages`: fewer than `historyLimit` newer ones (along messages_conversation).
 */
export async function isWithinHistoryLimit(
  db: Db,
  message: { id: number; conversation_id: number },
  historyLimit: number,
) {
  const newer = await db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', message.conversation_id)
    .where('id', '>', message.id)
    .orderBy('id')
    .limit(1)
    .offset(historyLimit - 1)
    .executeTakeFirst();
  return newer === undefined;
}

export type NewMessage = Omit<MessagesTable, 'id'>;

export function insertMessage(db: Db, message: NewMessage) {
  return db.insertInto('messages').values(message).returningAll().executeTakeFirstOrThrow();
}

/**
 * Finds the pair's conversation or starts it. The unique pair index makes this race-free:
 * a parallel start by either member waits on the index and then finds the committed row.
 * Answers the conversation id and whether this call started it.
 */
export async function findOrStartConversation(
  db: Db,
  pair: { siteId: number; senderId: number; recipientId: number; now: string },
): Promise<{ id: number; started: boolean }> {
  const low = Math.min(pair.senderId, pair.recipientId);
  const high = Math.max(pair.senderId, pair.recipientId);
  const find = () =>
    db
      .selectFrom('conversations')
      .select('id')
      .where('member_low_id', '=', low)
      .where('member_high_id', '=', high)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return { id: existing.id, started: false };
  const inserted = await db
    .insertInto('conversations')
    .values({
      site_id: pair.siteId,
      member_low_id: low,
      member_high_id: high,
      started_by: pair.senderId,
      created_at: pair.now,
    })
    .onConflict((conflict) => conflict.columns(['member_low_id', 'member_high_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, started: true };
  const raced = await find();
  if (!raced) throw new Error('conversation vanished while starting it');
  return { id: raced.id, started: false };
}

/**
 * Puts a new message at the top of both sides' lists: last message, unread +1 for the
 * recipient, shown again if deleted (spec §4: a newer message brings it back). One
 * statement with the rows in member id order, so two members writing to each other at
 * once lock the rows in the same order and never deadlock.
 */
export async function recordLastMessage(
  db: Db,
  message: {
    conversationId: number;
    id: number;
    senderId: number;
    recipientId: number;
    at: string;
  },
) {
  const side = (memberId: number, partnerId: number) => ({
    conversation_id: message.conversationId,
    member_id: memberId,
    partner_id: partnerId,
    last_message_id: message.id,
    last_message_at: message.at,
    num_unread_messages: memberId === message.recipientId ? 1 : 0,
    is_hidden: 0,
  });
  const rows = [
    side(message.senderId, message.recipientId),
    side(message.recipientId, message.senderId),
  ].sort((a, b) => a.member_id - b.member_id);
  await db
    .insertInto('conversation_members')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['conversation_id', 'member_id']).doUpdateSet({
        last_message_id: (eb) => eb.ref('excluded.last_message_id'),
        last_message_at: (eb) => eb.ref('excluded.last_message_at'),
        num_unread_messages: sql<number>`conversation_members.num_unread_messages + excluded.num_unread_messages`,
        is_hidden: 0,
      }),
    )
    .execute();
}
