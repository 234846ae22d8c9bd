import { useEffect, useState, useSyncExternalStore } from 'react';

/** How long a partner's typing event keeps "is typing…" visible (they send one every 3 s). */
export const TYPING_SHOW_MS = 5_000;

// Client-only state: until when each conversation's partner counts as typing. Written by
// the socket's typing events, read by the open conversation.
const typingUntil = new Map<number, number>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function notePartnerTyping(conversationId: number) {
  typingUntil.set(conversationId, Date.now() + TYPING_SHOW_MS);
  emit();
}

/** Their message arrived: they stopped typing it. */
export function clearPartnerTyping(conversationId: number) {
  if (typingUntil.delete(conversationId)) emit();
}

/** Whether the partner of a conversation is typing now; turns false by itself. */
export function usePartnerTyping(conversationId: number | null): boolean {
  const until = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (conversationId === null ? 0 : (typingUntil.get(conversationId) ?? 0)),
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return until > now;
}
