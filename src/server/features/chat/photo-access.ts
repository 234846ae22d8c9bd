import type { Db } from '@server/db/database';
import { AppError } from '@server/errors/app-error';
import { type ChatViewer, findOwnConversation } from './conversation-view';
import { findMessage, isWithinHistoryLimit } from './message-queries';

/**
 * A photo message of the viewer's that is still in the history they can load (issue 9 §3,
 * docs/chat.md "Photos and gifts"): not in what they deleted (deleting a conversation from
 * my list means I no longer see its photos; the partner still does until they delete it too),
 * not beyond the site's history limit (spec §9), with a partner they may still reach (blocks,
 * issue 9 §5). Anything else answers not_found, like a photo that never existed.
 */
export async function findReachablePhoto(db: Db, context: ChatViewer, messageId: number) {
  const message = await findMessage(db, messageId);
  const viewerId = context.viewer.id;
  if (
    !message ||
    message.kind !== 'photo' ||
    (message.sender_id !== viewerId && message.recipient_id !== viewerId)
  )
    throw notFound();
  const { sides } = await findOwnConversation(db, context, message.conversation_id);
  if (
    message.id <= sides.own.cleared_up_to_message_id ||
    !(await isWithinHistoryLimit(db, message, context.site.settings.chat.history_limit))
  )
    throw notFound();
  return { message, sides };
}

const notFound = () => new AppError('not_found', 'not_found');
