import { useEffect } from 'react';

const FLAG = 'bounce-logging';

/**
 * spec §4 "Query parameter lb present: page bounce logging is enabled". Once a tab arrives
 * with `lb`, it stays on for that tab (the visitor may move on from the landing page first).
 */
export function isBounceLoggingWanted(search: string): boolean {
  try {
    if (new URLSearchParams(search).has('lb')) sessionStorage.setItem(FLAG, '1');
    return sessionStorage.getItem(FLAG) === '1';
  } catch {
    // Storage refused (a private window): logging for this page only.
    return new URLSearchParams(search).has('lb');
  }
}

/** Starts the page-hidden beacon in tabs that log; its code loads only there. */
export function useBounceLogging(): void {
  useEffect(() => {
    if (!isBounceLoggingWanted(window.location.search)) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./bounce-logging').then(({ startBounceLogging }) => {
      if (!cancelled) stop = startBounceLogging();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}
