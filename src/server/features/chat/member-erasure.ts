import type { Db } from '@server/db/database';

// Issue 31 item 7: the chat's part of erasing a deleted account after its 14 days. The
// member's side goes (what they sent, their own view of each conversation); the partner's
// side stays: their messages, their view, now of "a deleted member" (conversation-queries.ts).

/** The storage keys of the chat photos the member sent: their files go before the rows. */
export async function sentChatPhotoKeys(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('messages')
    .select('photo_storage_key')
    .where('sender_id', '=', memberId)
    .where('photo_storage_key', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.photo_storage_key ? [row.photo_storage_key] : []));
}

/** Deletes what the member sent and their own views; in the erasure's transaction. */
export async function eraseChatSide(trx: Db, memberId: number): Promise<void> {
  await trx.deleteFrom('messages').where('sender_id', '=', memberId).execute();
  await trx.deleteFrom('conversation_members').where('member_id', '=', memberId).execute();
  // The partner's view: nothing unread is left (only the erased member's messages were),
  // and its last message is the last one still there.
  await trx
    .updateTable('conversation_members')
    .set((eb) => ({
      num_unread_messages: 0,
      last_message_id: eb
        .selectFrom('messages')
        .select((inner) => inner.fn.max('messages.id').as('id'))
        .whereRef('messages.conversation_id', '=', 'conversation_members.conversation_id'),
    }))
    .where('partner_id', '=', memberId)
    .execute();
}
