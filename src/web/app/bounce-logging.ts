import { pageBouncesApi } from '@web/api/endpoints';

/**
 * spec §4 `lb`, §7 page-hidden.php: a beacon when the page is hidden (the tab closed, the
 * app switched), once per page and tab. A beacon survives the page's end, which a fetch does
 * not; it carries no headers, so it is plain text and the server checks its origin instead.
 */
export function startBounceLogging(): () => void {
  const reported = new Set<string>();
  const onVisibilityChange = () => {
    if (document.visibilityState !== 'hidden') return;
    const path = window.location.pathname;
    if (reported.has(path)) return;
    reported.add(path);
    navigator.sendBeacon(pageBouncesApi.pageHidden.path, JSON.stringify({ path }));
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  // Says the tab logs from here on (its code loads after the page): a test waits for it before
  // leaving the page, instead of guessing how long the chunk takes on a busy machine.
  document.documentElement.dataset.bounceLogging = 'on';
  return () => {
    document.removeEventListener('visibilitychange', onVisibilityChange);
    delete document.documentElement.dataset.bounceLogging;
  };
}
