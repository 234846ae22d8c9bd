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
  { siteEntryWarningDismissed = true } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'en-GB' });
  // The demo site shows its site-entry warning on /login (spec §2); the journeys play a
  // visitor who confirmed it before, and e2e/site-entry-warning.e2e.ts one who did not.
  if (siteEntryWarningDismissed) {
    await context.addInitScript(() => {
      if (!localStorage.getItem('hide-site-entry-warning')) {
        localStorage.setItem('hide-site-entry-warning', String(Date.now()));
      }
    });
  }
  // A refusal by the page's Content Security Policy is an error too, even one the page's code
  // caught: zod's eval probe was refused on every page and never showed (Lighthouse did).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP refused ${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
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

export interface ApiSignup {
  email: string;
  name: string;
  password: string;
  date_of_birth: string;
}

/**
 * Signs a new member up through the API in the page's own browser context, so the page is
 * logged in as them. The server runs as in production: the CSRF cookie has the __Host- prefix.
 */
export async function signUpThroughApi(page: Page, form: ApiSignup): Promise<void> {
  await page.goto('/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === '__Host-csrf');
  const response = await page.request.post('/api/signup.php', {
    headers: { 'x-csrf-token': csrf?.value ?? '' },
    data: form,
  });
  if (response.status() !== 200) {
    throw new Error(`signup answered ${response.status()}: ${await response.text()}`);
  }
}
