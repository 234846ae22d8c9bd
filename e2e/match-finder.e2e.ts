import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser } from './support/browser';
import { openPage, signUpThroughApi } from './support/page-helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Signs a new member up; the page is then logged in as them. */
const signUp = (page: Page, email: string) =>
  signUpThroughApi(page, {
    email,
    name: 'Sasha',
    password: 'finding a good match',
    date_of_birth: '1985-03-03',
  });

/** The visible label of a checkbox (the interests are pill-shaped labels). */
const labelOf = (box: Locator) =>
  box.evaluate((input: HTMLInputElement) => input.labels?.[0]?.textContent ?? '');

/** "3 of 4 answers match" on each card, in the order shown. */
async function scoresShown(page: Page): Promise<number[]> {
  const texts = await page.getByText(/^\d+ of \d+ answers? match(es)?$/).allTextContents();
  return texts.map((text) => Number(text.split(' ')[0]));
}

describe('match finder', () => {
  it('asks one question at a time, shows ranked members, and keeps the answers', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, DESKTOP);
    await signUp(page, `match-finder-${Date.now()}@example.com`);
    await page.goto('/match-finder');
    await page.getByRole('heading', { level: 1, name: 'Match finder' }).waitFor();

    // Question 1: the age range; an impossible one is refused with a reason.
    await page.getByText('Question 1 of 3').waitFor();
    await page.getByRole('group', { name: 'How old should your match be?' }).waitFor();
    await page.getByLabel('From age').fill('60');
    await page.getByLabel('To age').fill('30');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('alert').filter({ hasText: "can't be higher" }).waitFor();
    await page.getByLabel('From age').fill('18');
    await page.getByLabel('To age').fill('70');
    await page.getByRole('button', { name: 'Next' }).click();

    // Question 2: whom to meet.
    await page.getByText('Question 2 of 3').waitFor();
    await page.getByRole('group', { name: 'Who would you like to meet?' }).waitFor();
    await page.getByText('Both', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Both' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();

    // Question 3: interests, two of them.
    await page.getByText('Question 3 of 3').waitFor();
    const interests = page.getByRole('group', { name: 'What do you enjoy?' }).getByRole('checkbox');
    const chosen = [await labelOf(interests.nth(0)), await labelOf(interests.nth(1))];
    for (const name of chosen) await page.getByText(name, { exact: true }).click();
    await page.getByRole('button', { name: 'Show my matches' }).click();

    // The members who fit, best first, each score told out of 4 answers (age, whom, 2 interests).
    await page.getByRole('heading', { level: 1, name: 'Your matches' }).waitFor();
    await page.getByText(/members? fits? your answers/).waitFor();
    const scores = await scoresShown(page);
    expect(scores.length).toBeGreaterThan(0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await page
      .getByText(/^\d+ of 4 answers match$/)
      .first()
      .waitFor();
    for (const name of chosen) await page.getByText(name, { exact: false }).first().waitFor();

    // Each card has its like button.
    const firstCard = page.getByRole('list').getByRole('article').first();
    const likeButton = firstCard.getByRole('button', { name: /^Like / });
    await likeButton.click();
    await expect.poll(() => firstCard.getByRole('button', { pressed: true }).count()).toBe(1);

    // A returning member sees the results at once, from the kept answers.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your matches' }).waitFor();
    expect(await scoresShown(page)).toEqual(scores);
    await page.getByText(`${chosen[0]}, ${chosen[1]}`).waitFor();

    // The answers can be changed, starting from the kept ones.
    await page.getByRole('button', { name: 'Change my answers' }).first().click();
    await page.getByText('Question 1 of 3').waitFor();
    expect(await page.getByLabel('From age').inputValue()).toBe('18');
    expect(await page.getByLabel('To age').inputValue()).toBe('70');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByRole('radio', { name: 'Both' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    for (const name of chosen) {
      expect(await page.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(true);
    }
    await page.getByText(chosen[1]!, { exact: true }).click();
    await page.getByRole('button', { name: 'Show my matches' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your matches' }).waitFor();
    await page
      .getByText(/^\d+ of 3 answers match$/)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
