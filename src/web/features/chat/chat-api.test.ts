import { QueryClient, QueryObserver, environmentManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ConversationAnswer } from '@contract/chat';
import {
  CONVERSATION_REFETCH_MS,
  conversationKey,
  conversationQuery,
  forgetConversation,
  readMarkOf,
  readUpTo,
  sortMessages,
  withMessage,
  withReadUpTo,
} from './chat-api';

const ME = 1;
const PARTNER = 2;

function message(
  id: number,
  sender = ME,
  sentAt = `2026-11-22T20:00:${String(id).padStart(2, '0')}Z`,
): ChatMessage {
  return {
    id,
    conversation_id: 7,
    sender_id: sender,
    kind: 'text',
    text: `message ${id}`,
    gift_id: null,
    photo: null,
    sent_at: sentAt,
    read: false,
  };
}

function conversation(
  messages: ChatMessage[],
  conversationId: number | null = 7,
): ConversationAnswer {
  return {
    conversation_id: conversationId,
    partner: {
      id: PARTNER,
      name: 'Sam',
      age: 30,
      country: 'NL',
      region: null,
      region_name: null,
      main_image: null,
      fictional: false,
      activity: null,
    },
    messages,
    older_cursor: null,
    terms: {
      costs: { message: 5, photo: 10, gift: 15 },
      message_length: 1000,
      minimum_message_costs: null,
      credits: 100,
      premium: true,
      conversations_left: null,
    },
  };
}

describe('conversation cache updates (issue 9 §1, §4)', () => {
  it('adds a new message once, however often it arrives (answer, event, refetch)', () => {
    const first = withMessage(conversation([message(1)]), message(2, PARTNER));
    const again = withMessage(first, message(2, PARTNER));
    expect(again.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('starts the conversation with the first message sent from a member page', () => {
    const answer = withMessage(conversation([], null), message(1));
    expect(answer.conversation_id).toBe(7);
  });

  it("ticks the member's own messages up to the one the partner read, not theirs", () => {
    const answer = withReadUpTo(
      conversation([message(1), message(2, PARTNER), message(3), message(4)]),
      3,
    );
    expect(answer.messages.map((m) => [m.id, m.read])).toEqual([
      [1, true],
      [2, false],
      [3, true],
      [4, false],
    ]);
  });

  it('orders history oldest first without duplicates, the later copy winning', () => {
    const read = { ...message(2), read: true };
    const sorted = sortMessages([message(3), message(2), message(1), read]);
    expect(sorted.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(sorted[1]!.read).toBe(true);
  });

  it('breaks ties between equal timestamps by id', () => {
    const at = '2026-11-22T20:00:00Z';
    expect(sortMessages([message(9, ME, at), message(8, ME, at)]).map((m) => m.id)).toEqual([8, 9]);
  });
});

describe('deleting a conversation (docs/chat.md "Photos and gifts")', () => {
  it('forgets every cached copy of it, by id and by partner, and keeps the others', () => {
    const queryClient = new QueryClient();
    const deleted = conversation([message(1)], 7);
    const other = conversation([message(5)], 8);
    queryClient.setQueryData(conversationKey({ conversation: 7 }), deleted);
    queryClient.setQueryData(conversationKey({ member: PARTNER }), deleted);
    queryClient.setQueryData(conversationKey({ conversation: 8 }), other);
    forgetConversation(queryClient, 7);
    expect(queryClient.getQueryData(conversationKey({ conversation: 7 }))).toBeUndefined();
    expect(queryClient.getQueryData(conversationKey({ member: PARTNER }))).toBeUndefined();
    expect(queryClient.getQueryData(conversationKey({ conversation: 8 }))).toBe(other);
  });
});

describe('read ticks across every loaded page (issue 9 §4)', () => {
  it('takes the read mark from the newest own message shown read, on any page', () => {
    const latest = [message(30), { ...message(31), read: true }, message(32, PARTNER)];
    expect(readMarkOf([message(1), { ...message(2), read: true }, ...latest], PARTNER)).toBe(31);
    expect(readMarkOf([{ ...message(5, PARTNER), read: true }], PARTNER)).toBe(0);
  });

  it('shows every own message up to the mark read, older pages too, and keeps the array when nothing changes', () => {
    const older = [message(1), message(2, PARTNER), message(3)];
    const latest = [message(30), message(31)];
    const marked = readUpTo([...older, ...latest], PARTNER, 30);
    expect(marked.map((m) => [m.id, m.read])).toEqual([
      [1, true],
      [2, false],
      [3, true],
      [30, true],
      [31, false],
    ]);
    expect(readUpTo(marked, PARTNER, 30)).toBe(marked);
  });
});

describe('the periodic refetch while the socket is down (spec §4, issue 9 §4)', () => {
  afterEach(() => {
    vi.useRealTimers();
    environmentManager.setIsServer(() => typeof window === 'undefined');
  });

  it('reloads an open conversation 10 s after the socket drops, not at the 60-second beat', async () => {
    vi.useFakeTimers();
    // TanStack Query runs no intervals on a server; this test plays the browser tab.
    environmentManager.setIsServer(() => false);
    const queryClient = new QueryClient();
    let fetches = 0;
    const ref = { conversation: 7 };
    const options = (status: 'live' | 'reconnecting') => ({
      ...conversationQuery(ref, status),
      queryFn: async () => {
        fetches += 1;
        return conversation([message(fetches)]);
      },
    });
    const observer = new QueryObserver(queryClient, options('live'));
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    // The socket drops while live: the page renders again with the new status.
    observer.setOptions(options('reconnecting'));
    await vi.advanceTimersByTimeAsync(CONVERSATION_REFETCH_MS);
    expect(fetches).toBe(2);
    await vi.advanceTimersByTimeAsync(CONVERSATION_REFETCH_MS);
    expect(fetches).toBe(3);
    stop();
    queryClient.clear();
  });
});
