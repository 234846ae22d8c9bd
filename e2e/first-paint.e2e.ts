import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE, launchBrowser } from './support/browser';
import { openPage } from './support/page-helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// Issue 25 item 6: the page carries the site's settings, so a first visit renders after the
// page and its scripts, without waiting for settings.php (and then the texts) on the way.
describe('a first visit', () => {
  for (const { locale, heading } of [
    { locale: undefined, heading: 'Meet some of our members' },
    { locale: 'nl', heading: 'Maak kennis met een paar van onze leden' },
  ]) {
    it(`renders / without asking for the settings (${locale ?? 'no locale cookie'})`, async () => {
      const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
      if (locale) await context.addCookies([{ name: 'locale', value: locale, url: baseUrl }]);
      const settingsAsked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/settings.php') {
          settingsAsked.push(request.url());
        }
      });
      await page.goto('/');
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(settingsAsked).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
