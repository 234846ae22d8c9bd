import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { type Person, demoMembers, logIn, setCredits } from './support/demo-people';
import type { OpenedPage } from './support/page-helpers';
import { modalShown, shootForReview } from './support/review-screenshots';

// Issue 23 item 9: a message refused for credits is not erased. It stays in the composer
// through the prompt and a purchase with the demo provider, and goes only when the member
// presses Send; at 0 credits the composer says so before anything is typed.
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

const composer = (page: Page) => page.getByLabel('Your message');
const history = (page: Page) => page.getByRole('region', { name: 'Messages' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
const outOfCredits = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'no credits left' });

async function sentBy(member: Person): Promise<Array<string | null>> {
  const rows = await db
    .selectFrom('messages')
    .select('text')
    .where('sender_id', '=', member.id)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.text);
}

describe('a message refused for credits keeps its text (issue 23 item 9)', () => {
  let carla: Person;
  let ben: Person;

  beforeAll(async () => {
    [carla, ben] = (await demoMembers(db, 2, { skip: 36 })) as [Person, Person];
    // Never paid: the way out is the bundles, whose first purchase makes her premium.
    await setCredits(db, carla, 5, false);
  });

  it(
    'says "no credits left" before typing, keeps the refused text through the prompt and a purchase, and sends it only on Send',
    { timeout: 180_000 },
    async () => {
      const page = await logInAs(carla, { viewport: PHONE });
      await page.goto(`/members/${ben.id}/chat`);
      await page.getByText(/you have 5 credits/).waitFor();
      expect(await outOfCredits(page).count()).toBe(0);
      await composer(page).fill('Hi Ben!');
      await sendButton(page).click();
      await history(page).getByText('Hi Ben!').waitFor();

      // At 0 credits the composer says so at once, and again when the page opens, before a key
      // is pressed.
      await outOfCredits(page).waitFor();
      await page.reload();
      await page.getByText(/you have 0 credits/).waitFor();
      await outOfCredits(page).getByRole('link', { name: 'See credit bundles' }).waitFor();
      expect(await composer(page).inputValue()).toBe('');
      await shootForReview(page, 'composer-no-credits-en');

      // Refused: the prompt opens, nothing is sent, and the text is still in the composer.
      await composer(page).fill('Are you there?');
      await sendButton(page).click();
      const prompt = page.getByRole('dialog', { name: "You're out of credits" });
      await prompt.getByText('Your message is still in the box.', { exact: false }).waitFor();
      await shootForReview(page, 'prompt-draft-kept-en', () => modalShown(page));
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await prompt.waitFor({ state: 'hidden' });
      expect(await composer(page).inputValue()).toBe('Are you there?');
      expect(await history(page).getByText('Are you there?').count()).toBe(0);
      expect(await sentBy(carla)).toEqual(['Hi Ben!']);

      // Refused again, this time into the purchase: the demo provider's checkout and back.
      await sendButton(page).click();
      await prompt.getByRole('link', { name: 'See credit bundles' }).click();
      await page.getByRole('heading', { name: 'Get Premium', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Choose 250 credits' }).click();
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      // Cards are offered in every country (a demo member may live anywhere).
      await page.getByRole('radio', { name: 'Credit card' }).check();
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.getByRole('heading', { name: 'Demo payment provider' }).waitFor();
      await page.getByRole('button', { name: 'Paid', exact: true }).click();
      await page.getByRole('heading', { name: 'Payment completed' }).waitFor();

      // Back in the conversation the text waits in the composer; nothing went on its own.
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: /^Messages/ })
        .click();
      await page
        .getByRole('list', { name: 'Your conversations' })
        .getByRole('listitem')
        .filter({ hasText: ben.name })
        .getByRole('link')
        .first()
        .click();
      await page.getByText(/you have 250 credits/).waitFor();
      expect(await composer(page).inputValue()).toBe('Are you there?');
      expect(await outOfCredits(page).count()).toBe(0);
      expect(await sentBy(carla)).toEqual(['Hi Ben!']);

      // The member presses Send: now it goes, once, and the composer is empty for good.
      await sendButton(page).click();
      await history(page).getByText('Are you there?').waitFor();
      await page.getByText(/you have 245 credits/).waitFor();
      expect(await sentBy(carla)).toEqual(['Hi Ben!', 'Are you there?']);
      expect(await composer(page).inputValue()).toBe('');
      await page.reload();
      await history(page).getByText('Are you there?').waitFor();
      expect(await composer(page).inputValue()).toBe('');
    },
  );

  it('says it in Dutch, and forgets drafts on logout', { timeout: 120_000 }, async () => {
    const [dirk] = (await demoMembers(db, 1, { skip: 38 })) as [Person];
    await setCredits(db, dirk, 0, true);
    const page = await logInAs(dirk, { viewport: PHONE, locale: 'nl' });
    await page.goto(`/members/${ben.id}/chat`);
    // Paid before: the way out is buying credits.
    const notice = page.getByRole('status').filter({ hasText: 'Je hebt geen credits meer.' });
    await notice.getByRole('link', { name: 'Credits kopen' }).waitFor();
    await page.getByLabel('Je bericht').fill('Ben je daar?');
    await page.getByRole('button', { name: 'Versturen', exact: true }).click();
    const prompt = page.getByRole('dialog');
    await prompt.getByText('Je bericht staat nog in het tekstvak.', { exact: false }).waitFor();
    await shootForReview(page, 'prompt-draft-kept-nl', () => modalShown(page));
    await prompt.getByRole('button', { name: 'Nu niet' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await shootForReview(page, 'composer-no-credits-nl');
    await page.reload();
    expect(await page.getByLabel('Je bericht').inputValue()).toBe('Ben je daar?');

    // Logging out forgets it: the next person at this tab finds an empty composer.
    expect(await page.evaluate(() => sessionStorage.length)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Terug naar berichten' }).click();
    await page.getByRole('button', { name: 'Mijn account' }).click();
    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await page.getByRole('link', { name: 'Inloggen' }).waitFor();
    expect(
      await page.evaluate(() =>
        Object.keys(sessionStorage).filter((key) => key.startsWith('chat-draft:')),
      ),
    ).toEqual([]);
  });
});
