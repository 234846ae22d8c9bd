import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { PASSWORD, type Person, apiPost, demoMembers, logIn } from './support/demo-people';
import { type OpenedPage, openPage } from './support/page-helpers';

// Issue 29 items 1 and 12: the service worker keeps only the app shell and this build's
// files, never a page a navigation answered (an API answer or a photo opened in a tab), never
// an answer marked no-store or private; every cache and the chat drafts are forgotten at a
// logout and when another member logs in; offline, every page of the app shows the shell at
// once with the navigation and the translated offline notice.
const { baseUrl, browser, db } = await openBrowserAndDatabase();
const opened: OpenedPage[] = [];
afterAll(async () => {
  await Promise.all(opened.map((one) => one.context.close()));
});
const SHOTS_DIR = '/tmp/shots-sw';
// What the worker may keep: its shell and the build's files (scripts, styles, pictures).
const SHELL_OR_BUILT = /^(?:\/app-shell\.html|\/assets\/[^/]+|\/favicon\.svg|\/gifts\/[^/]+)$/;
// "At once": the shell is in the cache; nothing waits for the network to give up.
const AT_ONCE_MS = 5_000;

const OFFLINE_NOTICE = {
  en: "You're offline. What you see may be out of date",
  nl: 'Je bent offline. Wat je ziet is misschien niet actueel',
};
const MAIN_NAVIGATION = { en: 'Main navigation', nl: 'Hoofdnavigatie' };

let anna: Person;
let bert: Person;
let partner: Person;

beforeAll(async () => {
  // Only logged in and typing (nothing sent or liked): these members may be other files' too.
  [anna, bert, partner] = (await demoMembers(db, 3, { skip: 30 })) as [Person, Person, Person];
});

/** Opens the app and waits until its service worker is installed and controls the page. */
async function installApp(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function track(one: Promise<OpenedPage>): Promise<OpenedPage> {
  const result = await one;
  opened.push(result);
  return result;
}

/** Every entry of every cache of the origin: its path, cache-control and content type. */
function cachedEntries(page: Page) {
  return page.evaluate(async () => {
    const entries: Array<{ cache: string; path: string; cacheControl: string; type: string }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({
          cache: name,
          path: new URL(request.url).pathname,
          cacheControl: response?.headers.get('cache-control') ?? '',
          type: response?.headers.get('content-type') ?? '',
        });
      }
    }
    return entries;
  });
}

/** Offline, the address shows the app's shell at once: its navigation and the notice. */
async function expectOfflineShell(page: Page, path: string, language: 'en' | 'nl' = 'en') {
  await page.goto(path, { timeout: AT_ONCE_MS });
  await page
    .getByRole('navigation', { name: MAIN_NAVIGATION[language] })
    .waitFor({ timeout: AT_ONCE_MS });
  await page
    .getByRole('status')
    .filter({ hasText: OFFLINE_NOTICE[language] })
    .waitFor({ timeout: AT_ONCE_MS });
}

async function logOutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /My account/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Log in' })
    .waitFor();
}

/** A cache of the origin the app did not write: it must go at a logout or change of account. */
async function leaveProbeCache(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const cache = await caches.open('left-by-the-member');
    await cache.put('/probe', new Response('private'));
  });
}

