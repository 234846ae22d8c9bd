import { useEffect, useState } from 'react';

/** How long the member's live parts wait for an idle moment at most (a busy page still gets them). */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * False for the first render, true once the browser has painted it and found an idle moment
 * (issue 32 item 10): work that no first paint shows (the socket, the badges, the auto-like
 * check) waits until then instead of lengthening the task that paints the page and competing
 * with the page's own requests. Without requestIdleCallback (Safari), the next task.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after the one that paints the first render.
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') {
        idle = requestIdleCallback(() => setPainted(true), { timeout: IDLE_TIMEOUT_MS });
      } else {
        timer = setTimeout(() => setPainted(true), 0);
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
