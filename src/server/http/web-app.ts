import { resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_SHELL_PATH, SERVICE_WORKER_PATH } from '@contract/installed-app';
import { isAdminPath } from '@contract/admin-paths';
import { matchShownAppRoute } from '@contract/route-params';
import { MEMBER_SHELL_CHUNK, ROUTE_CHUNKS } from '@contract/route-chunks';
import type { WebAppRoute } from '@contract/routes';
import { type FirstPaintOf, type PageChunks, appPageBuilder } from './app-page';
import { type BuiltFile, loadBuiltFiles, sendBuiltFile } from './built-files';
import { builtModulesOf, readBuildManifest } from './build-manifest';

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

export interface WebAppOptions {
  pageChecks?: PageChecks;
  /** What the first render needs for a request, written into its page (issue 25 item 6). */
  firstPaintOf?: FirstPaintOf;
  /**
   * Whether a request carries a member's session (its cookie: a hint for preloading the
   * member shell, issue 32 item 10; a stale cookie costs one unused preload, nothing more).
   */
  carriesSession?: (request: FastifyRequest) => boolean;
}

/**
 * A namespace's texts as the web app loads them (src/web/i18n: one dynamic import per
 * language and namespace of `src/locales/<lang>/<namespace>.json`), by their source path in
 * the build's manifest, which names it from the web app's root, src/web.
 */
const textsSourceOf = (locale: string, namespace: string) =>
  `../locales/${locale}/${namespace}.json`;

/**
 * The sources the first render of a page loads beyond the entry (issue 32 item 10): the
 * language's shared texts, the member shell for a member, the route's page and its texts.
 * Without them the browser finds the page's chunk only once the entry has run and the router
 * asked for it, and its texts only once that chunk rendered: two round trips after the
 * scripts, which a member's cached scripts make the larger part of the wait.
 */
function sourcesOf(locale: string, { route, member }: PageChunks): string[] {
  const chunks = route && ROUTE_CHUNKS[route];
  return [
    textsSourceOf(locale, 'common'),
    ...(member ? [MEMBER_SHELL_CHUNK] : []),
    ...(chunks ? [chunks.page, ...chunks.texts.map((ns) => textsSourceOf(locale, ns))] : []),
  ];
}

/**
 * Serves the built web app from memory, brotli or gzip as the browser takes them. Hashed
 * assets are cached for a year and never change; other files for an hour; the app page is
 * never cached, so a deploy is picked up at once. The spec's routes get the app; any other
 * path gets the app (which shows its 404 page) with HTTP status 404, and so does a route whose
 * page check says its subject does not exist. The page carries what its first render needs
 * for the request (the site's settings, the preload of the language's texts) when
 * `firstPaintOf` is handed in.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  { pageChecks = {}, firstPaintOf, carriesSession = () => false }: WebAppOptions = {},
): Promise<void> {
  const files = loadBuiltFiles(resolve(distDir));
  const page = files.get('/index.html');
  files.delete('/index.html');
  // Vite's manifest is read here, not served: it names the app's source files.
  const manifest = readBuildManifest(resolve(distDir));
  for (const path of files.keys()) if (path.startsWith('/.vite/')) files.delete(path);
  const pageWith =
    page &&
    appPageBuilder(page, (locale, chunks) => [
      ...new Set(sourcesOf(locale, chunks).flatMap((source) => builtModulesOf(manifest, source))),
    ]);

  /** The page for this request; the plain page (the app then asks for its settings) on a failure. */
  const pageFor = async (
    request: FastifyRequest,
    plain: BuiltFile,
    chunks: PageChunks,
  ): Promise<BuiltFile> => {
    if (!firstPaintOf || !pageWith) return plain;
    try {
      return await pageWith(await firstPaintOf(request), chunks);
    } catch (error) {
      request.log.error({ err: error }, 'the first paint data could not be written into the page');
      return plain;
    }
  };

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

  // The service worker's offline shell (issue 29 item 1): the app page of the site's public
  // settings, the same for every visitor of a site and language. Unlike a page a navigation
  // answers (no-store), it may be kept, and it is checked again whenever it is asked for.
  app.get(APP_SHELL_PATH, { config: { page: true } }, async (request, reply) => {
    if (!page) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    // The same for everyone who opens the app offline: no route's or member's chunks.
    const chunks = { route: undefined, member: false };
    return sendBuiltFile(request, reply, await pageFor(request, page, chunks));
  });

  // The pages: documents, with the page security headers and the CSRF cookie.
  app.get('/*', { config: { page: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!page) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build`.');
    }
    const route = matchShownAppRoute(path);
    const check = route && pageChecks[route.name];
    // The console (issue 30) is a branch of the same app, with its own routes.
    const found =
      isAdminPath(path) ||
      (route !== undefined && (!check || (await check(request, route.params))));
    const chunks = { route: found ? route?.name : undefined, member: carriesSession(request) };
    const answer = await pageFor(request, page, chunks);
    reply.status(found ? 200 : 404).header('cache-control', 'no-cache, no-store, must-revalidate');
    return sendBuiltFile(request, reply, answer);
  });
}
