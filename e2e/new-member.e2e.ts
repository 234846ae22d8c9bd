import { addDays, subYears } from 'date-fns';
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

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

describe('what a new member meets', () => {
  // spec §5: the message shows the minimum age (min_age+); issue 7 §5.4.
  it('tells a 17-year-old the minimum age instead of "Invalid date of birth"', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, PHONE);
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up for free' });
    await form.getByLabel('E-mail address').fill(`young-${Date.now()}@example.com`);
    await form.getByLabel('Name').fill('Sam');
    await form.getByLabel('Password').fill('a long walk on the beach');
    // Seventeen, with their eighteenth birthday some days away.
    await form.getByLabel('Date of birth').fill(isoDate(addDays(subYears(new Date(), 18), 10)));
    await form.getByRole('button', { name: 'Create my account' }).click();

    const dateOfBirth = form.getByLabel('Date of birth');
    await expect
      .poll(() => dateOfBirth.getAttribute('aria-invalid'), { message: 'field marked invalid' })
      .toBe('true');
    // The message is the field's description, so a screen reader reads it with the field.
    const description = await dateOfBirth.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(description).toBe('You must be 18 or older to sign up.');
    expect(await form.getByText('You must be 18 or older to sign up.').isVisible()).toBe(true);
    expect(await form.getByText('Invalid date of birth.').count()).toBe(0);
    expect(page.url()).toBe(`${baseUrl}/signup`);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Issue 7 §5.6: React Router warned "No `HydrateFallback` element provided" on every load.
  it('loads pages without console warnings', async () => {
    const { page, context } = await openPage(browser, baseUrl, PHONE);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    for (const path of ['/', '/login', '/pages/faq', '/members/3', '/no-such-page']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expect(warnings).toEqual([]);
    await context.close();
  });
});
