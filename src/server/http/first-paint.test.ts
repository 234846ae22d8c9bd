import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINED_SETTINGS_ID } from '@contract/first-paint';
import { APP_SHELL_PATH } from '@contract/installed-app';
import type { SiteSettings } from '@contract/settings';
import { seedDemoSite } from '@server/seed/demo-site';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// Issue 25 item 6: the app page carries what its first render needs (the site's settings,
// the preload of the language's texts), so the browser does not ask for them after the
// scripts ran: HTML → scripts → render instead of HTML → scripts → settings → texts → render.

let t: TestApp;
let distDir: string;
const OTHER_HOST = 'other-site.example';

// A stand-in build of the web app (as `vite build` writes it, manifest included), so this
// test does not depend on a build.
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  '<script type="module" crossorigin src="/assets/index-entry.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-shared.js"></head>' +
  '<body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-entry.js', src: 'index.html', imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor-shared.js' },
  '../locales/en/common.json': {
    file: 'assets/common-en1.js',
    src: '../locales/en/common.json',
  },
  '../locales/nl/common.json': {
    file: 'assets/common-nl2.js',
    src: '../locales/nl/common.json',
    imports: ['_vendor.js', '_texts-helper.js'],
  },
  '_texts-helper.js': { file: 'assets/texts-helper.js' },
  // A page of the route table (contract/route-chunks.ts), its texts and the member shell.
  'features/members/search-page.tsx': {
    file: 'assets/search-page-3.js',
    src: 'features/members/search-page.tsx',
    imports: ['index.html', '_vendor.js', '_cards.js'],
    css: ['assets/search-page-3.css'],
  },
  '_cards.js': { file: 'assets/cards-4.js', css: ['assets/cards-4.css'] },
  '../locales/en/members.json': {
    file: 'assets/members-en5.js',
    src: '../locales/en/members.json',
  },
  'app/member-shell.tsx': {
    file: 'assets/member-shell-6.js',
    src: 'app/member-shell.tsx',
    imports: ['index.html', '_cards.js', '_banners.js'],
  },
  '_banners.js': { file: 'assets/banners-7.js' },
};

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'dist-'));
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await mkdir(join(distDir, '.vite'));
  await writeFile(join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ WEB_DIST_DIR: distDir });
  const { siteId } = await seedDemoSite(t.database.db, OTHER_HOST, []);
  const other = await t.database.db
    .selectFrom('sites')
    .select('settings_json')
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  const settings = {
    ...JSON.parse(other.settings_json),
    name: 'Other Love',
    domain_language: 'nl',
  };
  await t.database.db
    .updateTable('sites')
    .set({ settings_json: JSON.stringify(settings) })
    .where('id', '=', siteId)
    .execute();
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'localhost', ...headers } });

const BLOCK = new RegExp(
  `<script type="application/json" id="${INLINED_SETTINGS_ID}" data-locale="([a-z]+)">(.*?)</script>`,
);

/** The data block of a page, as the browser's parser ends it: at the first `</script>`. */
function inlinedOf(html: string): { locale: string; json: string; settings: SiteSettings } {
  const match = BLOCK.exec(html);
  if (!match?.[1] || match[2] === undefined) throw new Error(`no settings in the page: ${html}`);
  const json = match[2];
  return {
    locale: match[1],
    json,
    settings: (JSON.parse(json) as { settings: SiteSettings }).settings,
  };
}

const modulePreloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const styleSheetsOf = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the app page carries the settings of its site', () => {
  it("writes each host's own settings, the very answer settings.php gives it", async () => {
    const own = await get('/');
    const other = await get('/', { host: OTHER_HOST });
    expect(inlinedOf(own.body).settings.name).toBe('Amora');
    expect(inlinedOf(other.body).settings.name).toBe('Other Love');
    expect(inlinedOf(other.body).settings.domain).toBe(OTHER_HOST);

    // The same bytes as the API (once `\u003c` is read back as `<`): no second rule to drift.
    const api = await get('/api/settings.php', { host: OTHER_HOST });
    expect(inlinedOf(other.body).json.replaceAll('\\u003c', '<')).toBe(api.body);
  });

  it("writes them in the language the app picks: the locale cookie, else the site's", async () => {
    const english = await get('/');
    expect(inlinedOf(english.body).locale).toBe('en');
    expect(inlinedOf(english.body).settings.fictional_singular).toBe('fictional profile');

    const withCookie = await get('/', { cookie: 'locale=nl' });
    expect(inlinedOf(withCookie.body).locale).toBe('nl');
    expect(inlinedOf(withCookie.body).settings.fictional_singular).toBe('fictief profiel');

    // The other site's domain_language is Dutch; a visitor's cookie still comes first.
    expect(inlinedOf((await get('/', { host: OTHER_HOST })).body).locale).toBe('nl');
    const cookieFirst = await get('/', { host: OTHER_HOST, cookie: 'locale=de' });
    expect(inlinedOf(cookieFirst.body).locale).toBe('de');
  });

  it('escapes a setting that would end the data block', async () => {
    const name = '</script><script>alert(1)</script><!--';
    await updateSiteSettings(t, { name });
    try {
      const page = await get('/');
      expect(page.body).not.toContain('<script>alert(1)');
      expect(inlinedOf(page.body).settings.name).toBe(name);
    } finally {
      await updateSiteSettings(t, { name: 'Amora' });
    }
  });

  it('carries a settings change on the very next page', async () => {
    expect(inlinedOf((await get('/')).body).settings.min_age).toBe(18);
    await updateSiteSettings(t, { min_age: 21 });
    try {
      expect(inlinedOf((await get('/')).body).settings.min_age).toBe(21);
    } finally {
      await updateSiteSettings(t, { min_age: 18 });
    }
  });

  it('carries nothing of the member who asks: the page of a logged-in member has the same settings', async () => {
    const member = await createMember(t.database.db, t.siteId, { name: 'Marit Verhoeven' });
    const browser = new TestClient(t.app);
    const login = await browser.post('/api/user.php', {
      email: member.email,
      password: 'correct horse battery',
    });
    expect(login.statusCode).toBe(200);
    const page = await browser.get('/');
    expect(inlinedOf(page.body).json).toBe(inlinedOf((await get('/')).body).json);
    expect(page.body).not.toContain(member.email);
    expect(page.body).not.toContain('Marit');
  });
});

