import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@server/errors/app-error';
import type { CookiePolicy } from './cookie-policy';

export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET route that changes state (spec §7's `GET /api/logout.php`) asks for the CSRF
     * header like any POST, so a cross-site image tag cannot trigger it.
     */
    csrf?: boolean;
    /**
     * A route a payment provider's server calls (its webhook, issue 10): opted out per route,
     * never by a URL test. It must believe nothing in the body but an id it checks itself.
     */
    csrfExempt?: boolean;
  }
}

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(nonce).digest('base64url');
}

function isGenuine(secret: string, token: string | undefined): boolean {
  const [nonce, signature] = (token ?? '').split('.');
  if (!nonce || !signature) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Whether a request reaches an API route. Decided from the matched route, never from the raw
 * URL: the router decodes `/%61pi/user.php` to `/api/user.php`, a prefix test on the URL
 * would not (issue 7 §1.5).
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return isApiRouteOf(request, request.routeOptions);
}

type RouteOptions = FastifyRequest['routeOptions'];

// Each read of request.routeOptions builds a new object: a hook reads it once.
const isApiRouteOf = (request: FastifyRequest, route: RouteOptions) =>
  !request.is404 && (route.url ?? '').startsWith('/api/');

/**
 * The cookie goes where the web app reads it: its pages and API answers. Never on files that
 * shared caches keep (built assets, photos): a CDN does not cache an answer that sets a cookie.
 */
function wantsCookie(request: FastifyRequest, route: RouteOptions): boolean {
  return isApiRouteOf(request, route) || route.config.page === true;
}

function needsToken(request: FastifyRequest, route: RouteOptions): boolean {
  if (!isApiRouteOf(request, route) || route.config.csrfExempt === true) return false;
  return !SAFE_METHODS.has(request.method) || route.config.csrf === true;
}

/**
 * CSRF protection by a signed double-submit cookie (OWASP): every response carries a
 * readable CSRF cookie; every state-changing API call must echo it in X-CSRF-Token. A
 * forged cross-site request cannot read the cookie, and a planted cookie fails the signature.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { secret: string; cookies: CookiePolicy }) => {
    const { csrfCookie, secure } = options.cookies;
    // A callback hook: the check is synchronous, and needs no promise's turn.
    app.addHook('onRequest', (request, reply, done) => {
      const route = request.routeOptions;
      const cookie = request.cookies[csrfCookie];
      const genuine = isGenuine(options.secret, cookie);
      if (!genuine && wantsCookie(request, route)) {
        // 144 random bits, URL-safe.
        const nonce = randomBytes(18).toString('base64url');
        reply.setCookie(csrfCookie, `${nonce}.${sign(options.secret, nonce)}`, {
          path: '/',
          sameSite: 'lax',
          secure,
          httpOnly: false,
        });
      }
      if (!needsToken(request, route)) return done();
      const header = request.headers[CSRF_HEADER];
      if (!genuine || typeof header !== 'string' || header !== cookie) {
        return done(new AppError('csrf_failed', 'forbidden'));
      }
      done();
    });
  },
  { name: 'csrf' },
);
