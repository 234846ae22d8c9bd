import type { FastifyInstance, HTTPMethods } from 'fastify';

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/**
 * Unknown API paths answer JSON 404; a known path asked with the wrong method answers 405
 * with an Allow header, so a client sees what it did wrong.
 */
export function registerNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter(
      (method) => method !== request.method && app.hasRoute({ url, method }),
    );
    if (allowed.length > 0 && url !== '/*') {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ error: 'method_not_allowed' });
    }
    return reply.status(404).send({ error: 'not_found' });
  });
}
