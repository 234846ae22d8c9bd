import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WEB_APP_ROUTES, pathFor } from '../src/contract/routes';
import { DEMO_LOGIN } from '../src/server/seed/demo-login';
import { PHONE, launchBrowser } from './support/browser';
import { openPage } from './support/page-helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// Every page the web app has (the same list the router is built from), plus the 404 page.
const PATHS = [
  ...WEB_APP_ROUTES.map((name) => pathFor(name, { id: 3, slug: 'faq' })),
  '/no-such-page',
];

/** How far a page is wider than the phone's screen, and which elements stick out. */
async function overflowOf(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page.evaluate(() => {
    const width = window.innerWidth;
    const outside = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { excess: document.documentElement.scrollWidth - width, outside };
  });
}

/** The pages that scroll sideways, each with what sticks out; empty when none does. */
async function overflowingPages(page: Page) {
  const found: Record<string, Awaited<ReturnType<typeof overflowOf>>> = {};
  for (const path of PATHS) {
    const overflow = await overflowOf(page, path);
    if (overflow.excess > 0) found[path] = overflow;
  }
  return found;
}

// Issue 7 §5.3: at 375 px the logged-in navigation was 418 px wide and every member page
// scrolled sideways; the home page hero was 12 px too wide.
describe('at 375 px wide, no page scrolls sideways', () => {
  it('for a visitor', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    expect(await overflowingPages(page)).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  });

  it('for a logged-in member', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password').fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.getByRole('button', { name: 'My account' }).waitFor();
    expect(await overflowingPages(page)).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  });
});
