import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoggedInUser } from '@contract/account';
import { readChatDraft, writeChatDraft } from '@web/api/chat-drafts';
import { ownerMarkOf, settleDataOwner } from './data-owner';

// Issue 29 item 1: the caches (the browser's) and the chat drafts (the tab's) are forgotten
// at a logout and when another member logs in.

class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, value);
  }
}

const member = (signupDate: string) =>
  ({ signup_date: signupDate, profile: { name: 'Anna' } }) as LoggedInUser;
const anna = member('2026-11-01T10:00:00.000Z');
const bert = member('2026-11-02T11:00:00.000Z');

let cacheNames: Set<string>;
beforeEach(() => {
  cacheNames = new Set(['app-v2-abc', 'left-behind']);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('caches', {
    keys: () => Promise.resolve([...cacheNames]),
    delete: (name: string) => Promise.resolve(cacheNames.delete(name)),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('whose data the browser holds', () => {
  it('marks a member without naming them', () => {
    expect(ownerMarkOf(anna)).toBe(ownerMarkOf(member(anna.signup_date)));
    expect(ownerMarkOf(anna)).not.toBe(ownerMarkOf(bert));
    expect(ownerMarkOf(anna)).not.toContain('2026');
    expect(ownerMarkOf(null)).toBeNull();
  });

  it('forgets nothing when a visitor logs in, or the same member comes back', async () => {
    await settleDataOwner(null);
    await settleDataOwner(anna);
    writeChatDraft(7, 'Hello');
    await settleDataOwner(anna);
    expect(readChatDraft(7)).toBe('Hello');
    expect(cacheNames.size).toBe(2);
  });

  it('forgets the caches and the drafts at a logout', async () => {
    await settleDataOwner(anna);
    writeChatDraft(7, 'Hello');
    await settleDataOwner(null);
    expect(readChatDraft(7)).toBe('');
    expect(cacheNames.size).toBe(0);
  });

  it('forgets the caches and the drafts when another member logs in', async () => {
    await settleDataOwner(anna);
    writeChatDraft(7, 'Hello');
    await settleDataOwner(bert);
    expect(readChatDraft(7)).toBe('');
    expect(cacheNames.size).toBe(0);
  });

  it("forgets a tab's drafts when another tab changed the browser's member", async () => {
    await settleDataOwner(anna);
    writeChatDraft(7, 'Hello');
    // Another tab: its own sessionStorage, the same localStorage; Bert logs in there.
    const annasTab = sessionStorage;
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    await settleDataOwner(bert);
    expect(cacheNames.size).toBe(0);
    // Back in Anna's tab, user.php now names Bert.
    vi.stubGlobal('sessionStorage', annasTab);
    expect(readChatDraft(7)).toBe('Hello');
    await settleDataOwner(bert);
    expect(readChatDraft(7)).toBe('');
  });

  // The next person at a shared device must not get the previous member's notifications.
  it("ends the browser's push subscription when the member leaves, and only then", async () => {
    const unsubscribed: string[] = [];
    const subscription = { unsubscribe: () => Promise.resolve(unsubscribed.push('anna')) };
    vi.stubGlobal('window', { PushManager: class {}, Notification: class {} });
    vi.stubGlobal('navigator', {
      serviceWorker: {
        getRegistration: () =>
          Promise.resolve({
            pushManager: { getSubscription: () => Promise.resolve(subscription) },
          }),
      },
    });
    await settleDataOwner(anna);
    sessionStorage.setItem('push-state', 'subscribed');
    await settleDataOwner(anna);
    expect(unsubscribed).toEqual([]);
    await settleDataOwner(null);
    expect(unsubscribed).toEqual(['anna']);
    expect(sessionStorage.getItem('push-state')).toBeNull();
  });
});
