import { useSyncExternalStore } from 'react';

// How many pages' code is loading now: the top progress bar shows while it is above zero.
// Counted here because the declarative router has no navigation state of its own (issue 25
// item 6, docs/decisions.md); app-routes.tsx wraps each page's import with trackPageLoad.
let loading = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Counts `load` as a page's code loading until it settles; hands its result on. */
export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  loading += 1;
  notify();
  return load.finally(() => {
    loading -= 1;
    notify();
  });
}

/** Whether some page's code is loading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0,
  );
}
