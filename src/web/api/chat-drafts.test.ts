import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetChatDrafts, readChatDraft, writeChatDraft } from './chat-drafts';

/** A sessionStorage as the browser's, for a test in node. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('chat drafts (issue 23 item 9)', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a text per partner until it is emptied', () => {
    writeChatDraft(7, 'Are you there?');
    writeChatDraft(8, 'Hello');
    expect(readChatDraft(7)).toBe('Are you there?');
    expect(readChatDraft(8)).toBe('Hello');
    writeChatDraft(7, '   ');
    expect(readChatDraft(7)).toBe('');
    expect(sessionStorage.length).toBe(1);
  });

  it('forgets every draft on logout, and only drafts', () => {
    sessionStorage.setItem('tracking', '{}');
    writeChatDraft(7, 'one');
    writeChatDraft(9, 'two');
    forgetChatDrafts();
    expect(readChatDraft(7)).toBe('');
    expect(readChatDraft(9)).toBe('');
    expect(sessionStorage.getItem('tracking')).toBe('{}');
  });

  it('does without storage where the browser refuses it', () => {
    vi.stubGlobal('sessionStorage', {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    expect(() => writeChatDraft(7, 'text')).not.toThrow();
    expect(readChatDraft(7)).toBe('');
  });
});
