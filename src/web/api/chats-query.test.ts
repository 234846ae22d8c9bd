import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatListEntry, ChatsAnswer } from '@contract/chat';
import { markConversationReadInCache, removeConversationFromCache } from './chats-query';
import { queryKeys } from '@web/api/query-keys';

function entry(id: number, unread: number): ChatListEntry {
  return {
    conversation: { id, last_message: null },
    profile: {
      id: 100 + id,
      name: `Member ${id}`,
      age: 30,
      country: 'NL',
      region: null,
      region_name: null,
      main_image: null,
      fictional: false,
      activity: null,
    },
    num_unread_messages: unread,
  };
}

function cached(...entries: ChatListEntry[]) {
  const queryClient = new QueryClient();
  const page: ChatsAnswer = {
    chats: entries,
    total_unread: entries.reduce((sum, one) => sum + one.num_unread_messages, 0),
    next_cursor: null,
  };
  queryClient.setQueryData(queryKeys.chats, { pages: [page], pageParams: [''] });
  const read = () => queryClient.getQueryData<{ pages: ChatsAnswer[] }>(queryKeys.chats)!.pages[0]!;
  return { queryClient, read };
}

describe('the chats cache (spec §4)', () => {
  it('opening a conversation sets its unread count to 0 and lowers the total', () => {
    const { queryClient, read } = cached(entry(1, 3), entry(2, 2));
    markConversationReadInCache(queryClient, 1);
    expect(read().chats.map((one) => one.num_unread_messages)).toEqual([0, 2]);
    expect(read().total_unread).toBe(2);
  });

  it('a deleted conversation leaves the list at once, with its unread messages', () => {
    const { queryClient, read } = cached(entry(1, 3), entry(2, 2));
    removeConversationFromCache(queryClient, 2);
    expect(read().chats.map((one) => one.conversation.id)).toEqual([1]);
    expect(read().total_unread).toBe(3);
  });

  it('leaves the counts alone for a conversation it does not know', () => {
    const { queryClient, read } = cached(entry(1, 3));
    markConversationReadInCache(queryClient, 9);
    removeConversationFromCache(queryClient, 9);
    expect(read().total_unread).toBe(3);
  });
});
