const LAST_RELOAD_KEY = 'chunk-reload-at';
// spec §4: on a chunk load failure the page reloads once, at most once per 60 seconds.
const MIN_INTERVAL_MS = 60_000;

export function isChunkLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/** Reloads the page unless it already did so in the last minute; says whether it reloads. */
export function reloadOnceForChunkFailure(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
  if (now - last < MIN_INTERVAL_MS) return false;
  sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}
