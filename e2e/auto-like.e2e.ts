import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { updateMember } from '../src/server/db/members-table';
import { DESKTOP } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { memberIdByEmail } from './support/database';
import { openPage, signUpThroughApi } from './support/page-helpers';

const { baseUrl, browser, db } = await openBrowserAndDatabase();

/**
 * Signs a new member up through the API of the page's own browser context, as if that had
 * happened 10 minutes ago: the demo site's first auto-like comes 2 minutes after signup.
 */
async function signUpTenMinutesAgo(page: Page, email: string) {
  await signUpThroughApi(page, {
    email,
    name: 'Jules',
    password: 'who likes me today',
    date_of_birth: '1987-07-07',
  });
  await updateMember(db, await memberIdByEmail(db, email), {
    created_at: new Date(Date.now() - 10 * 60_000).toISOString(),
  });
}

/** The site's fictional-profile label and warning, as the page shows them. */
async function fictionalTexts(page: Page) {
  const answer = (await (await page.request.get('/api/settings.php')).json()) as {
    settings: { fictional_singular: string; fictional_warning: string };
  };
  return answer.settings;
}

/**
 * What the page was answered for auto-like.php, and where it stood: a modal that never shows
 * then says why in the failure (a refused call, an empty answer, a hidden tab, another page).
 */
function explainMissingModal(page: Page) {
  const answers: string[] = [];
  const isAutoLike = (url: string) => new URL(url).pathname === '/api/auto-like.php';
  page.on('response', (response) => {
    if (!isAutoLike(response.url())) return;
    void response.text().then(
      (body) => answers.push(`${response.status()} ${body.slice(0, 200)}`),
      () => answers.push(`${response.status()} (body unread)`),
    );
  });
  page.on('requestfailed', (request) => {
    if (isAutoLike(request.url())) answers.push(`failed: ${request.failure()?.errorText}`);
  });
  return async (error: unknown): Promise<never> => {
    const visibility = await page.evaluate(() => document.visibilityState).catch(() => '?');
    const where = `${page.url()}, ${visibility}`;
    const answered = answers.join(' | ') || 'nothing';
    throw new Error(`no new-like modal at ${where}; auto-like.php answered: ${answered}`, {
      cause: error,
    });
  };
}

describe('auto-like new-like modal', () => {
  it('shows a fictional profile that likes the member on entering the members area, with its label and warning, then reloads the likes', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, DESKTOP);
    const modalMissing = explainMissingModal(page);
    await signUpTenMinutesAgo(page, `auto-like-${Date.now()}@example.com`);
    const { fictional_singular, fictional_warning } = await fictionalTexts(page);

    // auto-like.php answers only once the page has loaded the likes, so the next likes
    // request can only be the reload of spec §4 ("the likes are reloaded 500 ms after").
    let answerAutoLike!: () => void;
    const autoLikeHeld = new Promise<void>((resolve) => (answerAutoLike = resolve));
    await page.route('**/api/auto-like.php', async (route) => {
      await autoLikeHeld;
      await route.continue();
    });
    const isLikesCall = (url: string) => new URL(url).pathname === '/api/likes.php';
    const pageLoadedLikes = page.waitForResponse((response) => isLikesCall(response.url()));
    await page.goto('/members/3');
    await pageLoadedLikes;
    const likesReloaded = page.waitForRequest((request) => isLikesCall(request.url()), {
      timeout: 5000,
    });
    // Awaited below, once the modal is there; a failure before then is the modal's to tell.
    likesReloaded.catch(() => undefined);
    answerAutoLike();
    const dialog = page.getByRole('dialog', { name: / likes you$/ });
    await dialog.waitFor().catch(modalMissing);
    const title = (await dialog.getByText(/ likes you$/).textContent())!;
    const likerName = title.replace(/ likes you$/, '');
    await dialog.getByText(fictional_singular, { exact: true }).waitFor();
    await dialog.getByText(fictional_warning).waitFor();
    await likesReloaded;

    // The like is real in the likes summary, and it came from a fictional profile.
    const likes = (await (await page.request.get('/api/likes.php')).json()) as {
      liked_by: Array<{ name: string; fictional: boolean }>;
    };
    expect(likes.liked_by).toEqual([expect.objectContaining({ name: likerName, fictional: true })]);

    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the like popup of ?t=1 after a second, removes t from the address, and its button opens the profile', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, DESKTOP);
    const modalMissing = explainMissingModal(page);
    await signUpTenMinutesAgo(page, `like-popup-${Date.now()}@example.com`);
    const { fictional_warning } = await fictionalTexts(page);

    // /settings is outside the members area: only t asks for the popup here.
    await page.goto('/settings?t=1');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const dialog = page.getByRole('dialog', { name: / likes you$/ });
    await dialog.waitFor().catch(modalMissing);
    await dialog.getByText(fictional_warning).waitFor();

    const likes = (await (await page.request.get('/api/likes.php')).json()) as {
      liked_by: Array<{ id: number }>;
    };
    await dialog.getByRole('button', { name: 'View profile' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/members/${likes.liked_by[0]!.id}`);
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
