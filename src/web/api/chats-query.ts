import {
  type InfiniteData,
  type QueryClient,
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChatsAnswer } from '@contract/chat';
import { chatApi } from '@web/api/endpoints';
import { callApi } from './call-api';
import { onServerEvent } from './realtime-events';
import { useUser } from './user-api';
import { queryKeys } from '@web/api/query-keys';

// spec §4, §9: while logged in, chats are refetched every 60 s (like the user record); a new
// message (socket event or push) reloads them at once.
export const CHATS_REFETCH_MS = 60_000;

/**
 * The member's conversations (spec §7 chats.php), newest first, in keyset pages. One cache
 * entry serves the /chats list, the Messages badge and the title count: the badge reads
 * total_unread from the first page.
 */
export const chatsQuery = infiniteQueryOptions({
  queryKey: queryKeys.chats,
  queryFn: ({ signal, pageParam }) =>
    callApi(chatApi.chats, { query: pageParam ? { cursor: pageParam } : {}, signal }),
  initialPageParam: '',
  getNextPageParam: (last: ChatsAnswer) => last.next_cursor ?? undefined,
  refetchInterval: CHATS_REFETCH_MS,
});

type ChatsData = InfiniteData<ChatsAnswer, string>;

/** spec §3 "Chat/likes state": total unread messages, 0 for visitors. */
export function useTotalUnread(): number {
  const { user } = useUser();
  const { data } = useInfiniteQuery({
    ...chatsQuery,
    enabled: Boolean(user),
    select: (chats: ChatsData) => chats.pages[0]?.total_unread ?? 0,
  });
  return user ? (data ?? 0) : 0;
}

function updateChats(queryClient: QueryClient, update: (answer: ChatsAnswer) => ChatsAnswer) {
  queryClient.setQueryData<ChatsData>(queryKeys.chats, (data) =>
    data ? { ...data, pages: data.pages.map(update) } : data,
  );
}

/**
 * spec §4: opening a conversation sets its unread count to 0, in the list and in the total,
 * before the next refetch confirms it.
 */
export function markConversationReadInCache(queryClient: QueryClient, conversationId: number) {
  const unread =
    queryClient
      .getQueryData<ChatsData>(queryKeys.chats)
      ?.pages.flatMap((page) => page.chats)
      .find((entry) => entry.conversation.id === conversationId)?.num_unread_messages ?? 0;
  if (unread === 0) return;
  updateChats(queryClient, (answer) => ({
    ...answer,
    total_unread: Math.max(0, answer.total_unread - unread),
    chats: answer.chats.map((entry) =>
      entry.conversation.id === conversationId ? { ...entry, num_unread_messages: 0 } : entry,
    ),
  }));
}

/** spec §4: a deleted conversation leaves the list at once, its unread count with it. */
export function removeConversationFromCache(queryClient: QueryClient, conversationId: number) {
  updateChats(queryClient, (answer) => {
    const removed = answer.chats.find((entry) => entry.conversation.id === conversationId);
    return {
      ...answer,
      total_unread: Math.max(0, answer.total_unread - (removed?.num_unread_messages ?? 0)),
      chats: answer.chats.filter((entry) => entry.conversation.id !== conversationId),
    };
  });
}

/** A new message (sent or received) reorders the list and may change the counts: reload. */
export function reloadChats(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.chats });
}

/**
 * spec §4: a chat push reloads the chats, so the list and the Messages badge follow a new
 * message at once; so does a partner who deleted or restored their account (issue 31 item
 * 7). Registered once, at the app root (through the live badges).
 */
export function useChatsLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onServerEvent('message.new', () => void reloadChats(queryClient)),
      onServerEvent('partner.changed', () => void reloadChats(queryClient)),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}
