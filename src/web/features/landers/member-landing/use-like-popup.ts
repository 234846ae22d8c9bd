import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { likePopupDelay } from '@web/components/like-popup-delay';

/**
 * spec §4 query parameter t on a member landing page: t leaves the URL at once (history
 * replace, so Back does not bring it again), and the like popup is due t seconds after the
 * page opened. Answers whether it is due, and a way to close it. Only once the viewer is known
 * to be a visitor (`forVisitor`): a member is sent elsewhere, and a second navigation in the
 * same moment would cancel that one.
 */
export function useLikePopup(forVisitor: boolean): { due: boolean; close: () => void } {
  const [params, setParams] = useSearchParams();
  // Read once, on arrival: removing t from the URL must not cancel the popup.
  const [delay] = useState(() => likePopupDelay(params.get('t')));
  const [due, setDue] = useState(false);
  const hasT = params.has('t');

  useEffect(() => {
    if (!hasT || !forVisitor) return;
    setParams(
      (current) => {
        current.delete('t');
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [hasT, forVisitor, setParams]);

  useEffect(() => {
    if (delay === null || !forVisitor) return;
    const timer = setTimeout(() => setDue(true), delay * 1000);
    return () => clearTimeout(timer);
  }, [delay, forVisitor]);

  return { due, close: () => setDue(false) };
}