describe("the app page preloads the language's texts", () => {
  it("preloads the chosen language's texts chunk and its imports, not the page's own", async () => {
    expect(modulePreloadsOf((await get('/')).body)).toEqual([
      '/assets/vendor-shared.js',
      '/assets/common-en1.js',
    ]);
    // The vendor chunk the page preloads already is not named twice.
    expect(modulePreloadsOf((await get('/', { cookie: 'locale=nl' })).body)).toEqual([
      '/assets/vendor-shared.js',
      '/assets/common-nl2.js',
      '/assets/texts-helper.js',
    ]);
  });

  it("preloads the route's page, its imports and its texts, and for a member the member shell", async () => {
    // Issue 32 item 10: the page's chunk and texts load beside the entry, not after the router
    // asked for them; its style sheets are in the head, so it paints with them.
    const visitor = (await get('/members')).body;
    expect(modulePreloadsOf(visitor)).toEqual([
      '/assets/vendor-shared.js',
      '/assets/common-en1.js',
      '/assets/search-page-3.js',
      '/assets/cards-4.js',
      '/assets/members-en5.js',
    ]);
    // An import's styles first, as Vite adds them: the page's own rules come later and win.
    expect(styleSheetsOf(visitor)).toEqual(['/assets/cards-4.css', '/assets/search-page-3.css']);
    // In the page's language.
    expect(modulePreloadsOf((await get('/members', { cookie: 'locale=nl' })).body)).toContain(
      '/assets/common-nl2.js',
    );

    const member = await createMember(t.database.db, t.siteId, { name: 'Jonas Berg' });
    const browser = new TestClient(t.app);
    const login = await browser.post('/api/user.php', {
      email: member.email,
      password: 'correct horse battery',
    });
    expect(login.statusCode).toBe(200);
    expect(modulePreloadsOf((await browser.get('/members')).body)).toEqual([
      '/assets/vendor-shared.js',
      '/assets/common-en1.js',
      '/assets/member-shell-6.js',
      '/assets/cards-4.js',
      '/assets/banners-7.js',
      '/assets/search-page-3.js',
      '/assets/members-en5.js',
    ]);
    // The member's session changes which chunks are named, never what the page says.
    expect(inlinedOf((await browser.get('/members')).body).json).toBe(inlinedOf(visitor).json);
  });

  it('preloads no page for a path that is no page, nor in the offline shell', async () => {
    for (const url of ['/no-such-page', APP_SHELL_PATH]) {
      const html = (await get(url)).body;
      expect(modulePreloadsOf(html), url).toEqual([
        '/assets/vendor-shared.js',
        '/assets/common-en1.js',
      ]);
      expect(styleSheetsOf(html), url).toEqual([]);
    }
  });

  it('does not serve the build manifest', async () => {
    const answer = await get('/.vite/manifest.json');
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('locales/en/common.json');
  });
});

describe('the app page keeps its headers and status', () => {
  it('is never cached, sets the CSRF cookie, and answers 404 for no page, with the settings', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/no-such-page', 404],
    ] as const) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(status);
      expect(page.headers['cache-control'], url).toBe('no-cache, no-store, must-revalidate');
      expect(String(page.headers['set-cookie']), url).toMatch(/^csrf=/);
      expect(String(page.headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(inlinedOf(page.body).settings.name, url).toBe('Amora');
    }
  });

  it('sends the page compressed to a browser that takes it', async () => {
    const plain = await get('/');
    const compressed = await get('/', { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });
});
