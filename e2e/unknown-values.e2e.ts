import { describe, expect, it } from 'vitest';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { openPage, signUpThroughApi } from './support/page-helpers';

// Issue 29 item 17: an address whose value names nothing (a likes list that does not exist,
// a bundle the site does not sell, a payment that is not the member's) says it could not be
// found with HTTP status 404, as any unknown address does: never with status 200.
const { baseUrl, browser } = await openBrowserAndDatabase();

describe('unknown values in an address', () => {
  it('answer 404 and say it could not be found, while the known values show their page', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signUpThroughApi(page, {
      email: `unknown-values-${Date.now()}@example.com`,
      name: 'Robin',
      password: 'four hundred and four',
      date_of_birth: '1988-04-04',
    });
    for (const path of ['/likes/received', '/credits/1/ideal', '/transactions/1']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      // The 404 page, or the page's own "This could not be found." where it asked the API.
      await page.getByText(/^This (page )?could not be found/).waitFor();
    }
    for (const [path, heading] of [
      ['/likes/liked-by', 'Members who liked you'],
      ['/credits/popular/ideal', 'Checkout'],
      ['/transactions', 'Your purchases'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
