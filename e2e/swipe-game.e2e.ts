import type { Browser, Page } from 'playwright-core';
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
    name: 'Robin',
    password: 'swiping all day long',
    date_of_birth: '1990-05-05',
  });

const cardHeading = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

/** Waits until the card shows another profile than `name`. */
async function nextCardAfter(page: Page, name: string) {
  await page
    .getByRole('article')
    .getByRole('heading', { level: 2 })
    .filter({ hasNotText: name })
    .waitFor();
}

/** Drags the card sideways with the pointer, as a finger would. */
async function dragCard(page: Page, distance: number) {
  const box = (await page.getByRole('article').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + distance, y, { steps: 12 });
  await page.mouse.up();
}

/** "New likes in 3 h 12 min" → 192. */
function minutesIn(text: string): number {
  const match = /New likes in (?:(\d+) h )?(\d+) min/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1] ?? 0) * 60 + Number(match![2]);
}

describe('swipe game', () => {
  it('likes by button, key and swipe up to the daily limit, tells when more come, and passing goes on', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, DESKTOP);
    await page.clock.install();
    await signUp(page, `swipe-${Date.now()}@example.com`);
    await page.goto('/swipe-game');
    await page.getByRole('heading', { level: 1, name: 'Swipe game' }).waitFor();
    await page.getByText('4 likes left today').waitFor();
    const liked: string[] = [];

    // Like by button.
    let name = (await cardHeading(page).textContent())!;
    liked.push(name);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await page.getByText('3 likes left today').waitFor();
    await nextCardAfter(page, name);

    // Like by the → key.
    name = (await cardHeading(page).textContent())!;
    liked.push(name);
    await page.keyboard.press('ArrowRight');
    await page.getByText('2 likes left today').waitFor();
    await nextCardAfter(page, name);

    // Pass by the ← key: the count stays.
    name = (await cardHeading(page).textContent())!;
    await page.keyboard.press('ArrowLeft');
    await nextCardAfter(page, name);
    await page.getByText('2 likes left today').waitFor();

    // A short drag springs back; a long one to the right likes.
    name = (await cardHeading(page).textContent())!;
    await dragCard(page, 40);
    await expect.poll(() => cardHeading(page).textContent()).toBe(name);
    await page.getByText('2 likes left today').waitFor();
    liked.push(name);
    await dragCard(page, 220);
    await page.getByText('1 like left today').waitFor();
    await nextCardAfter(page, name);

    // A drag to the left passes.
    name = (await cardHeading(page).textContent())!;
    await dragCard(page, -220);
    await nextCardAfter(page, name);

    // The fourth like reaches the limit of spec §9.
    name = (await cardHeading(page).textContent())!;
    liked.push(name);
    await page.keyboard.press('ArrowRight');
    await page.getByText('No likes left today').waitFor();
    await page.getByText("You've used all 4 likes for today.").waitFor();
    const until = page.getByText(/^New likes in /);
    const minutesLeft = minutesIn((await until.textContent())!);
    expect(minutesLeft).toBeGreaterThan(0);
    expect(minutesLeft).toBeLessThanOrEqual(24 * 60);
    await expect
      .poll(() => page.getByRole('button', { name: 'Like', exact: true }).isDisabled())
      .toBe(true);

    // The time until more likes counts down as the minutes pass.
    if (minutesLeft > 3) {
      await page.clock.fastForward('02:00');
      await expect.poll(async () => minutesIn((await until.textContent())!)).toBe(minutesLeft - 2);
    }

    // At the limit, → does nothing, and passing still works.
    name = (await cardHeading(page).textContent())!;
    await page.keyboard.press('ArrowRight');
    await page.getByRole('button', { name: 'Pass' }).click();
    await nextCardAfter(page, name);
    await page.getByText('No likes left today').waitFor();

    // Each like in the game is a real like.
    const likes = (await (await page.request.get('/api/likes.php')).json()) as {
      profiles: Array<{ name: string }>;
    };
    expect(likes.profiles.map((profile) => profile.name).sort()).toEqual(
      liked.map((heading) => heading.split(',')[0]).sort(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
