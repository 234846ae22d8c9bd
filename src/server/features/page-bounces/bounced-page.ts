import { matchShownAppRoute } from '@contract/route-params';

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
 * Which page a beacon speaks of: the `path` of its body, else the Referer of the same site,
 * as the name of its route in the route table (e.g. `members-id-landing`): a count per route,
 * never the path's free text (issue 29 item 7), so junk never becomes a row.
 */
export function bouncedRouteOf(body: unknown, referer: string | undefined, host: string) {
  const path = pathOf(pathInBody(body), host) ?? pathOf(referer, host);
  if (!path || path.length > MAX_PATH_LENGTH) return null;
  return matchShownAppRoute(path)?.name ?? null;
}
