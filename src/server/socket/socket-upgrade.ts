import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { SOCKET_PATH } from '@contract/events';

export interface UpgradeChecks {
  /** The site id of a Host header, or undefined for an unknown host. */
  findSiteId(host: string | undefined): Promise<number | undefined>;
  /** The session behind a cookie's token on a site. */
  findSession(
    token: string,
    siteId: number,
  ): Promise<{ memberId: number; sessionHash: string } | undefined>;
  readSessionCookie(cookieHeader: string | undefined): string | undefined;
  /** Production accepts only https origins (and http on loopback). */
  production: boolean;
}

export type UpgradeVerdict =
  | { accepted: true; siteId: number; memberId: number; sessionHash: string }
  | { accepted: false; status: 401 | 403 | 404; reason: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The page that opens the socket must be this very site (issue 9 §4): browsers send Origin
 * on every WebSocket handshake and cookies ride along cross-site, so without this check any
 * page could read a member's events (cross-site WebSocket hijacking).
 */
export function originMatchesHost(
  origin: string | undefined,
  host: string | undefined,
  production: boolean,
): boolean {
  if (!origin || !host) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // Production pages are https, except on this machine's loopback, which browsers treat as
  // secure too (the browser tests run the production build on http://localhost).
  const plainAllowed = !production || LOOPBACK.has(url.hostname);
  const schemeAllowed = url.protocol === 'https:' || (url.protocol === 'http:' && plainAllowed);
  return schemeAllowed && url.host === host.toLowerCase();
}

/** Decides an upgrade before any byte of WebSocket is spoken: path, Origin, site, session. */
export async function checkUpgrade(
  request: IncomingMessage,
  checks: UpgradeChecks,
): Promise<UpgradeVerdict> {
  const path = (request.url ?? '').split('?')[0];
  if (path !== SOCKET_PATH) return { accepted: false, status: 404, reason: 'unknown path' };
  const { origin, host, cookie } = request.headers;
  if (!originMatchesHost(origin, host, checks.production))
    return { accepted: false, status: 403, reason: 'origin not allowed' };
  const siteId = await checks.findSiteId(host);
  if (siteId === undefined) return { accepted: false, status: 404, reason: 'unknown site' };
  const token = checks.readSessionCookie(cookie);
  const session =
    token && token.length <= 100 ? await checks.findSession(token, siteId) : undefined;
  if (!session) return { accepted: false, status: 401, reason: 'no session' };
  return { accepted: true, siteId, ...session };
}

/** A plain HTTP answer on the raw connection, then it is closed: no upgrade happened. */
export function refuseUpgrade(socket: Duplex, status: number): void {
  const body = STATUS_CODES[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${body}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
