/**
 * The app's one service worker (issue 25 §5; spec §7 "registered with version 2";
 * WHERE-THINGS-GO.md: push and the offline shell are one worker).
 *
 * It keeps only what is the same for everyone (issue 29 item 1): the app shell (a page of the
 * site's public settings, asked for at its own address) and the files of this build, listed at
 * build time. A page a navigation answers is never kept, nor any API or media answer, nor an
 * answer marked `no-store` or `private`: what a member opened in a tab stays out of the cache.
 *
 * - Navigations to the app's routes go to the network; offline (or when the network fails),
 *   the shell answers at once, and the app shows its offline notice (issue 29 item 12).
 * - The build's files come from the cache, so every page of the app opens offline.
 * - Every other request (the API, photos, the socket) goes to the network as if there were no
 *   worker.
 * - After a logout or a change of account every other cache goes (src/web/app/data-owner.ts).
 *
 * Push handlers (notifications) are added at the end of this file, in the same worker.
 */
import { APP_SHELL_PATH } from '@contract/installed-app';
import { APP_CACHE_PREFIX, FORGET_MEMBER_DATA_MESSAGE } from '@contract/service-worker-cache';
import { isAppRoute } from '@contract/routes';
import { buildManifest } from './build-manifest';
import { keepable, keepableShell } from './keepable';

declare const self: ServiceWorkerGlobalScope;

const VERSION = new URL(self.location.href).searchParams.get('v') ?? '2';
// One cache per version and build: a new build's worker drops every other cache.
const CACHE = `${APP_CACHE_PREFIX}${VERSION}-${buildManifest.revision}`;
const ORIGIN = self.location.origin;
const PRECACHED = new Set([APP_SHELL_PATH, ...buildManifest.files]);

async function precacheShell(cache: Cache): Promise<void> {
  // With the locale cookie: the shell is in the language the member reads.
  const response = await fetch(APP_SHELL_PATH, { cache: 'no-cache' });
  if (!keepableShell(response, APP_SHELL_PATH, ORIGIN)) {
    throw new Error(`the app shell answered ${response.status} ${response.type}`);
  }
  await cache.put(APP_SHELL_PATH, response);
}

async function precacheFile(cache: Cache, path: string): Promise<void> {
  if (await cache.match(path)) return;
  // Hashed files never change: the browser's copy will do. Others are checked first.
  const response = await fetch(path, {
    cache: path.startsWith('/assets/') ? 'default' : 'no-cache',
  });
  if (!keepable(response, path, ORIGIN)) throw new Error(`${path} answered ${response.status}`);
  await cache.put(path, response);
}

/** The shell and every file of this build, in this version's cache. */
async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  await Promise.all([
    precacheShell(cache),
    ...buildManifest.files.map((path) => precacheFile(cache, path)),
  ]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Earlier versions kept any page load as the shell (issue 29 item 1): drop them all.
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

/**
 * After a logout or a change of account: every other cache goes, and this version's cache
 * keeps only the shell and the build's files (nothing of anyone), so the app still opens
 * offline right after; the shell is fetched again when the network is there.
 */
async function forgetMemberData(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) {
    if (!PRECACHED.has(new URL(request.url).pathname)) await cache.delete(request);
  }
  await precache().catch(() => undefined);
}

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (event.origin !== ORIGIN && event.origin !== '') return;
  if (typeof data === 'object' && data !== null && 'type' in data) {
    if (data.type === FORGET_MEMBER_DATA_MESSAGE) event.waitUntil(forgetMemberData());
  }
});

async function shell(): Promise<Response | undefined> {
  return caches.match(APP_SHELL_PATH, { cacheName: CACHE });
}

async function appPage(event: FetchEvent): Promise<Response> {
  // Known to be offline: the shell at once, instead of waiting for the network to fail.
  if (!self.navigator.onLine) {
    const cached = await shell();
    if (cached) return cached;
  }
  try {
    const response = await fetch(event.request);
    // Not filled at install or after a logout (offline then): filled once the network is back.
    event.waitUntil(
      shell().then((cached) => (cached ? undefined : precache().catch(() => undefined))),
    );
    return response;
  } catch {
    return (await shell()) ?? Response.error();
  }
}

async function buildFile(request: Request, path: string): Promise<Response> {
  const cached = await caches.match(path, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (keepable(response.clone(), path, ORIGIN)) {
    const cache = await caches.open(CACHE);
    await cache.put(path, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== ORIGIN) return;
  if (request.mode === 'navigate') {
    // Only the app's own routes: an API answer, a photo or any other file opened in a tab
    // is the network's alone.
    if (isAppRoute(url.pathname)) event.respondWith(appPage(event));
  } else if (PRECACHED.has(url.pathname) && url.search === '' && url.pathname !== APP_SHELL_PATH) {
    event.respondWith(buildFile(request, url.pathname));
  }
});

// Push (issue 31 item 4; spec §4): the server sends what to show (contract/notifications.ts
// PushPayload: already in the member's language, the sender's name with a fictional profile
// labelled, the photo, where a click goes, the unread count).
interface PushMessage {
  kind: 'message' | 'like' | 'match';
  title: string;
  body: string;
  icon: string | null;
  url: string;
  badge: number;
}

/** Tells the open tabs to reload chats and likes (spec §4 "a chat or like push …"). */
async function tellTabs(kind: PushMessage['kind']): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const tab of tabs) tab.postMessage({ type: 'push', kind });
}

self.addEventListener('push', (event) => {
  let message: PushMessage;
  try {
    message = event.data?.json() as PushMessage;
  } catch {
    return;
  }
  if (!message?.title) return;
  event.waitUntil(
    (async () => {
      await tellTabs(message.kind);
      const navigatorWithBadge = self.navigator as WorkerNavigator & {
        setAppBadge?: (count: number) => Promise<void>;
      };
      await navigatorWithBadge.setAppBadge?.(message.badge).catch(() => undefined);
      await self.registration.showNotification(message.title, {
        body: message.body,
        ...(message.icon ? { icon: message.icon } : {}),
        tag: `${message.kind}:${message.url}`,
        data: { url: message.url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  // Only a path of this site: the payload comes from our server, and stays on its origin.
  const target = new URL(path.startsWith('/') ? path : '/', ORIGIN).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs[0];
      if (tab) {
        await tab.focus();
        await tab.navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
