import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LANDERS } from '../src/contract/routes';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';
import { openPage } from './support/page-helpers';

// Issue 32 item 7: a visitor from an ad on a phone sees what the page offers and how to take
// it without scrolling: each lander's first screen at 375 px holds its headline and its call
// to action, neither covered by anything (the collage lander's was 13 faces and no button).
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Where an element sits against the first screen: 'in view', or what is wrong with it. */
async function placeInFirstScreen(element: Locator, height: number): Promise<string> {
  const box = await element.boundingBox();
  if (!box) return 'not laid out';
  if (box.y < 0 || box.y + box.height > height) return `at ${Math.round(box.y)} px`;
  // Nothing lies over it: the topmost element at its centre is the element itself.
  const seen = await element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return top !== null && node.contains(top);
  });
  return seen ? 'in view' : 'covered';
}

describe("the landers' first screen (issue 32 item 7)", () => {
  it('holds the headline and the signup button of every lander at 375 px', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    // Motion stands still, so a sliding hero is measured where it settles.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const places: Record<string, { headline: string; cta: string }> = {};
    for (const lander of LANDERS) {
      await page.goto(`/landers/${lander}`);
      const headline = page.getByRole('heading', { level: 1 }).first();
      const cta = page.getByRole('button', { name: 'Sign up for free', exact: true }).first();
      await headline.waitFor();
      await cta.waitFor();
      places[lander] = {
        headline: await placeInFirstScreen(headline, PHONE.height),
        cta: await placeInFirstScreen(cta, PHONE.height),
      };
    }
    expect(places).toEqual(
      Object.fromEntries(
        LANDERS.map((lander) => [lander, { headline: 'in view', cta: 'in view' }]),
      ),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves no empty band between any lander and the footer at 1280 px', async () => {
    const { page, context } = await openPage(browser, baseUrl, DESKTOP);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const gaps: Record<string, number> = {};
    for (const lander of LANDERS) {
      await page.goto(`/landers/${lander}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The footer follows the lander's content: the lowest box of the content ends where the
      // footer begins (the swipe demo left about 230 px of white before).
      gaps[lander] = await page.evaluate(() => {
        const footer = document.querySelector('footer')!.getBoundingClientRect();
        const boxes = [...document.querySelectorAll('main *')].map((node) =>
          node.getBoundingClientRect(),
        );
        const lowest = Math.max(...boxes.filter((box) => box.height > 0).map((box) => box.bottom));
        return Math.max(0, Math.round(footer.top - lowest));
      });
    }
    // A design's own bottom padding is no band; a strip of white is.
    expect(Object.entries(gaps).filter(([, gap]) => gap > 32)).toEqual([]);
    await context.close();
  });
});
