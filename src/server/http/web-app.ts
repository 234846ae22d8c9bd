import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAppRoute } from '@contract/routes';

/**
 * Serves the built web app: hashed assets are cached for a year and never change; index.html
 * is never cached so a deploy is picked up at once. The spec's routes fall back to the app;
 * any other path gets the app (which shows its 404 page) with HTTP status 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    serve: false,
  });
  const isFile = (file: string) => {
    try {
      return statSync(join(root, file)).isFile();
    } catch {
      return false;
    }
  };

  const sendApp = (reply: FastifyReply, status: number) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build`.');
    }
    return reply
      .status(status)
      .header('cache-control', 'no-cache, no-store, must-revalidate')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  };

  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/')) return reply.status(404).send({ error: 'not_found' });
    const file = path.slice(1);
    if (file && !file.includes('..') && isFile(file)) {
      // Vite names files under assets/ by their content hash: they never change.
      const hashed = file.startsWith('assets/');
      return reply.sendFile(file, {
        maxAge: hashed ? 365 * 24 * 3600 * 1000 : 3600 * 1000,
        immutable: hashed,
      });
    }
    return sendApp(reply, isAppRoute(path) ? 200 : 404);
  });
}
