import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { type Person, demoMembers, logIn } from './support/demo-people';
import { SCREENSHOT_DIR, shootForReview } from './support/review-screenshots';

const { baseUrl, browser, db } = await openBrowserAndDatabase();
const [member] = (await demoMembers(db, 1, { skip: 18 })) as [Person];

const results = (page: Page) => page.getByRole('region', { name: 'Results' }).getByRole('article');
const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters( · \d)?$/ });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Filters' });
/** The results' count ("12 members found", "12 leden gevonden"), once the search answered. */
const countShown = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /(found|gevonden)$/ })
    .waitFor();
// Every filter set to "any": the member's own defaults (seeking, country) could find nobody.
const EVERYONE = '/members?gender=&country=&countryregion=&min_age=&max_age=';

/** The ages on the result cards ("Name, 42"). */
const agesShown = async (page: Page) =>
  (await results(page).getByRole('heading').allTextContents()).map((text) =>
    Number(/, (\d+)$/.exec(text)?.[1]),
  );

/** The open sheet for review, once its slide-in has ended (CHAT_SCREENSHOTS=<dir>). */
async function shootSheet(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState === 'finished'),
  );
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Whether the focused element is inside the open sheet. */
const focusInSheet = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

// Issue 32 item 4: on a phone search shows results first and keeps its filters in a sheet
// behind one button that says how many are set; on desktop they sit beside the results.
describe('search: results before filters', () => {
  it('at 375 px shows the first card on the first screen and the filters in a sheet', async () => {
    const { page, context, errors } = await logIn(browser, baseUrl, member, { viewport: PHONE });
    await page.goto(EVERYONE);
    await countShown(page);

    // Results first: the first card whole on the first screen, no filter form on the page.
    const box = (await results(page).first().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(await page.getByRole('form', { name: 'Search filters' }).count()).toBe(0);
    await shootForReview(page, 'search-en', () => countShown(page));

    // The sheet: a modal dialog (the page behind takes no pointer and no focus), focus stays
    // in it, Escape closes it and gives the focus back to the button.
    await filtersButton(page).click();
    await sheet(page).waitFor();
    expect(await page.evaluate(() => document.querySelector('dialog')!.matches(':modal'))).toBe(
      true,
    );
    expect(
      await page.evaluate(() => document.elementFromPoint(20, 20)?.tagName.toLowerCase()),
    ).toBe('dialog');
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('Tab');
      expect(await focusInSheet(page)).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusInSheet(page)).toBe(true);
    await page.keyboard.press('Escape');
    await sheet(page).waitFor({ state: 'hidden' });
    expect(await filtersButton(page).evaluate((button) => button === document.activeElement)).toBe(
      true,
    );

    // A filter applied closes the sheet, changes the results and the count on the button.
    await filtersButton(page).click();
    await page.getByLabel('Looking for').selectOption({ label: 'Anyone' });
    await page.getByLabel('Country').selectOption({ label: 'All countries' });
    await page.getByLabel('From age').selectOption('60');
    await page.getByLabel('To age').selectOption('99');
    await shootSheet(page, 'search-sheet-en-375');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await sheet(page).waitFor({ state: 'hidden' });
    await page.waitForURL(/min_age=60/);
    await page.getByRole('button', { name: 'Filters · 2' }).waitFor();
    await expect.poll(async () => (await agesShown(page)).length).toBeGreaterThan(0);
    await expect.poll(async () => (await agesShown(page)).every((age) => age >= 60)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 1280 px keeps the filters beside the results', async () => {
    const { page, context, errors } = await logIn(browser, baseUrl, member, { viewport: DESKTOP });
    await page.goto(EVERYONE);
    await countShown(page);
    const form = page.getByRole('form', { name: 'Search filters' });
    const formBox = (await form.boundingBox())!;
    const cardBox = (await results(page).first().boundingBox())!;
    expect(formBox.x + formBox.width).toBeLessThanOrEqual(cardBox.x);
    expect(formBox.y).toBeLessThan(cardBox.y + cardBox.height);
    expect(await filtersButton(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads the same in Dutch (screenshots for review)', async () => {
    const { page, context, errors } = await logIn(browser, baseUrl, member, {
      viewport: PHONE,
      locale: 'nl',
    });
    await page.goto(EVERYONE);
    await countShown(page);
    await shootForReview(page, 'search-nl', () => countShown(page));
    await page.setViewportSize(PHONE);
    await filtersButton(page).click();
    await page.getByRole('dialog', { name: 'Filters' }).waitFor();
    await shootSheet(page, 'search-sheet-nl-375');
    expect(errors).toEqual([]);
    await context.close();
  });
});
