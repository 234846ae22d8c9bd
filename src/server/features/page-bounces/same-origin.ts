import type { FastifyRequest } from 'fastify';

/**
 * Whether the browser says a request comes from the site's own pages. A beacon cannot carry
 * the CSRF header (navigator.sendBeacon sets no headers), so its route relies on what the
 * browser itself adds: Sec-Fetch-Site, or on browsers without it the Origin of the POST.
 * Neither can be set by a page of another site. A request with neither is refused.
 */
export function isSameOriginRequest(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}
