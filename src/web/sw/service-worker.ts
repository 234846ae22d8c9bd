/**
 * The app's one service worker (issue 25 §5; spec §7 "registered with version 2";
 * WHERE-THINGS-GO.md: push and the offline shell are one worker).
 *
 * - The app shell (the page and the scripts and styles it names) is cached at install, so the
 *   installed app opens offline and shows its offline state instead of the browser's error.
 * - Pages are fetched network first: a deploy is picked up at once; the cached shell is only
 *   the fallback.
 * - Hashed assets under /assets/ never change (their name is their content), so they are served
 *   from the cache once fetched.
 * - The site's public, per-host answers (settings, interests, regions, company info) are kept
 *   as an offline fallback only. No other /api answer is ever cached: they carry personal data.
 *
 * Push handlers (notifications) are added at the end of this file, in the same worker.
 */
import { shellFilesOf } from './shell-files';

declare const self: ServiceWorkerGlobalScope;

const VERSION = new URL(self.location.href).searchParams.get('v') ?? '2';
const SHELL_CACHE = `shell-v${VERSION}`;
const ASSET_CACHE = `assets-v${VERSION}`;
const PUBLIC_API_CACHE = `public-api-v${VERSION}`;
const OWN_CACHES = [SHELL_CACHE, ASSET_CACHE, PUBLIC_API_CACHE];

// The per-host answers that are the same for every visitor of a site (no personal data).
const PUBLIC_API_PATHS = new Set([
  '/api/settings.php',
  '/api/interests.php',
  '/api/regions.php',
  '/api/companyinfo.php',
]);

async function cacheShell(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  const response = await fetch('/', { cache: 'no-store' });
  if (!response.ok) throw new Error(`the app page answered ${response.status}`);
  const html = await response.clone().text();
  await cache.put('/', response);
  const assets = await caches.open(ASSET_CACHE);
  await assets.addAll(shellFilesOf(html));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => !OWN_CACHES.includes(name)).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

async function pageNetworkFirst(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put('/', response.clone());
    }
    return response;
  } catch {
    // Offline: every route is the same app page; the app shows its offline state.
    const cached = await caches.match('/', { cacheName: SHELL_CACHE });
    return cached ?? Response.error();
  }
}

async function assetCacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: ASSET_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function publicApiNetworkFirst(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(PUBLIC_API_CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: PUBLIC_API_CACHE });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageNetworkFirst(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(assetCacheFirst(request));
  } else if (PUBLIC_API_PATHS.has(url.pathname)) {
    event.respondWith(publicApiNetworkFirst(request));
  }
  // Everything else (the member's API answers, photos, the socket) goes to the network as if
  // there were no worker.
});
