import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP } from './browser';

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Errors the page logged: a test fails when the app throws. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport = DESKTOP,
): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'en-GB' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // Refused requests (4xx) are expected in these journeys; the browser logs each one.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  return { context, page, errors };
}