describe('the offline app keeps nothing of a member (issue 29 item 1)', () => {
  it('never shows an API answer opened in a tab, after a logout, offline', async () => {
    const { context, page } = await track(logIn(browser, baseUrl, anna, { viewport: PHONE }));
    await installApp(page);
    // The member opens their record in another tab: it names them and their credits.
    const tab = await context.newPage();
    await tab.goto('/api/user.php');
    await tab.getByText(anna.name).first().waitFor();
    await tab.goto('/api/chats.php');
    await tab.locator('pre').first().waitFor();
    await tab.close();

    await logOutThroughMenu(page);
    await context.setOffline(true);
    for (const path of ['/members', '/chats', '/']) {
      await expectOfflineShell(page, path);
      const text = await page.locator('body').innerText();
      expect(text).not.toContain(anna.name);
      expect(text).not.toContain('"credits"');
      expect(text).not.toContain('"unread');
    }
    await context.setOffline(false);
  });

  it('never shows a photo another site sent the browser to', async () => {
    const { context, page } = await track(openPage(browser, baseUrl, DESKTOP));
    await installApp(page);
    // A member's photo as the home page shows it to a visitor.
    const src = await page.locator('img[src^="/media/"]').first().getAttribute('src');
    const photoUrl = `${baseUrl}${src}`;
    expect((await page.request.get(photoUrl)).status()).toBe(200);

    // Another origin (127.0.0.1 is not localhost) links to the photo; the member follows it.
    const elsewhere = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><title>Elsewhere</title><a href="${photoUrl}">A photo</a>`);
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = elsewhere.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}/`);
      await Promise.all([page.waitForURL(photoUrl), page.getByRole('link').click()]);
    } finally {
      elsewhere.close();
    }

    await context.setOffline(true);
    await expectOfflineShell(page, '/');
    expect(await page.locator('img[src$="-full.webp"]').count()).toBe(0);
    await context.setOffline(false);
  });

  it('keeps only the shell and the built files, none marked no-store or private', async () => {
    const { context, page } = await track(logIn(browser, baseUrl, anna, { viewport: DESKTOP }));
    await installApp(page);
    // A member's day: pages opened from the address bar, their API answers, a photo in a tab.
    for (const path of ['/members', '/chats', `/members/${partner.id}`, '/api/user.php']) {
      await page.goto(path);
    }
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    const entries = await cachedEntries(page);
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      expect(entry.path, JSON.stringify(entry)).toMatch(SHELL_OR_BUILT);
      expect(entry.cacheControl, entry.path).not.toMatch(/no-store|private/);
    }
    const shell = entries.find((entry) => entry.path === '/app-shell.html');
    expect(shell?.type).toMatch(/^text\/html/);
    await context.close();
  });

  it('forgets every cache and the chat drafts at a logout', async () => {
    const { page } = await track(logIn(browser, baseUrl, anna, { viewport: PHONE }));
    await installApp(page);
    await page.goto(`/members/${partner.id}/chat`);
    await page.getByLabel('Your message').fill('Only for Anna to see');
    await leaveProbeCache(page);
    // Even an entry of the member's in the worker's own cache (there should be none) goes.
    await page.evaluate(async () => {
      const own = (await caches.keys()).find((name) => name.startsWith('app-v'));
      await (await caches.open(own!)).put('/api/user.php', new Response('{"name":"Anna"}'));
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await logOutThroughMenu(page);
    await page.waitForFunction(async () => {
      const names = await caches.keys();
      return !names.includes('left-by-the-member') && !(await caches.match('/api/user.php'));
    });
    expect(
      await page.evaluate(() =>
        Object.keys(sessionStorage).filter((key) => key.startsWith('chat-draft:')),
      ),
    ).toEqual([]);
    for (const entry of await cachedEntries(page)) expect(entry.path).toMatch(SHELL_OR_BUILT);
    // What stays is the shell and the build's files: the app opens offline right away.
    const context = page.context();
    await context.setOffline(true);
    await expectOfflineShell(page, '/likes');
    await context.setOffline(false);
  });

  it('forgets every cache and the chat drafts when another member logs in', async () => {
    const { context, page } = await track(logIn(browser, baseUrl, anna, { viewport: DESKTOP }));
    await installApp(page);
    await page.goto(`/members/${partner.id}/chat`);
    await page.getByLabel('Your message').fill('A draft of Anna');
    await leaveProbeCache(page);

    // In another tab of the same browser, Anna's session ends and Bert logs in.
    const other = await context.newPage();
    await other.goto('/');
    const csrf = (await context.cookies()).find((cookie) => cookie.name === '__Host-csrf');
    const logout = await other.request.get('/api/logout.php', {
      headers: { 'x-csrf-token': csrf?.value ?? '' },
    });
    expect(logout.status()).toBe(200);
    await apiPost(other, '/api/user.php', { email: bert.email, password: PASSWORD });
    await other.reload();
    await other.getByRole('button', { name: /My account/ }).waitFor();
    await other.waitForFunction(() => caches.has('left-by-the-member').then((has) => !has));

    // Anna's tab follows at once: Bert never finds her draft there.
    await page.waitForFunction(() =>
      Object.keys(sessionStorage).every((key) => !key.startsWith('chat-draft:')),
    );
    // Her session ended under the tab (it may have moved on); Bert opens the same conversation.
    await page.goto(`/members/${partner.id}/chat`);
    await page.getByLabel('Your message').waitFor();
    expect(await page.getByLabel('Your message').inputValue()).toBe('');
  });
});

describe('the installed app offline (issue 29 item 12)', () => {
  async function offlineShell(context: BrowserContext, page: Page) {
    await installApp(page);
    await context.setOffline(true);
  }

  it('shows a page not visited before at once, with the navigation and the notice in the member language', async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    for (const language of ['en', 'nl'] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const { context, page, errors } = await track(openPage(browser, baseUrl, viewport));
        await context.addCookies([{ name: 'locale', value: language, url: baseUrl }]);
        await offlineShell(context, page);
        // Never visited in this browser: neither the page nor its data.
        await expectOfflineShell(page, '/pages/faq', language);
        await expectOfflineShell(page, '/credits', language);
        // Its content needs the network: no spinner that never ends, the notice says why.
        expect(await page.getByRole('status').count()).toBe(1);
        await page.screenshot({
          path: `${SHOTS_DIR}/offline-credits-${language}-${viewport.width}.png`,
        });
        expect(await page.getByText('500').count()).toBe(0);
        await context.setOffline(false);
        await page
          .getByRole('status')
          .filter({ hasText: OFFLINE_NOTICE[language] })
          .waitFor({ state: 'detached' });
        expect(
          errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(error)),
        ).toEqual([]);
        await context.close();
      }
    }
  });

  it('shows nothing of a member who logged out on the pages they visited', async () => {
    const { context, page } = await track(logIn(browser, baseUrl, bert, { viewport: PHONE }));
    await installApp(page);
    await page.goto('/chats');
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await logOutThroughMenu(page);
    await context.setOffline(true);
    for (const path of ['/chats', '/members', '/']) {
      await expectOfflineShell(page, path);
      expect(await page.locator('body').innerText()).not.toContain(bert.name);
      expect(await page.getByRole('button', { name: /My account/ }).count()).toBe(0);
    }
    await context.setOffline(false);
  });
});
