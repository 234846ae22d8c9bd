/**
 * Whether an answer may be kept in the worker's cache (issue 29 item 1): a whole answer
 * (200) of this origin for exactly the address asked (no redirect), that does not forbid
 * keeping it (`no-store`) or keeping it for others (`private`). The shell must also be a page.
 */
export function keepable(response: Response, path: string, origin: string): boolean {
  if (response.status !== 200 || response.type !== 'basic' || response.redirected) return false;
  const url = new URL(response.url);
  if (url.origin !== origin || url.pathname !== path) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/(?:^|[\s,])(?:no-store|private)(?:$|[\s,=])/i.test(cacheControl);
}

export function keepableShell(response: Response, path: string, origin: string): boolean {
  const type = response.headers.get('content-type') ?? '';
  return keepable(response, path, origin) && /^text\/html\s*(?:;|$)/i.test(type);
}
