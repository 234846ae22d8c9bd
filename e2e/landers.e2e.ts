import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LANDERS } from '../src/contract/routes';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';
import { leadWithFictionalMember, openServerDatabase } from './support/database';
import { openPage } from './support/page-helpers';

// Issue 25 item 1 "Done when": every lander at 375 and 1280 px, and a signup from one that
// keeps the tracking values of the URL (spec §2 landers, §3 tracking values).
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const signupButton = (page: Page) =>
  page.getByRole('button', { name: 'Sign up for free', exact: true }).first();

/** How far the page reaches past the viewport's right edge, in pixels. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the landers (spec §2)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows each lander at ${viewport.width} px with members and a signup button, nothing overflowing`, async () => {
      const { page, context, errors } = await openPage(browser, baseUrl, viewport);
      for (const lander of LANDERS) {
        const response = await page.goto(`/landers/${lander}`);
        expect(response?.status(), lander).toBe(200);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await signupButton(page).waitFor();
        // Built from the site's members: their photos are there, named.
        await page
          .getByRole('img', { name: /^Photo of / })
          .first()
          .waitFor({ state: 'attached' });
        expect(await horizontalOverflow(page), lander).toBeLessThanOrEqual(0);
        // The lander layout: the logo bar and the footer.
        expect(await page.getByRole('link', { name: 'Terms and conditions' }).count()).toBe(1);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("shows a variant's headline set for a slug the site defines, the default for others", async () => {
    const { page, context } = await openPage(browser, baseUrl, PHONE);
    await page.goto('/landers/gallery/over-40');
    await page.getByRole('heading', { level: 1, name: 'Dating for the over-40s' }).waitFor();
    await page.goto('/landers/gallery/no-such-variant');
    await page.getByRole('heading', { level: 1, name: 'Meet someone special' }).waitFor();
    await context.close();
  });

  it('lets a visitor pass on members in the swipe demo, and opens the signup on a like', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    await page.goto('/landers/tinderswipe');
    const pass = page.getByRole('button', { name: /^Pass on / });
    const first = await pass.textContent();
    await pass.click();
    await expect.poll(() => pass.textContent()).not.toBe(first);
    await page.getByRole('button', { name: /^Like / }).click();
    await page.getByRole('dialog', { name: 'Sign up for free' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers the 404 page for tinderswipe with a slug and for unknown landers', async () => {
    const { page, context } = await openPage(browser, baseUrl, PHONE);
    for (const path of ['/landers/tinderswipe/women', '/landers/no-such-lander']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await page.getByRole('heading', { name: 'This page could not be found' }).waitFor();
    }
    await context.close();
  });

  // Issue 29 item 16: the product never puts words or intent in a member's mouth; the feed
  // said "Maja … would love to hear from you". It is the site's invitation now.
  for (const [locale, invitation, claim] of [
    ['en', /^(.+) is a member of Amora\. Sign up for free to say hello\.$/, /love to hear/],
    ['nl', /^(.+) is lid van Amora\. Meld je gratis aan om hallo te zeggen\.$/, /hoort graag/],
  ] as const) {
    it(`invites the visitor in the site's own words on the socialnetwork lander (${locale})`, async () => {
      const { page, context } = await openPage(browser, baseUrl, PHONE);
      await context.addCookies([{ name: 'locale', value: locale, url: baseUrl }]);
      await page.goto('/landers/socialnetwork');
      const posts = page.getByRole('article');
      await posts.first().waitFor();
      const texts = await posts.locator('p').allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) {
        expect(text).toMatch(invitation);
        expect(text).not.toMatch(claim);
      }
      await context.close();
    });
  }

  it('labels fictional profiles in words', async () => {
    // A fictional demo member active just now leads the lander's members.
    await leadWithFictionalMember(inject('database'));
    const { page, context } = await openPage(browser, baseUrl, DESKTOP);
    await page.goto('/landers/gallery');
    await page.getByText('Profiles marked like this are fictional profiles').waitFor();
    // The label on the member's card, and once more in the note that explains it.
    expect(await page.getByText('fictional profile', { exact: true }).count()).toBeGreaterThan(1);
    await context.close();
  });

  it('signs up from a lander and stores the tracking values of the URL with the new member', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    const email = `lander-${Date.now()}@example.com`;
    await page.goto('/landers/socialnetwork?network=adnet&ref=spring&sub1=a1&sub2=b2&sub3=c3');
    await signupButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up for free' });
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByLabel('Name').fill('Robin');
    await dialog.getByLabel('Password').fill('a long walk by the sea');
    await dialog.getByLabel('Date of birth').fill('1990-06-15');
    await dialog.getByRole('button', { name: 'Create my account' }).click();
    await page.waitForURL('**/signup-matches');

    const db = openServerDatabase(inject('database'));
    try {
      const member = await db
        .selectFrom('members')
        .select(['network', 'ref', 'sub1', 'sub2', 'sub3'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(member).toEqual({
        network: 'adnet',
        ref: 'spring',
        sub1: 'a1',
        sub2: 'b2',
        sub3: 'c3',
      });
    } finally {
      await db.destroy();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
