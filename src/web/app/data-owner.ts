import type { QueryClient } from '@tanstack/react-query';
import type { LoggedInUser } from '@contract/account';
import { REFILL_APP_CACHE_MESSAGE } from '@contract/installed-app';
import { forgetChatDrafts } from '@web/api/chat-drafts';
import { queryKeys } from '@web/api/query-keys';

// Whose data this browser holds (issue 29 item 1): kept for the browser (the caches, shared by
// every tab) and for the tab (its chat drafts, in sessionStorage). When user.php names someone
// else, or no one, what the previous member left is forgotten: at a logout, at a session that
// ended, and when another member logs in, in this tab or in another one.
const OWNER_KEY = 'data-owner';

/**
 * A mark of the member, not their data: the record (spec §3) has no id, and its signup time
 * tells two accounts apart. Hashed, so the mark left in storage says nothing about them.
 */
export function ownerMarkOf(user: LoggedInUser | null): string | null {
  if (!user) return null;
  let hash = 0x811c9dc5;
  for (const character of user.signup_date) {
    hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** Storage can be missing or refuse (private modes): then there is nothing kept to forget. */
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Not kept: the next answer compares against nothing, and forgets nothing.
  }
}

/**
 * Empties every cache of this origin, then asks the service worker to fetch this version's
 * shell and built files again (they are the same for everyone), so the app still opens
 * offline. Without a worker, emptying is all there is to do.
 */
export async function clearAppCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  registration?.active?.postMessage({ type: REFILL_APP_CACHE_MESSAGE });
}

/**
 * Records who user.php says is here, and forgets what another member (or the same one, now
 * logged out) left: the caches when the browser's owner changes, this tab's drafts when the
 * tab's does. A visitor who logs in has nothing to forget.
 */
export function settleDataOwner(user: LoggedInUser | null): Promise<void> {
  const owner = ownerMarkOf(user);
  const tabOwner = read(() => sessionStorage, OWNER_KEY);
  if (tabOwner !== null && tabOwner !== owner) forgetChatDrafts();
  write(() => sessionStorage, OWNER_KEY, owner);
  const browserOwner = read(() => localStorage, OWNER_KEY);
  write(() => localStorage, OWNER_KEY, owner);
  if (browserOwner !== null && browserOwner !== owner) return clearAppCaches();
  return Promise.resolve();
}

/**
 * Follows the user record for the life of the app: every answer of user.php (a login, a
 * logout, a refresh, the 403 that ends a session) settles the owner. Another tab's logout or
 * login changes the browser's owner: this tab then asks user.php at once, so its drafts go
 * now rather than at the next refresh. Returns the unsubscribe.
 */
export function followDataOwner(queryClient: QueryClient): () => void {
  let settled: string | null | undefined;
  const settle = () => {
    const state = queryClient.getQueryState<LoggedInUser | null>(queryKeys.user);
    if (state?.status !== 'success' || state.data === undefined) return;
    const owner = ownerMarkOf(state.data);
    if (owner === settled) return;
    settled = owner;
    settleDataOwner(state.data).catch((error: unknown) =>
      console.warn('the caches could not be emptied', error),
    );
  };
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === queryKeys.user[0]) settle();
  });
  settle();
  const onStorage = (event: StorageEvent) => {
    if (event.key === OWNER_KEY && event.newValue !== settled) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopCache();
    window.removeEventListener('storage', onStorage);
  };
}
