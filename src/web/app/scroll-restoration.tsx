import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
let kept: Map<string, number> | undefined;
/** Positions by history entry, read from the tab's storage the first time (after a reload). */
function positions(): Map<string, number> {
  kept ??= new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][]);
  return kept;
}

/**
 * What React Router's ScrollRestoration did with the data router (issue 25 item 6): a new
 * page starts at the top (or at its #anchor), back and forward return to where the visitor
 * was, also after a reload of the tab.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const keep = () =>
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions()].slice(-50)));
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, []);

  useLayoutEffect(() => {
    const saved = positions().get(location.key);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
    // Kept while the page is shown: read at leave time, a shorter next page would have cut it.
    const remember = () => positions().set(location.key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key, location.hash, navigationType]);

  return null;
}
