import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';
import { openServerDatabase } from './support/database';
import { type Person, demoMembers, logIn } from './support/demo-people';
import { firstLink, waitForMail } from './support/mailbox';
import { type OpenedPage, openPage } from './support/page-helpers';
import { demoSiteSettings, seedDemoSite } from '../src/server/seed/demo-site';

// Issue 25 item 2 (spec §2 members-id-landing, -landing2-slug, -landing3-slug, -signup; §4
// query parameter t): a visitor from an ad for one member sees that member, signs up with a
// first message, and it reaches the member. The like popup of ?t= is for logged-in members
// only (spec §6, issue 29 item 18): they are sent to the member's page, t with them.
const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
const db = openServerDatabase(inject('database'));
const SCREENSHOTS = process.env.SCREENSHOTS_DIR;
let browser: Browser;
let lotte: Person;
let fiona: Person;
/** A member with several photos: the photo wall of landing3 (viewed only, never written to). */
let photogenic: { id: number; name: string; photos: number };
const opened: OpenedPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  // Members of this file alone (e2e/support/demo-people.ts: `skip` keeps files apart).
  [lotte] = (await demoMembers(db, 1, { skip: 11 })) as [Person];
  [fiona] = (await demoMembers(db, 1, { fictional: true })) as [Person];
  const row = await db
    .selectFrom('photos')
    .innerJoin('members', 'members.id', 'photos.member_id')
    .select(['members.id', 'members.name', (eb) => eb.fn.countAll<number>().as('photos')])
    .where('photos.status', '=', 'active')
    .where('members.is_invisible', '=', 0)
    .groupBy(['members.id', 'members.name'])
    .orderBy('photos', 'desc')
    .orderBy('members.id')
    .executeTakeFirstOrThrow();
  photogenic = { ...row, photos: Number(row.photos) };
});
afterAll(async () => {
  for (const { context } of opened) await context.close();
  await browser.close();
});

async function visitor(viewport = PHONE, locale = 'en') {
  const page = await openPage(browser, baseUrl, viewport);
  await page.context.addCookies([{ name: 'locale', value: locale, url: baseUrl }]);
  opened.push(page);
  return page;
}

