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

describe('the web shell', () => {
  it('shows the landing page with demo members to a visitor', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Meet singles near you',
    );
    await page.getByRole('heading', { name: 'Meet some of our members' }).waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(6);
    expect(await page.getByRole('link', { name: 'Log in' }).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to Dutch and keeps the choice in a cookie for 365 days', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('button', { name: 'Nederlands' }).click();
    await page.getByRole('link', { name: 'Inloggen' }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    // The hero is the site's own text, fetched per language with the settings: it follows
    // the interface's texts once the Dutch settings have arrived.
    await page
      .getByRole('heading', { level: 1, name: 'Ontmoet singles bij jou in de buurt' })
      .waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('nl');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(365);
    await page.reload();
    await page.getByRole('link', { name: 'Inloggen' }).first().waitFor();
    await context.close();
  });

  it('follows every footer link to a finished page', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await footer.waitFor();
    const names = await footer.getByRole('link').allTextContents();
    expect(names).toEqual([
      'Terms and conditions',
      'Privacy',
      'Cookies',
      'Ban policy',
      'Pricing',
      'Complaints',
      'Return policy',
      'FAQ',
      'Customer service',
    ]);
    for (const name of names) {
      await page.goto('/');
      await footer.getByRole('link', { name, exact: true }).click();
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.textContent()).not.toBe('This page could not be found');
      expect((await page.locator('article p').allTextContents()).join(' ')).not.toContain('{{');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 page with HTTP status 404 for an unknown path', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'This page could not be found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await context.close();
  });
});
