import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ChatMessage, ConversationAnswer } from '@contract/chat';
import { chatApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { readMarkOf, readUpTo, sortMessages } from './chat-api';

interface History {
  messages: ChatMessage[];
  /** Where the next older page starts; null when the site's history limit or the start is reached. */
  olderCursor: string | null;
  started: boolean;
}

const EMPTY: History = { messages: [], olderCursor: null, started: false };

/**
 * A conversation's history (issue 9 §1): the latest page from chat.php, kept fresh by refetch
 * and socket events, plus older pages loaded on demand (keyset). Every message seen stays, so
 * a refetched latest page that slid forward leaves no gap; the older cursor comes from the
 * first answer and then from the older pages only.
 *
 * Read ticks hold for every page loaded, not only the latest: the partner's read mark is the
 * newest of what any answer showed read (a refetch while the socket is down) and of the
 * `message.read` events passed to `noteRead`, and every own message up to it shows read.
 */
export function useHistory(answer: ConversationAnswer | undefined) {
  const [history, setHistory] = useState<History>(EMPTY);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [readByEvent, setReadByEvent] = useState(0);
  const noteRead = useCallback(
    (upToId: number) => setReadByEvent((current) => Math.max(current, upToId)),
    [],
  );

  useEffect(() => {
    if (!answer) return;
    setHistory((current) => ({
      messages: sortMessages([...current.messages, ...answer.messages]),
      olderCursor: current.started ? current.olderCursor : answer.older_cursor,
      started: true,
    }));
  }, [answer]);

  const conversationId = answer?.conversation_id ?? null;
  const loadOlder = useCallback(async () => {
    if (loading || !history.olderCursor || conversationId === null) return;
    setLoading(true);
    setError(null);
    try {
      const page = await callApi(chatApi.messages, {
        query: { conversation: conversationId, before: history.olderCursor },
      });
      setHistory((current) => ({
        messages: sortMessages([...page.messages, ...current.messages]),
        olderCursor: page.older_cursor,
        started: true,
      }));
    } catch (failure) {
      setError(failure);
    } finally {
      setLoading(false);
    }
  }, [loading, history.olderCursor, conversationId]);

  const partnerId = answer?.partner.id ?? 0;
  const messages = useMemo(() => {
    const mark = Math.max(readByEvent, readMarkOf(history.messages, partnerId));
    return readUpTo(history.messages, partnerId, mark);
  }, [history.messages, partnerId, readByEvent]);

  return {
    messages,
    noteRead,
    hasOlder: history.olderCursor !== null,
    loadingOlder: loading,
    olderError: error,
    loadOlder,
  };
}
