import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { PHONE, launchBrowser } from './support/browser';
import { openPage, signUpThroughApi } from './support/page-helpers';
import { shootForReview } from './support/review-screenshots';

// Issue 31 item 9: a member's own monthly spending limit on the settings screen. A lower limit
// counts at once, a higher one after 24 hours, and a checkout past it is refused kindly. The
// member signs up here (no demo member is taken).
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Types a limit in the card and saves it. */
async function saveLimit(card: Locator, amount: string) {
  await card.getByLabel('Limit per month in EUR (leave empty for no limit)').fill(amount);
  await card.getByRole('button', { name: 'Save limit' }).click();
}

/** The card in view, for a screenshot at each width. */
const cardInView = (page: Page, name: string) => () =>
  page.getByRole('form', { name }).scrollIntoViewIfNeeded();

describe('the spending cap, in the browser', () => {
  it('is set, lowered at once, raised after 24 hours, and refuses a checkout past it', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    await signUpThroughApi(page, {
      email: `cap-${Date.now()}@example.com`,
      name: 'Carla',
      password: 'a limit keeps me calm',
      date_of_birth: '1990-05-05',
    });
    await page.goto('/settings');
    const card = page.getByRole('form', { name: 'Monthly spending limit' });
    await card.getByText('This month you have spent €0.00. You have not set a limit.').waitFor();

    await saveLimit(card, '20');
    await card.getByText('This month you have spent €0.00 of your €20.00 limit.').waitFor();
    // Lower: at once.
    await saveLimit(card, '10');
    await card.getByText('of your €10.00 limit.').waitFor();
    // Higher: it waits 24 hours, and the lower limit stays until then.
    await saveLimit(card, '50');
    await card
      .getByRole('status')
      .filter({ hasText: 'Your new limit of €50.00 takes effect on' })
      .waitFor();
    expect(await card.getByText('of your €10.00 limit.').count()).toBe(1);
    await card.getByRole('link', { name: 'Notifications' }).waitFor();
    await shootForReview(page, 'spending-cap-en', cardInView(page, 'Monthly spending limit'));

    // A checkout past the limit is refused with the kind message, and nothing is bought.
    await page.goto('/premium');
    await page.getByRole('link', { name: 'Choose 250 credits' }).click();
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByRole('radio', { name: 'iDEAL' }).check();
    await page.getByLabel('Your bank').selectOption({ label: 'ING' });
    await page.getByRole('button', { name: /^Pay / }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: 'This purchase would take you over the monthly spending limit you set.',
      })
      .waitFor();
    expect(page.url()).not.toContain('demo');
    await shootForReview(page, 'spending-cap-refused-en');

    // In Dutch.
    await context.addCookies([{ name: 'locale', value: 'nl', url: baseUrl }]);
    await page.goto('/settings');
    const nlCard = page.getByRole('form', { name: 'Maandelijkse bestedingslimiet' });
    await nlCard.getByText('van je limiet van € 10,00', { exact: false }).waitFor();
    await shootForReview(
      page,
      'spending-cap-nl',
      cardInView(page, 'Maandelijkse bestedingslimiet'),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
