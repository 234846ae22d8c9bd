import type { ChatMessage } from '@contract/chat';
import type { PendingMessage } from './use-send-queue';

/**
 * The pending bubbles whose message has already arrived in the history. The socket's echo of
 * one's own message (or a refetch) can land before the send call answers; until the answer
 * drops the bubble, the same message would show twice. A text or gift still sending is taken as
 * arrived when one of one's own messages with the same content, newer than every message known
 * when it was queued, is in the history; each such message stands for one bubble only.
 */
export function arrivedPending(
  pending: readonly PendingMessage[],
  messages: readonly ChatMessage[],
  isMine: (message: ChatMessage) => boolean,
): Set<string> {
  const arrived = new Set<string>();
  const claimed = new Set<number>();
  for (const entry of pending) {
    if (entry.status !== 'sending' || entry.draft.kind === 'photo') continue;
    const { draft } = entry;
    const match = messages.find(
      (message) =>
        !claimed.has(message.id) &&
        message.id > entry.newestKnownId &&
        isMine(message) &&
        message.kind === draft.kind &&
        (draft.kind === 'text' ? message.text === draft.text : message.gift_id === draft.giftId),
    );
    if (match) {
      claimed.add(match.id);
      arrived.add(entry.clientKey);
    }
  }
  return arrived;
}
