import { useSyncExternalStore } from 'react';

// spec §4: alert dismissals are remembered with a timestamp under these keys.
export type DismissalKey =
  | 'hide-enrich-alert'
  | 'hide-push-notification-alert'
  | 'hide-disabled-notifications-alert'
  | 'hide-time-bonus-modal'
  // spec §2 "Site-entry warning", §4: its dismissal is remembered with a timestamp too.
  | 'hide-site-entry-warning';

// A dismissed reminder comes back after a week: it stays useful without nagging.
const REMEMBER_MS = 7 * 24 * 60 * 60 * 1000;

// The banner slot (site-banners.tsx) hands its place on when its banner is dismissed: it
// listens here, since localStorage tells no one in its own tab.
const listeners = new Set<() => void>();
let dismissals = 0;

export function isDismissed(key: DismissalKey, now = Date.now()): boolean {
  const at = Number(localStorage.getItem(key) ?? 0);
  return at > 0 && now - at < REMEMBER_MS;
}

export function dismiss(key: DismissalKey, now = Date.now()): void {
  localStorage.setItem(key, String(now));
  dismissals += 1;
  for (const listener of listeners) listener();
}

/** Renders again after each dismissal in this tab; answers how many there were. */
export function useDismissalCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => dismissals,
  );
}
