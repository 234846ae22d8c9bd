import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

// The headers of a JSON error answer given before any hook ran: nothing may render,
// frame or sniff it.
const LOCKED_DOWN_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/**
 * Errors Fastify meets before routing, such as a malformed URL (`/api/%zz`), answered like
 * every other error: a stable code, and security headers (issue 7 §1.8). Hooks do not run for
 * these, so the headers are set here.
 */
export function answerFrameworkError(
  _error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.status(400).headers(LOCKED_DOWN_HEADERS).send({ error: 'bad_request' });
}
