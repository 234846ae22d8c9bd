import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following its changes (a phone turned, a window
 * resized). Read during the first render, so a layout chosen by it never jumps (CLS).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
  );
}
