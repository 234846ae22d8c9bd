import { useCallback, useRef } from 'react';
import { chatApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';

/** The member's typing is relayed at most this often (never stored). */
export const TYPING_SIGNAL_MS = 3_000;

/**
 * Tells the partner the member is typing: one chat-typing.php call at most every 3 s while
 * keys are pressed. A conversation that has not started yet has nobody to tell.
 */
export function useTypingSignal(conversationId: number | null) {
  const lastSent = useRef(0);
  return useCallback(() => {
    if (conversationId === null) return;
    const now = Date.now();
    if (now - lastSent.current < TYPING_SIGNAL_MS) return;
    lastSent.current = now;
    // Best effort: a lost typing signal only means no "is typing…" on the other side.
    callApi(chatApi.typing, { body: { conversation: conversationId } }).catch(() => undefined);
  }, [conversationId]);
}