describe('a member landing page', () => {
  it('signs up with a first message that reaches the member', async () => {
    const { page, errors } = await visitor();
    await page.goto(`/members/${lotte.id}/landing2/chat?network=adnet&ref=spring24`);
    await page.getByRole('heading', { level: 1, name: `Chat with ${lotte.name}` }).waitFor();

    // The chat design: the visitor writes first; Send opens the signup with the message.
    await page
      .getByLabel(`Your first message to ${lotte.name}`)
      .fill('Hi Lotte, coffee at the harbour?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up for free' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Your first message (optional)').inputValue()).toBe(
      'Hi Lotte, coffee at the harbour?',
    );
    const email = `landing-newcomer-${Date.now()}@example.com`;
    await dialog.getByLabel('E-mail address').fill(email);
    await dialog.getByLabel('Name').fill('Jonas');
    await dialog.getByLabel('Password').fill('a quiet evening by the sea');
    await dialog.getByLabel('Date of birth').fill('1989-09-21');
    await dialog.getByRole('button', { name: 'Create my account' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // spec §3: the tracking values of the landing URL are stored with the member.
    const stored = await db
      .selectFrom('members')
      .select(['network', 'ref', 'signup_message_to'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ network: 'adnet', ref: 'spring24', signup_message_to: lotte.id });

    const activation = await waitForMail(mailboxUrl, email, /Confirm your e-mail address/);
    await page.goto(firstLink(activation, '/api/activate.php'));
    await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor();
    expect(errors).toEqual([]);

    // The first message is in the conversation, for the member it was written to.
    const member = await logIn(browser, baseUrl, lotte, { viewport: PHONE });
    opened.push(member);
    await member.page.goto('/chats');
    await member.page
      .getByRole('list', { name: 'Your conversations' })
      .getByRole('listitem')
      .filter({ hasText: 'Hi Lotte, coffee at the harbour?' })
      .getByText(/^Jonas, \d+$/)
      .waitFor();
  });

  // spec §6: "Time-bonus banner, alerts and like popups are for logged-in users only".
  it('shows a visitor no like popup, whatever ?t= asks, on every design', async () => {
    for (const path of ['landing', 'landing2/chat', 'landing3/photos']) {
      const { page } = await visitor(DESKTOP);
      await page.clock.install();
      await page.goto(`/members/${lotte.id}/${path}?t=1`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.clock.fastForward(10_000);
      // A popup would open at once (its code loaded when due): give it that moment.
      const popup = page.getByRole('dialog');
      const shown = await popup.waitFor({ timeout: 2_000 }).then(
        () => true,
        () => false,
      );
      expect(shown, path).toBe(false);
    }
  });

  it('shows name, age, region and the fictional label in words, and the signup form for the member', async () => {
    const { page } = await visitor();
    await page.goto(`/members/${fiona.id}/landing`);
    await page.getByRole('heading', { level: 1, name: `Meet ${fiona.name}` }).waitFor();
    await page.getByText(new RegExp(`^${fiona.name}, \\d+$`)).waitFor();
    await page.getByText('fictional profile', { exact: true }).waitFor();
    await page.getByText(/Physical contact with this profile is not possible/).waitFor();
    await page
      .getByRole('img', { name: `Photo of ${fiona.name}` })
      .first()
      .waitFor();

    await page.goto(`/members/${fiona.id}/signup`);
    await page
      .getByRole('heading', { level: 1, name: `Sign up and write to ${fiona.name}` })
      .waitFor();
    const form = page.getByRole('form', { name: 'Sign up for free' });
    await form.getByLabel('Your first message (optional)').waitFor();
    await page.getByText('fictional profile', { exact: true }).waitFor();
    // spec §9: the footer's terms version date: the demo company was added on 1 March 2024.
    await page.getByText('Terms and conditions version of March 1, 2024').waitFor();
  });

  it('shows the other photos only blurred and locked', async () => {
    expect(photogenic.photos).toBeGreaterThan(1);
    const { page } = await visitor(DESKTOP);
    await page.goto(`/members/${photogenic.id}/landing3`);
    const wall = page.getByRole('list', { name: `Photos of ${photogenic.name}` });
    await wall.getByRole('img', { name: `Photo of ${photogenic.name}` }).waitFor();
    const locked = Math.min(4, photogenic.photos - 1);
    await expect.poll(() => wall.getByText('Locked photo').count()).toBe(locked);
    const teasers = await wall
      .locator('li img[alt=""]')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    const blurred = await db
      .selectFrom('photos')
      .select('blurred_storage_key')
      .where('member_id', '=', photogenic.id)
      .execute();
    for (const src of teasers)
      expect(
        blurred.some((photo) => src?.includes(photo.blurred_storage_key)),
        src!,
      ).toBe(true);
  });

  it("sends a logged-in member to the member's own page, where their like popup reads t", async () => {
    const member = await logIn(browser, baseUrl, fiona, { viewport: PHONE });
    opened.push(member);
    await member.page.goto(`/members/${lotte.id}/landing2/chat?t=1`);
    await expect.poll(() => new URL(member.page.url()).pathname).toBe(`/members/${lotte.id}`);
    // spec §4: the popup's t reached the member page, which took it out of the address.
    await expect.poll(() => new URL(member.page.url()).search).toBe('');
    await member.page
      .getByRole('heading', { level: 1, name: new RegExp(`^${lotte.name}, \\d+$`) })
      .waitFor();
  });

  // Issue 29 item 6: where logged_out_search is off, member.php answered visitors 403 but the
  // landing page showed them the member. A second site, served from its own host name, lets
  // only members see members.
  it('asks a visitor to sign up, showing nothing of the member, where only members see members', async () => {
    const host = `members-only-${Date.now()}.localhost`;
    const { siteId } = await seedDemoSite(db, host, []);
    const settings = {
      ...demoSiteSettings(),
      logged_out_search: false,
      logged_out_search_trafficsource: false,
    };
    await db
      .updateTable('sites')
      .set({ settings_json: JSON.stringify(settings) })
      .where('id', '=', siteId)
      .execute();
    const url = new URL(baseUrl);
    url.hostname = host;
    const titles = {
      en: 'Sign up to meet our members',
      nl: 'Meld je aan om onze leden te ontmoeten',
    };
    for (const locale of ['en', 'nl'] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await openPage(browser, url.origin, viewport);
        opened.push(page);
        await page.context.addCookies([{ name: 'locale', value: locale, url: url.origin }]);
        // Any id alike: the page tells nobody which members exist.
        await page.page.goto(`/members/${lotte.id}/landing2/chat`);
        await page.page.getByRole('heading', { level: 1, name: titles[locale] }).waitFor();
        expect(await page.page.getByText(lotte.name).count()).toBe(0);
        if (SCREENSHOTS) {
          await mkdir(SCREENSHOTS, { recursive: true });
          await page.page.screenshot({
            path: `${SCREENSHOTS}/member-landing-members-only-${locale}-${viewport.width}.png`,
            fullPage: true,
          });
        }
        expect(page.errors).toEqual([]);
      }
    }
  });

  it('falls back to the default headline for an unknown slug', async () => {
    const { page } = await visitor();
    await page.goto(`/members/${lotte.id}/landing3/no-such-variant`);
    await page.getByRole('heading', { level: 1, name: `Meet ${lotte.name}` }).waitFor();
  });

  it("answers the app's 404 page with status 404 for a member nobody may see", async () => {
    const { page } = await visitor();
    for (const path of ['/members/2000000000/landing', '/members/abc/landing2/chat']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'This page could not be found' }).waitFor();
    }
  });

  it.runIf(SCREENSHOTS)('is photographed at 375 and 1280 px in en and nl', async () => {
    await mkdir(SCREENSHOTS!, { recursive: true });
    const pages = {
      landing: `/members/${fiona.id}/landing`,
      landing2: `/members/${lotte.id}/landing2`,
      landing3: `/members/${photogenic.id}/landing3/photos`,
      signup: `/members/${lotte.id}/signup`,
    };
    for (const locale of ['en', 'nl']) {
      for (const viewport of [PHONE, DESKTOP]) {
        const { page } = await visitor(viewport, locale);
        for (const [name, path] of Object.entries(pages)) {
          await page.goto(path, { waitUntil: 'networkidle' });
          await page.getByRole('heading', { level: 1 }).waitFor();
          await page.screenshot({
            path: `${SCREENSHOTS}/member-${name}-${locale}-${viewport.width}.png`,
            fullPage: true,
          });
        }
      }
    }
  });
});
