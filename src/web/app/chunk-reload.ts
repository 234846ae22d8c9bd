const LAST_RELOAD_KEY = 'chunk-reload-at';
// spec §4: on a chunk load failure the page reloads once, at most once per 60 seconds.
export const MIN_RELOAD_INTERVAL_MS = 60_000;

/** The messages of a failed dynamic import in Chromium, Firefox and Safari. */
export function isChunkLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * Reloads the page unless it already did so in the last minute; says whether it reloads.
 * After a deploy the old chunks are gone and a reload fetches the new ones; when the chunk
 * is missing for another reason, the 60 s memory (per tab) stops a reload loop. Without
 * storage to remember it in, it never reloads: a loop is worse than the error page.
 */
export function reloadOnceForChunkFailure(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (now - last >= 0 && now - last < MIN_RELOAD_INTERVAL_MS) return false;
    sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
