import { useEffect } from 'react';

/** Whether a key press belongs to a field the staff member is typing in. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Single-key shortcuts of a moderation page (issue 30: keyboard-friendly), active while it is
 * shown; ignored while typing in a field or with a modifier held.
 */
export function useModerationKeys(keys: Record<string, () => void>) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      const action = keys[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys]);
}
