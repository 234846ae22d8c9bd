import { useEffect, useRef, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * Whole minutes (rounded up) until `isoTime`, updated as each minute passes; calls
 * `onReached` once the time has come.
 */
export function useMinutesUntil(isoTime: string, onReached: () => void): number {
  const target = Date.parse(isoTime);
  const [now, setNow] = useState(() => Date.now());
  const reached = useRef(onReached);
  reached.current = onReached;

  useEffect(() => {
    const remaining = target - now;
    if (remaining <= 0) {
      reached.current();
      return;
    }
    // Wake exactly when the shown number of minutes changes.
    const timer = setTimeout(() => setNow(Date.now()), (remaining % MINUTE_MS || MINUTE_MS) + 20);
    return () => clearTimeout(timer);
  }, [target, now]);

  return Math.max(0, Math.ceil((target - now) / MINUTE_MS));
}
