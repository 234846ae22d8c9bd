import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  INITIAL_JS_BUDGET_BYTES,
  gzippedSizes,
  sizeReport,
  totalBytes,
} from '../scripts/initial-js-size';
import { PHONE, launchBrowser } from './support/browser';
import { openPage } from './support/page-helpers';

const baseUrl = inject('baseUrl');
const DIST = fileURLToPath(new URL('../dist/web', import.meta.url));
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// Issue 25 item 6: the size check of `npm test`. What counts is what a visitor's browser
// really loads to show `/` (the entry, its preloads, the page's own chunk, the language's
// texts), not a list kept by hand: a new import on the first page shows up here by itself.
// Chunks loaded later (another page, a dialog opened) are not part of it.
describe('the first load of /', () => {
  it(`needs at most ${INITIAL_JS_BUDGET_BYTES / 1000} kB of JavaScript, gzipped`, async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      // Built scripts only; the service worker is registered after the page has loaded.
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(pathname);
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Meet some of our members' }).waitFor();
    await page.waitForLoadState('networkidle');
    await context.close();

    const sizes = await gzippedSizes(DIST, [...scripts]);
    const report = sizeReport(sizes);
    console.warn(`JavaScript of the first load of /:\n${report}`);
    expect(errors).toEqual([]);
    expect(sizes.length).toBeGreaterThan(0);
    expect(totalBytes(sizes), report).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });
});
