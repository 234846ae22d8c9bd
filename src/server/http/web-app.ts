import { resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVICE_WORKER_PATH } from '@contract/installed-app';
import { type WebAppRoute, matchAppRoute } from '@contract/routes';
import { loadBuiltFiles, sendBuiltFile } from './built-files';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Whether a page of the app exists for this request (a member landing page of a member the
 * viewer may see). A feature hands these in: this edge imports none.
 */
export type PageCheck = (
  request: FastifyRequest,
  params: Record<string, string | undefined>,
) => Promise<boolean>;
export type PageChecks = Partial<Record<WebAppRoute, PageCheck>>;

/**
 * Serves the built web app from memory, brotli or gzip as the browser takes them. Hashed
 * assets are cached for a year and never change; other files for an hour; the app page is
 * never cached, so a deploy is picked up at once. The spec's routes get the app; any other
 * path gets the app (which shows its 404 page) with HTTP status 404, and so does a route whose
 * page check says its subject does not exist.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pageChecks: PageChecks = {},
): Promise<void> {
  const files = loadBuiltFiles(resolve(distDir));
  const page = files.get('/index.html');
  files.delete('/index.html');

  // Vite names files under assets/ by their content hash: they never change.
  app.get('/assets/*', async (request, reply) => {
    const file = files.get(request.url.split('?')[0] ?? '');
    if (!file) return reply.callNotFound();
    reply.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
    return sendBuiltFile(request, reply, file);
  });
  for (const [path, file] of files) {
    if (path.startsWith('/assets/') || /[:*?]/.test(path)) continue;
    // The service worker is checked for updates at its one address: never keep it stale.
    const worker = path === SERVICE_WORKER_PATH;
    const cacheControl = worker ? 'no-cache' : 'public, max-age=3600';
    app.get(path, { config: { worker } }, async (request, reply) => {
      reply.header('cache-control', cacheControl);
      return sendBuiltFile(request, reply, file);
    });
  }

  // An unknown API path is no page: the not-found handler answers it (JSON 404 or 405).
  app.get('/api/*', async (_request, reply) => reply.callNotFound());

  // The pages: documents, with the page security headers and the CSRF cookie.
  app.get('/*', { config: { page: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!page) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build`.');
    }
    const route = matchAppRoute(path);
    const check = route && pageChecks[route.name];
    const found = route !== undefined && (!check || (await check(request, route.params)));
    reply.status(found ? 200 : 404).header('cache-control', 'no-cache, no-store, must-revalidate');
    return sendBuiltFile(request, reply, page);
  });
}
