import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import {
  type Person,
  apiPost,
  csrfOf,
  demoMembers,
  logIn,
  setCredits,
} from './support/demo-people';
import type { OpenedPage } from './support/page-helpers';

// Issue 32 item 9: small motion where it helps (a like, a match, a sent message), and none for
// a member whose system asks for reduced motion. What the browser is told to play is read from
// the computed style, so the test never races an animation's clock.
const { baseUrl, browser, db } = await openBrowserAndDatabase();
const opened: OpenedPage[] = [];
let mia: Person;
let noah: Person;
let zoe: Person;

beforeAll(async () => {
  [mia] = (await demoMembers(db, 1, { skip: 19 })) as [Person];
  [noah] = (await demoMembers(db, 1, { skip: 21 })) as [Person];
  [zoe] = (await demoMembers(db, 1, { skip: 41 })) as [Person];
  await setCredits(db, mia, 500, true);
  // Noah and Zoe like Mia first: her like back is a match. Mia likes neither yet (a server
  // kept from an earlier run remembers her likes).
  await apiPost(await logInAs(noah), '/api/like.php', { profile: mia.id });
  await apiPost(await logInAs(zoe), '/api/like.php', { profile: mia.id });
  const miaApi = await logInAs(mia);
  for (const partner of [noah, zoe]) {
    await miaApi.request.delete('/api/like.php', {
      headers: { 'x-csrf-token': await csrfOf(miaApi) },
      data: { profile: partner.id },
    });
  }
});
afterAll(async () => {
  await Promise.all(opened.map((one) => one.context.close()));
});

async function logInAs(member: Person, reducedMotion: 'reduce' | 'no-preference' = 'reduce') {
  const one = await logIn(browser, baseUrl, member, { viewport: PHONE });
  opened.push(one);
  await one.page.emulateMedia({ reducedMotion });
  return one.page;
}

/** The animation the browser plays on the element (or 'none'). */
const animationOf = (element: Locator) =>
  element.evaluate((node) => getComputedStyle(node).animationName);

/** Likes the member from their page; answers the heart and the match dialog's parts. */
async function likeBack(page: Page, partner: Person) {
  await page.goto(`/members/${partner.id}`);
  await page.getByRole('button', { name: `Like ${partner.name}` }).click();
  const heart = page.getByRole('button', { name: `Unlike ${partner.name}` }).locator('svg');
  await heart.waitFor();
  const dialog = page.getByRole('dialog', { name: "It's a match!" });
  await dialog.waitFor();
  const photos = dialog.locator('.match-photos > *');
  return {
    heart: await animationOf(heart),
    match: await Promise.all([0, 1, 2].map((index) => animationOf(photos.nth(index)))),
  };
}

/** Sends a message while its request is held, so the bubble is on its way; answers its motion. */
async function sentBubbleMotion(page: Page, partner: Person, text: string) {
  const held: Route[] = [];
  let release = false;
  await page.route('**/api/chat-message.php', (route) =>
    release ? route.continue() : held.push(route),
  );
  await page.goto(`/members/${partner.id}/chat`);
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const bubble = page
    .getByRole('region', { name: 'Messages' })
    .locator('.chat-message.is-pending .chat-bubble')
    .filter({ hasText: text });
  await bubble.waitFor();
  const motion = await animationOf(bubble);
  release = true;
  await Promise.all(held.map((route) => route.continue()));
  await page.getByRole('region', { name: 'Messages' }).getByText('Sent', { exact: true }).waitFor();
  return motion;
}

describe('motion (issue 32 item 9)', () => {
  it('beats the heart of a like, brings a match together and lifts a sent message in', async () => {
    const page = await logInAs(mia, 'no-preference');
    const { heart, match } = await likeBack(page, noah);
    expect(heart).toBe('app-like-pop');
    expect(match).toEqual(['app-match-from-start', 'app-like-pop', 'app-match-from-end']);
    expect(await sentBubbleMotion(page, noah, 'Hello Noah, nice to match!')).toBe(
      'chat-message-sent',
    );
  });

  it('moves nothing for a member who asked for reduced motion', async () => {
    const page = await logInAs(mia, 'reduce');
    const { heart, match } = await likeBack(page, zoe);
    expect(heart).toBe('none');
    expect(match).toEqual(['none', 'none', 'none']);
    expect(await sentBubbleMotion(page, zoe, 'Hello Zoe, nice to match!')).toBe('none');
  });
});
