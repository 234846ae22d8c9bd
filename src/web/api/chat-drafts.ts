// What a member has written to a partner and not yet sent (issue 23 item 9): kept in the
// tab's sessionStorage, so a text refused for credits or premium survives the prompt, the
// purchase and the way back (the provider's checkout included), and goes only when the member
// presses Send. Per tab and gone when it closes; logging out forgets them all.
const PREFIX = 'chat-draft:';

const keyFor = (partnerId: number) => `${PREFIX}${partnerId}`;

/** Storage can be missing or refuse (private modes, quota): a draft is a convenience. */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readChatDraft(partnerId: number): string {
  try {
    return storage()?.getItem(keyFor(partnerId)) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the text; an empty one (only spaces) removes the draft. */
export function writeChatDraft(partnerId: number, text: string): void {
  try {
    if (text.trim()) storage()?.setItem(keyFor(partnerId), text);
    else storage()?.removeItem(keyFor(partnerId));
  } catch {
    // Full or refused: the text stays in the composer for as long as the page is open.
  }
}

/** On logout: the next person at this tab sees nothing of what was written. */
export function forgetChatDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) store.removeItem(key);
  } catch {
    // Nothing stored, or nothing to reach.
  }
}
