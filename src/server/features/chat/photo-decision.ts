import type { ChatMessage } from '@contract/chat';
import type { Db } from '@server/db/database';
import { AppError } from '@server/errors/app-error';
import { presentMessage } from './chat-presenter';
import type { ChatViewer } from './conversation-view';
import { findReachablePhoto } from './photo-access';

/**
 * View or Decline an incoming photo (issue 9 §3): only its recipient decides, on a photo
 * still in the history they can load (photo-access.ts); anyone else, or a message that is no
 * photo, answers not_found. Declining hides it; viewing later is still possible.
 */
export async function decidePhoto(
  db: Db,
  context: ChatViewer,
  messageId: number,
  decision: 'view' | 'decline',
): Promise<ChatMessage> {
  const { message, sides } = await findReachablePhoto(db, context, messageId);
  if (message.recipient_id !== context.viewer.id) throw new AppError('not_found', 'not_found');
  const photo_state = decision === 'view' ? 'viewed' : 'declined';
  await db.updateTable('messages').set({ photo_state }).where('id', '=', message.id).execute();
  return presentMessage(
    { ...message, photo_state },
    context.viewer.id,
    sides.partner.last_read_message_id,
  );
}
