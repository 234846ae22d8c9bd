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

describe('the site-entry warning (spec §2 "Site-entry warning", issue 25 §3)', () => {
  it('asks a first-time visitor on /login to confirm their age, once', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context, errors } = await openPage(browser, baseUrl, viewport, {
        siteEntryWarningDismissed: false,
      });
      await page.goto('/login');
      const warning = page.getByRole('dialog', { name: 'Adults only' });
      await warning.waitFor();
      expect(await warning.textContent()).toContain('adults aged 18 and over');
      if (process.env.SCREENSHOTS_DIR) {
        await page.screenshot({
          path: `${process.env.SCREENSHOTS_DIR}/site-entry-${viewport.width}.png`,
        });
      }
      await warning.getByRole('button', { name: 'I am 18 or older' }).click();
      await warning.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      const stamp = await page.evaluate(() => localStorage.getItem('hide-site-entry-warning'));
      expect(Number(stamp)).toBeGreaterThan(0);

      await page.reload();
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  // spec §9: "Entry warning hidden on complete-signup, reset-password and reset-password-do".
  it('is not shown on the pages around the login, such as the password reset', async () => {
    const { page, context } = await openPage(browser, baseUrl, PHONE, {
      siteEntryWarningDismissed: false,
    });
    for (const path of ['/reset-password', '/reset-password/do?token=example']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('dialog').count(), path).toBe(0);
      expect(await page.getByRole('note').count(), path).toBe(0);
    }
    await context.close();
  });
});
