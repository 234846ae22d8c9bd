import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { type Person, apiPost, demoMembers, logIn, setCredits } from './support/demo-people';
import type { OpenedPage } from './support/page-helpers';
import { modalShown, shootForReview } from './support/review-screenshots';

// Issue 23 items 11 and 16: a fictional profile says "physical contact is not possible" as
// text a phone shows, wherever it appears (spec §1), and the match dialog leads on to a
// message with the new match.
const { baseUrl, browser, db } = await openBrowserAndDatabase();
const opened: OpenedPage[] = [];
afterAll(async () => {
  await Promise.all(opened.map((one) => one.context.close()));
});

async function logInAs(member: Person, options: Parameters<typeof logIn>[3] = {}): Promise<Page> {
  const one = await logIn(browser, baseUrl, member, options);
  opened.push(one);
  return one.page;
}

/** A like as a fictional profile's auto-like leaves it (only fictional likers are 'auto'). */
async function likedBy(liker: Person, liked: Person) {
  await db
    .insertInto('likes')
    .values({
      liker_id: liker.id,
      liked_id: liked.id,
      source: 'auto',
      created_at: new Date().toISOString(),
      is_new: 1,
    })
    .execute();
}

/** Visible to a person: in the layout, not only an attribute a pointer reveals. */
async function isShown(page: Page, text: string | RegExp, within = page.locator('body')) {
  const found = within.getByText(text);
  await found.first().waitFor();
  return found.first().isVisible();
}

const matchDialog = (page: Page, name = "It's a match!") => page.getByRole('dialog', { name });

describe('fictional profiles say so in words, and a match leads to a message', () => {
  let me: Person;
  let other: Person;
  // The e2e seed has one fictional profile (demo-members.ts).
  let fiona: Person;

  beforeAll(async () => {
    [me, other] = (await demoMembers(db, 2, { skip: 34 })) as [Person, Person];
    [fiona] = (await demoMembers(db, 1, { fictional: true })) as [Person];
    await setCredits(db, me, 200, true);
  });

  it('shows "Physical contact is not possible" on a fictional partner in the chat list and header, at phone width', async () => {
    const page = await logInAs(me, { viewport: PHONE });
    await apiPost(page, '/api/chat-message.php', {
      kind: 'text',
      to: fiona.id,
      client_key: 'fictional-list-abcdefgh',
      text: 'Hello there',
    });
    await page.goto('/chats');
    const entry = page
      .getByRole('list', { name: 'Your conversations' })
      .getByRole('listitem')
      .filter({ hasText: fiona.name });
    // spec §1: the words themselves, not a hover title (phones never show one).
    expect(await isShown(page, 'Physical contact is not possible', entry)).toBe(true);
    await shootForReview(page, 'chat-list-fictional-en');

    await entry.getByRole('link').first().click();
    await page
      .getByRole('heading', { level: 1, name: new RegExp(`^${fiona.name}, \\d+$`) })
      .waitFor();
    expect(await isShown(page, /Physical contact with this profile is not possible/)).toBe(true);
  });

  it("says it in the member's language (nl)", async () => {
    const page = await logInAs(me, { viewport: PHONE, locale: 'nl' });
    await page.goto('/chats');
    const entry = page.getByRole('listitem').filter({ hasText: fiona.name });
    expect(await isShown(page, 'Fysiek contact is niet mogelijk', entry)).toBe(true);
    await shootForReview(page, 'chat-list-fictional-nl');
  });

  it('offers "Send a message" in the match dialog, which opens the conversation with the new match', async () => {
    await apiPost(await logInAs(other), '/api/like.php', { profile: me.id });
    const page = await logInAs(me);
    await page.goto(`/members/${other.id}`);
    await page.getByRole('button', { name: `Like ${other.name}` }).click();
    const dialog = matchDialog(page);
    await dialog.getByText(`${me.name} and ${other.name} like each other.`).waitFor();
    await shootForReview(page, 'match-dialog-en', () => modalShown(page));

    await dialog.getByRole('link', { name: 'Send a message' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL(`**/members/${other.id}/chat`);
    await page
      .getByRole('heading', { level: 1, name: new RegExp(`^${other.name}, \\d+$`) })
      .waitFor();
    await page.getByLabel('Your message').fill('We matched!');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('We matched!').waitFor();
  });

  it('labels a fictional match in the dialog, and offers the message in Dutch', async () => {
    await likedBy(fiona, me);
    const page = await logInAs(me, { locale: 'nl' });
    await page.goto(`/members/${fiona.id}`);
    await page.getByRole('button', { name: `${fiona.name} liken` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'Stuur een bericht' }).waitFor();
    expect(await isShown(page, /Fysiek contact met dit profiel is niet mogelijk/, dialog)).toBe(
      true,
    );
    await shootForReview(page, 'match-dialog-fictional-nl', () => modalShown(page));
    await dialog.getByRole('link', { name: 'Stuur een bericht' }).click();
    await page.waitForURL(`**/members/${fiona.id}/chat`);
  });
});
