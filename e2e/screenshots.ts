import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';
import { startServer } from './support/server';

// Every route that exists, at phone and desktop width, in English and Dutch.
const PAGES: Array<{ name: string; path: string }> = [
  { name: 'index', path: '/' },
  { name: 'pages-terms', path: '/pages/terms' },
  { name: 'pages-faq', path: '/pages/faq' },
  { name: 'pricing', path: '/pricing' },
  { name: 'complaints', path: '/complaints' },
  { name: 'not-found', path: '/no-such-page' },
];
const LOCALES = ['en', 'nl'];
const OUT_DIR = 'screenshots';

const server = await startServer();
const browser = await launchBrowser();
try {
  await mkdir(OUT_DIR, { recursive: true });
  for (const locale of LOCALES) {
    for (const [width, viewport] of [
      ['375', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
      await context.addCookies([{ name: 'locale', value: locale, url: server.baseUrl }]);
      const page = await context.newPage();
      for (const target of PAGES) {
        await page.goto(target.path, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const file = join(OUT_DIR, `${target.name}-${locale}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
