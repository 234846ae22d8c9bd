import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';
import { openPage } from './support/page-helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the installed app (issue 25 §5)', () => {
  it('links a manifest Chromium can install from', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({ name: 'Amora', display: 'standalone', start_url: '/' });
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('registers the service worker with version 2 and opens offline with a clear offline state', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context, errors } = await openPage(browser, baseUrl, viewport);
      await page.goto('/');
      await page.getByRole('heading', { name: 'Meet some of our members' }).waitFor();
      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return { url: registration.active?.scriptURL ?? '', scope: registration.scope };
      });
      expect(new URL(worker.url).pathname).toBe('/service-worker.js');
      expect(new URL(worker.url).searchParams.get('v')).toBe('2');
      expect(new URL(worker.scope).pathname).toBe('/');
      // The worker controls the page once it has claimed it; a reload proves it serves it.
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('status').filter({ hasText: "You're offline" }).waitFor();
      if (process.env.SCREENSHOTS_DIR) {
        await page.screenshot({
          path: `${process.env.SCREENSHOTS_DIR}/offline-${viewport.width}.png`,
        });
      }

      await context.setOffline(false);
      await page.getByRole('status').filter({ hasText: "You're offline" }).waitFor({
        state: 'detached',
      });
      expect(errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual(
        [],
      );
      await context.close();
    }
  });
});
