import type { QueryClient } from '@tanstack/react-query';
import type { LoggedInUser } from '@contract/account';
import { APP_CACHE_PREFIX, FORGET_MEMBER_DATA_MESSAGE } from '@contract/service-worker-cache';
import { forgetChatDrafts } from '@web/api/chat-drafts';
import { queryKeys } from '@web/api/query-keys';
import { PUSH_STATE_KEY, endPushSubscription } from '@web/components/push-subscription';
import { OWNER_KEY } from './data-owner-key';

// Whose data this browser holds (issue 29 item 1): kept for the browser (the caches, shared by
// every tab) and for the tab (its chat drafts, in sessionStorage). When user.php names someone
// else, or no one, what the previous member left is forgotten: at a logout, at a session that
// ended, and when another member logs in, in this tab or in another one.

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
 * Empties every cache of this origin but the service worker's, and has the worker drop every
 * other entry (src/web/sw/service-worker.ts): what is left is this version's shell and built
 * files, the same for everyone, so the app still opens offline right after a logout. Without
 * an active worker every cache goes.
 */
export async function clearAppCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const worker =
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator
      ? (await navigator.serviceWorker.getRegistration())?.active
      : undefined;
  const names = await caches.keys();
  const dropped = worker ? names.filter((name) => !name.startsWith(APP_CACHE_PREFIX)) : names;
  await Promise.all(dropped.map((name) => caches.delete(name)));
  worker?.postMessage({ type: FORGET_MEMBER_DATA_MESSAGE });
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
  if (browserOwner !== null && browserOwner !== owner) {
    // The push answer this tab kept was about the previous member's subscription.
    write(() => sessionStorage, PUSH_STATE_KEY, null);
    return Promise.all([clearAppCaches(), endPushSubscription()]).then(() => undefined);
  }
  return Promise.resolve();
}

/**
 * Follows the user record while a member is here (member-shell.tsx): every answer of user.php (a login, a
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
