import { sql } from 'kysely';
import type { Db } from '@server/db/database';
import { preparedQuery } from '@server/db/prepared-query';
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

// Every send asks these, inside its transaction: compiled once (docs/performance.md).
const messageByClientKeyQuery = preparedQuery((db, senderId: number, clientKey: string) =>
  db
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('client_key', '=', clientKey),
);
const conversationOfPairQuery = preparedQuery((db, low: number, high: number) =>
  db
    .selectFrom('conversations')
    .select('id')
    .where('member_low_id', '=', low)
    .where('member_high_id', '=', high),
);

export async function findMessageByClientKey(db: Db, senderId: number, clientKey: string) {
  const [message] = await messageByClientKeyQuery(db, senderId, clientKey);
  return message;
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

const insertMessageQuery = preparedQuery(
  (
    db,
    conversationId: number,
    senderId: number,
    recipientId: number,
    kind: NewMessage['kind'],
    text: string | null,
    giftId: string | null,
    photoStorageKey: string | null,
    photoState: NewMessage['photo_state'],
    clientKey: string,
    creditsSpent: number,
    operatorState: NewMessage['operator_state'],
    createdAt: string,
  ) =>
    db
      .insertInto('messages')
      .values({
        conversation_id: conversationId,
        sender_id: senderId,
        recipient_id: recipientId,
        kind,
        text,
        gift_id: giftId,
        photo_storage_key: photoStorageKey,
        photo_state: photoState,
        client_key: clientKey,
        credits_spent: creditsSpent,
        operator_state: operatorState,
        created_at: createdAt,
      })
      .returningAll(),
);

export async function insertMessage(db: Db, message: NewMessage) {
  const [row] = await insertMessageQuery(
    db,
    message.conversation_id,
    message.sender_id,
    message.recipient_id,
    message.kind,
    message.text,
    message.gift_id,
    message.photo_storage_key,
    message.photo_state,
    message.client_key,
    message.credits_spent,
    message.operator_state,
    message.created_at,
  );
  return row!;
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
  const find = async () => (await conversationOfPairQuery(db, low, high))[0];
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

/** Both sides' list entries of a new message, in one statement (see recordLastMessage). */
const recordLastMessageQuery = preparedQuery(
  (
    db,
    conversationId: number,
    firstMemberId: number,
    firstPartnerId: number,
    firstUnread: number,
    secondMemberId: number,
    secondPartnerId: number,
    secondUnread: number,
    messageId: number,
    at: string,
  ) => {
    const side = (memberId: number, partnerId: number, unread: number) => ({
      conversation_id: conversationId,
      member_id: memberId,
      partner_id: partnerId,
      last_message_id: messageId,
      last_message_at: at,
      num_unread_messages: unread,
      is_hidden: 0,
    });
    return db
      .insertInto('conversation_members')
      .values([
        side(firstMemberId, firstPartnerId, firstUnread),
        side(secondMemberId, secondPartnerId, secondUnread),
      ])
      .onConflict((conflict) =>
        conflict.columns(['conversation_id', 'member_id']).doUpdateSet({
          last_message_id: (eb) => eb.ref('excluded.last_message_id'),
          last_message_at: (eb) => eb.ref('excluded.last_message_at'),
          num_unread_messages: sql<number>`conversation_members.num_unread_messages + excluded.num_unread_messages`,
          is_hidden: 0,
        }),
      );
  },
);

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
  const { conversationId, id, senderId, recipientId, at } = message;
  // The recipient has one more unread message; the lower member id's row comes first.
  const [low, high] = senderId < recipientId ? [senderId, recipientId] : [recipientId, senderId];
  const unread = (memberId: number) => (memberId === recipientId ? 1 : 0);
  await recordLastMessageQuery(
    db,
    conversationId,
    low,
    high,
    unread(low),
    high,
    low,
    unread(high),
    id,
    at,
  );
}
