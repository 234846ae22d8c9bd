import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { PASSWORD, type Person, demoMembers } from './support/demo-people';
import { openPage } from './support/page-helpers';

const { baseUrl, browser, db } = await openBrowserAndDatabase();

/** The CSRF token of a context that has loaded a page (the cookie carries __Host-). */
async function csrfOf(page: Page): Promise<string> {
  await page.goto('/');
  return (await page.context().cookies()).find((cookie) => cookie.name === '__Host-csrf')!.value;
}

async function post(page: Page, path: string, data: object) {
  const response = await page.request.post(path, {
    headers: { 'x-csrf-token': await csrfOf(page) },
    data,
  });
  expect(response.status(), path).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');
/** The search's own results, without the similar members shown apart. */
const results = (page: Page) => page.getByRole('region', { name: 'Results' }).getByRole('article');
/** The navigation's Likes link: its name ends with the new-likes badge, if any. */
const likesLink = (page: Page, badge = '') =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: new RegExp(`^Likes${badge ? `\\s*${badge}` : ''}$`) });

describe('discovery: search, likes, matches, badges', () => {
  it('searches with filters, pages on, likes two members, gets a match and sees the badges', async () => {
    // Two real demo members of this file alone (only members with a photo can be liked), just
    // signed up, so no auto-like arrives during the test (the demo site sends the first one 2
    // minutes after signup), and without likes from earlier runs.
    const [me, other] = (await demoMembers(db, 2, { skip: 50 })) as [Person, Person];
    for (const member of [me, other])
      await db
        .deleteFrom('likes')
        .where((eb) => eb.or([eb('liker_id', '=', member.id), eb('liked_id', '=', member.id)]))
        .execute();

    // After login the member lands on the search.
    const { page, context, errors } = await openPage(browser, baseUrl, DESKTOP);
    await logIn(page, me.email, PASSWORD);
    await page.getByRole('heading', { name: 'Search members' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/members');

    // Filters are kept in the URL: a reload keeps them.
    await page.getByLabel('Looking for').selectOption({ label: 'Men' });
    await page.getByLabel('Country').selectOption({ label: 'All countries' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/gender=male/);
    await page.getByText(/members? found/).waitFor();
    await page.reload();
    await page.getByText(/members? found/).waitFor();
    expect(await page.getByLabel('Looking for').inputValue()).toBe('male');

    // Everyone 18 to 99: more than one page of 20.
    await page.getByLabel('Looking for').selectOption({ label: 'Anyone' });
    await page.getByLabel('From age').selectOption('18');
    await page.getByLabel('To age').selectOption('99');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/min_age=18/);
    const found = page.getByText(/\d+ members found/);
    await found.waitFor();
    expect(Number((await found.textContent())!.match(/\d+/)![0])).toBeGreaterThan(20);
    await expect.poll(() => results(page).count()).toBe(20);
    // Scrolling to the end of the list appends page 2.
    await page.getByRole('button', { name: 'More members' }).scrollIntoViewIfNeeded();
    await expect.poll(() => results(page).count()).toBeGreaterThan(20);
    // Clear drops the appended pages and the chosen filters: back to the first page of the
    // member's own defaults.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL(`${baseUrl}/members`);
    await page.getByText(/members? found/).waitFor();
    await expect.poll(() => results(page).count()).toBeLessThanOrEqual(20);
    expect(await page.getByLabel('From age').inputValue()).toBe('');

    // No new likes yet: no badge, no count in the title.
    await likesLink(page).waitFor();
    expect(await page.title()).not.toMatch(/^\(/);

    // The other member likes this one (in their own session) ...
    const theirs = await openPage(browser, baseUrl, DESKTOP);
    await post(theirs.page, '/api/user.php', { email: other.email, password: PASSWORD });
    await post(theirs.page, '/api/like.php', { profile: me.id });
    await theirs.context.close();

    // ... which shows as a badge on Likes and a count in the title once the likes reload.
    await page.reload();
    await page.getByText(/members? found/).waitFor();
    await likesLink(page, '1').waitFor();
    await expect.poll(() => page.title()).toMatch(/^\(1\) /);

    // Like one member from a search card.
    const card = cards(page).filter({ hasNotText: other.name }).first();
    await card.getByRole('button', { name: /^Like / }).click();
    await card.getByRole('button', { name: /^Unlike /, pressed: true }).waitFor();

    // And the other member from their page: they liked back, so it is a match.
    await page.goto(`/members/${other.id}`);
    await page.getByRole('button', { name: `Like ${other.name}` }).click();
    const dialog = page.getByRole('dialog', { name: "It's a match!" });
    await dialog.getByText(`${me.name} and ${other.name} like each other.`).waitFor();
    await dialog.getByRole('button', { name: 'Keep browsing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Unlike ${other.name}` }).waitFor();

    // The match is listed under Likes → Matches.
    await likesLink(page, '1').click();
    await page.getByRole('heading', { name: 'Likes', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'All matches' }).click();
    await page.getByRole('heading', { name: 'Your matches' }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(1);
    await cards(page).getByText(`${other.name},`).waitFor();

    // Their like is new; opening it clears the badge and the title count.
    await page.getByRole('link', { name: /^Liked you/ }).click();
    await page.getByRole('heading', { name: 'Members who liked you' }).waitFor();
    const liker = cards(page).filter({ hasText: other.name });
    await liker.getByText('New', { exact: true }).waitFor();
    await liker.getByRole('link').click();
    await page.waitForURL(`${baseUrl}/members/${other.id}`);
    await page.getByRole('heading', { name: new RegExp(`^${other.name},`) }).waitFor();
    await likesLink(page).waitFor();
    await expect.poll(() => page.title()).not.toMatch(/^\(/);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a visitor the signup modal to like, and where they may not search', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, DESKTOP);
    // The demo site lets visitors search (logged_out_search): the cards show, and Like asks
    // them to sign up.
    await page.goto('/members');
    await page.getByText(/\d+ members found/).waitFor();
    await cards(page)
      .first()
      .getByRole('button', { name: /^Like / })
      .click();
    const signup = page.getByRole('dialog', { name: 'Sign up for free' });
    await signup.waitFor();
    await signup.getByRole('button', { name: 'Close' }).click();
    await signup.waitFor({ state: 'hidden' });

    // Where the site refuses visitors' searches (spec §6), the page invites them instead.
    await page.route('**/api/search.php*', (route) =>
      route.fulfill({ status: 403, json: { error: 'authentication_required' } }),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Sign up to search members' }).waitFor();
    await signup.waitFor();
    expect(await cards(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
