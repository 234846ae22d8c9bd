import type { Db } from '@server/db/database';
import type { MemberEvents } from '@server/realtime/member-events';
import { markConversationRead } from './conversation-queries';
import { type ChatViewer, findOwnConversation } from './conversation-view';

/**
 * spec §4: opening a conversation sets its unread count to 0. The read mark and the
 * partner's message.read event are stored in one transaction, and the event published after
 * it; nothing is told when everything was read already. A partner the viewer can no longer
 * reach (a block either way) answers not_found and learns nothing (issue 9 §5).
 */
export async function markRead(
  db: Db,
  events: MemberEvents,
  context: ChatViewer,
  conversationId: number,
): Promise<void> {
  const { sides, partner } = await findOwnConversation(db, context, conversationId);
  const stored = await db.transaction().execute(async (trx) => {
    const upTo = await markConversationRead(trx, conversationId, context.viewer.id);
    // A partner who deleted their account has nobody to tell (issue 31 item 7).
    if (upTo === undefined || partner === 'deleted') return [];
    return [
      await events.record(trx, sides.partner.member_id, {
        type: 'message.read',
        conversation_id: conversationId,
        up_to_message_id: upTo,
      }),
    ];
  });
  // Stored first: a failed publish reaches the partner's tabs when they resume.
  await events.publish(stored).catch(() => undefined);
}
