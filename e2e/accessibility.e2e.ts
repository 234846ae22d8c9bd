import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LANDERS } from '../src/contract/routes';
import { DEMO_LOGIN } from '../src/server/seed/demo-login';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';
import { seriousViolations } from './support/axe';
import { openPage } from './support/page-helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ROUTES = [
  '/',
  '/login',
  '/signup',
  '/reset-password',
  '/pages/faq',
  '/pricing',
  '/no-such-page',
  '/members/3',
  // The seed's fictional profile (demo-members.ts): its label must read at 4.5:1 (issue 25 item 8).
  '/members/8',
  '/members',
  // Member landing pages (issue 25 item 2): three designs and the signup for one member.
  '/members/3/landing',
  '/members/3/landing2/chat',
  '/members/3/landing3/photos',
  '/members/3/signup',
  // The landers (issue 25 item 1), one with a variant.
  ...LANDERS.map((lander) => `/landers/${lander}`),
  '/landers/gallery/women',
  // Issue 25 item 4: the language and region choice, a static page by its token.
  '/lang-config',
  '/faq',
];
const MEMBER_ROUTES = [
  '/',
  '/profile',
  '/settings',
  '/members/3',
  '/members/8',
  '/signup-matches',
  '/complete-signup',
  '/members',
  '/likes',
  '/likes/liked-by',
  '/match-finder',
  '/swipe-game',
  // Credits and payments (issue 10).
  '/premium',
  '/credits',
  '/credits/popular/ideal',
  '/directdebit?bundle=popular',
  '/transactions',
  // Issue 32: the chats list in both themes.
  '/chats',
];

// Issue 32 item 2: both themes follow the system setting; each must pass axe's contrast check.
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

async function openInScheme(viewport: typeof PHONE, scheme: Scheme) {
  const opened = await openPage(browser, baseUrl, viewport);
  await opened.page.emulateMedia({ colorScheme: scheme });
  return opened;
}

async function logInDemoMember(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(DEMO_LOGIN.email);
  await page.getByLabel('Password').fill(DEMO_LOGIN.password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await page.getByRole('button', { name: 'My account' }).waitFor();
}

describe.each(SCHEMES)(
  'accessibility in the %s theme (DESIGN.md §6: no serious axe-core violation)',
  (scheme) => {
    it('the page is in the theme asked for', async () => {
      const { page, context } = await openInScheme(PHONE, scheme);
      await page.goto('/login', { waitUntil: 'networkidle' });
      const colourScheme = await page.evaluate(
        () => getComputedStyle(document.documentElement).colorScheme,
      );
      expect(colourScheme).toBe(scheme === 'dark' ? 'dark' : 'normal');
      await context.close();
    });

    for (const route of ROUTES) {
      it(`${route} has no serious or critical violation for a visitor`, async () => {
        const { page, context } = await openInScheme(PHONE, scheme);
        expect(await seriousViolations(page, route)).toEqual([]);
        await context.close();
      });
    }

    // One logged-in page for the member routes: one test per route, so a slow machine never
    // runs them all against one test's time.
    describe('as a member', () => {
      let member: Awaited<ReturnType<typeof openInScheme>>;
      beforeAll(async () => {
        member = await openInScheme(DESKTOP, scheme);
        await logInDemoMember(member.page);
      });
      afterAll(() => member.context.close());

      for (const route of MEMBER_ROUTES) {
        it(`${route} has no serious or critical violation for a member`, async () => {
          expect(await seriousViolations(member.page, route), route).toEqual([]);
        });
      }

      // Issue 25 item 8: the profile at phone width with its overflow menu open, the fictional
      // label in view; axe's colour-contrast rule holds text to 4.5:1.
      it('a fictional profile at 375 px with Report and Block open has no serious violation', async () => {
        const { page } = member;
        await page.setViewportSize(PHONE);
        await page.goto('/members/8', { waitUntil: 'networkidle' });
        await page.getByRole('button', { name: /^More actions for / }).click();
        await page.getByRole('button', { name: /^Report / }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  },
);
