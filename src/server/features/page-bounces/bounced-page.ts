import { isAppRoute } from '@contract/routes';

const MAX_PATH_LENGTH = 200;

function pathOf(url: unknown, host: string): string | null {
  if (typeof url !== 'string' || url.length > 2 * MAX_PATH_LENGTH) return null;
  try {
    const parsed = new URL(url, `http://${host}`);
    return parsed.host === host ? parsed.pathname : null;
  } catch {
    return null;
  }
}

function pathInBody(body: unknown): unknown {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return value && typeof value === 'object' ? (value as { path?: unknown }).path : undefined;
}

/**
 * Which page a beacon speaks of: the `path` of its body, else the Referer of the same site;
 * without query or fragment, and only a page the web app has, so junk never becomes a row.
 */
export function bouncedPageOf(body: unknown, referer: string | undefined, host: string) {
  const path = pathOf(pathInBody(body), host) ?? pathOf(referer, host);
  return path && path.length <= MAX_PATH_LENGTH && isAppRoute(path) ? path : null;
}
