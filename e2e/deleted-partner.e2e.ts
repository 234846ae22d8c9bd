import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { createMember } from '../src/server/test/factories';
import { PASSWORD, type Person, apiPost, logIn } from './support/demo-people';
import type { OpenedPage } from './support/page-helpers';
import { shootForReview } from './support/review-screenshots';

// Issue 31 item 7: the partner of a member who deleted their account keeps the conversation.
// The list and the conversation show "a deleted member" with no name, photo or profile link,
// the history stays readable and a notice takes the composer's place. In English on a desktop
// and in Dutch on a phone (shots with CHAT_SCREENSHOTS=<dir>).
const { baseUrl, browser, db } = await openBrowserAndDatabase();
const opened: OpenedPage[] = [];
afterAll(async () => {
  await Promise.all(opened.map((one) => one.context.close()));
});

type Texts = Record<string, Record<string, string>>;
const catalogue = async (language: string): Promise<Texts> =>
  JSON.parse(await readFile(`src/locales/${language}/chat.json`, 'utf8')) as Texts;

let keys = 0;
const clientKey = () => `e2e-deleted-partner-${Date.now()}-${keys++}`;

/** A new member of the demo site (visible, with credits), so no other file's chats meet. */
async function newMember(name: string): Promise<Person> {
  const site = await db
    .selectFrom('members')
    .select('site_id')
    .where('is_demo', '=', 1)
    .executeTakeFirstOrThrow();
  return createMember(db, site.site_id, { name, credits: 100, password: PASSWORD });
}

async function logInAs(member: Person, viewport: typeof DESKTOP, locale: string): Promise<Page> {
  const one = await logIn(browser, baseUrl, member, { viewport, locale });
  opened.push(one);
  return one.page;
}

describe('the partner of a deleted member (issue 31 item 7)', () => {
  for (const { language, viewport } of [
    { language: 'en', viewport: DESKTOP },
    { language: 'nl', viewport: PHONE },
  ]) {
    it(
      `sees "a deleted member" in ${language} at ${viewport.width} px`,
      { timeout: 180_000 },
      async () => {
        const texts = await catalogue(language);
        const stays = await newMember(`Sam ${language}`);
        const leaves = await newMember(`Quinn ${language}`);
        const page = await logInAs(stays, viewport, language);
        await apiPost(page, '/api/chat-message.php', {
          kind: 'text',
          to: leaves.id,
          client_key: clientKey(),
          text: 'See you on Saturday?',
        });
        const other = await logInAs(leaves, viewport, language);
        await apiPost(other, '/api/chat-message.php', {
          kind: 'text',
          to: stays.id,
          client_key: clientKey(),
          text: 'Sorry, I am leaving the site.',
        });
        await apiPost(other, '/api/account-deletion.php', { password: PASSWORD });

        // The list: the conversation is there, labelled, without the name.
        await page.goto('/chats');
        const list = page.getByRole('list', { name: texts.list!.label });
        const entry = list.getByRole('link', { name: new RegExp(texts.deletedPartner!.name!) });
        await entry.waitFor();
        expect(await list.getByText(leaves.name).count()).toBe(0);
        await shootForReview(page, `deleted-partner-list-${language}`);

        // The conversation: the history, the label as its heading, no link to a profile and
        // a notice where the composer was.
        await entry.click();
        await page.getByRole('heading', { name: texts.deletedPartner!.name }).waitFor();
        await page.getByText('Sorry, I am leaving the site.').waitFor();
        await page.getByText('See you on Saturday?').waitFor();
        await page.getByText(texts.deletedPartner!.notice!).waitFor();
        expect(await page.getByRole('textbox').count()).toBe(0);
        expect(await page.locator(`a[href="/members/${leaves.id}"]`).count()).toBe(0);
        expect(await page.getByText(leaves.name).count()).toBe(0);
        expect(await page.title()).toContain(texts.deletedPartner!.title);
        await shootForReview(page, `deleted-partner-conversation-${language}`);
      },
    );
  }
});
