import { useCallback, useState } from 'react';
import { readChatDraft, writeChatDraft } from '@web/api/chat-drafts';

/**
 * The composer's text for one partner, kept in the tab as it is typed (issue 23 item 9), so
 * it is there again after a purchase or a reload. `restore` puts a refused message back
 * without losing what was typed since: the refused text first, as it was written first.
 */
export function useDraft(partnerId: number) {
  const [text, setText] = useState(() => readChatDraft(partnerId));

  const change = useCallback(
    (next: string) => {
      setText(next);
      writeChatDraft(partnerId, next);
    },
    [partnerId],
  );

  const restore = useCallback(
    (refused: string) => {
      setText((current) => {
        const next = current.trim() ? `${refused}\n${current}` : refused;
        writeChatDraft(partnerId, next);
        return next;
      });
    },
    [partnerId],
  );

  return { text, change, restore };
}
