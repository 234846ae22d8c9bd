import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ChatMessage, ConversationAnswer } from '@contract/chat';
import { chatApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import type { RealtimeStatus } from '@web/api/realtime-events';
import { queryKeys } from '@web/api/query-keys';

/** Which conversation a page shows: by its id (/chats/{id}) or by the partner (/members/{id}/chat). */
export type ConversationRef = { conversation: number } | { member: number };

// While a conversation is open it reloads every 10 s when the socket is down (issue 9 §4);
// with the socket live, events bring what changes and a slow reload is only a safety net.
export const CONVERSATION_REFETCH_MS = 10_000;
export const CONVERSATION_REFETCH_LIVE_MS = 60_000;

/** How often an open conversation reloads while the tab's socket is in this state. */
export const conversationRefetchMs = (status: RealtimeStatus) =>
  status === 'live' ? CONVERSATION_REFETCH_LIVE_MS : CONVERSATION_REFETCH_MS;

/** A conversation's key: cached by its id on /chats/{id}, by the partner on /members/{id}/chat. */
export const conversationKey = (ref: ConversationRef) =>
  'conversation' in ref
    ? queryKeys.chat.withConversation(ref.conversation)
    : queryKeys.chat.withMember(ref.member);

/**
 * An open conversation. The socket's state is an option, not read when a fetch ends: the page
 * passes it in (useRealtimeStatus), so the moment the socket drops the observer's timer is
 * set to 10 s; read only after each fetch, a drop while live waited out the 60-second timer.
 */
export function conversationQuery(ref: ConversationRef, status: RealtimeStatus) {
  return queryOptions({
    queryKey: conversationKey(ref),
    queryFn: ({ signal }) => callApi(chatApi.conversation, { query: ref, signal }),
    refetchInterval: conversationRefetchMs(status),
  });
}

/** Every cached copy of an open conversation (it may be cached by id and by partner). */
export function updateConversations(
  queryClient: QueryClient,
  matches: (answer: ConversationAnswer) => boolean,
  update: (answer: ConversationAnswer) => ConversationAnswer,
) {
  queryClient.setQueriesData<ConversationAnswer>(
    { queryKey: queryKeys.chat.conversations },
    (answer) => (answer && matches(answer) ? update(answer) : answer),
  );
}

/**
 * Drops every cached copy of a deleted conversation (docs/chat.md "Photos and gifts": who
 * deletes a conversation no longer sees its messages nor photos), so opening that member's
 * chat again shows none of it, not even until the refetch answers.
 */
export function forgetConversation(queryClient: QueryClient, conversationId: number) {
  queryClient.removeQueries({
    queryKey: queryKeys.chat.conversations,
    predicate: (query) =>
      (query.state.data as ConversationAnswer | undefined)?.conversation_id === conversationId,
  });
}

/** Adds a message to the history it belongs to, once (a refetch may bring it too). */
export function withMessage(answer: ConversationAnswer, message: ChatMessage): ConversationAnswer {
  const messages = answer.messages.some((known) => known.id === message.id)
    ? answer.messages.map((known) => (known.id === message.id ? message : known))
    : [...answer.messages, message];
  return { ...answer, conversation_id: message.conversation_id, messages };
}

/** Marks the viewer's own messages up to one id as read by the partner (the read ticks). */
export function withReadUpTo(answer: ConversationAnswer, upToId: number): ConversationAnswer {
  return { ...answer, messages: readUpTo(answer.messages, answer.partner.id, upToId) };
}

/**
 * The viewer's own messages up to `upToId` shown read; the same array when nothing changes,
 * so a history of many pages is not re-rendered for nothing.
 */
export function readUpTo(messages: ChatMessage[], partnerId: number, upToId: number) {
  const unread = (message: ChatMessage) =>
    message.sender_id !== partnerId && message.id <= upToId && !message.read;
  if (!messages.some(unread)) return messages;
  return messages.map((message) => (unread(message) ? { ...message, read: true } : message));
}

/**
 * How far the partner has read, as far as these messages tell: the newest own message shown
 * read (the partner's read mark only moves forward, so every older own message is read too).
 */
export function readMarkOf(messages: readonly ChatMessage[], partnerId: number): number {
  let mark = 0;
  for (const message of messages)
    if (message.read && message.sender_id !== partnerId && message.id > mark) mark = message.id;
  return mark;
}

/** Oldest first; ids grow with time, so they break ties between equal timestamps. */
export function sortMessages(messages: ChatMessage[]): ChatMessage[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  return [...byId.values()].sort((a, b) => a.sent_at.localeCompare(b.sent_at) || a.id - b.id);
}
