import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '@server/http/http-error';

export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
 * CSRF protection by a signed double-submit cookie (OWASP): every response carries a
 * readable `csrf` cookie; every state-changing API call must echo it in X-CSRF-Token. A
 * forged cross-site request cannot read the cookie, and a planted cookie fails the signature.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[CSRF_COOKIE];
      if (!isGenuine(options.secret, cookie)) {
        const nonce = randomBytes(18).toString('base64url');
        reply.setCookie(CSRF_COOKIE, `${nonce}.${sign(options.secret, nonce)}`, {
          path: '/',
          sameSite: 'lax',
          secure: 'auto',
          httpOnly: false,
        });
      }
      // Unknown routes change nothing: the not-found handler answers them (404 or 405).
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || request.is404)
        return;
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || header !== cookie || !isGenuine(options.secret, header)) {
        throw new HttpError(403, 'csrf_failed');
      }
    });
  },
  { name: 'csrf' },
);
