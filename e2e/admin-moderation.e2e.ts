import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { timeStepOf, totpCode } from '../src/server/features/staff';
import { DEMO_STAFF } from '../src/server/seed/demo-staff';
import { DESKTOP } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import {
  type Person,
  apiPost,
  csrfOf,
  demoMembers,
  logIn,
  setCredits,
} from './support/demo-people';
import { type OpenedPage, openPage } from './support/page-helpers';

// Issue 30 item 5 in the browser: the demo owner logs in to the console with password and
// TOTP, approves a member's pending photo (the member then sees it active) and rejects
// another with a reason (the member reads it in their own language, Dutch here); then bans a
// member whose tab is open, and that tab shows itself logged out at once.
const { baseUrl, browser, db } = await openBrowserAndDatabase();
const SHOTS = '/tmp/shots-console';
const opened: OpenedPage[] = [];
/** How long a poll waits for what the page shows next (the test machine is slow). */
const WAIT = { timeout: 20_000 };

// The demo site moderates photos for this file only (spec §3 photo_moderation).
const site = await db
  .selectFrom('sites')
  .select(['id', 'settings_json'])
  .orderBy('id')
  .executeTakeFirstOrThrow();
const setPhotoModeration = (on: boolean) =>
  db
    .updateTable('sites')
    .set({
      settings_json: JSON.stringify({ ...JSON.parse(site.settings_json), photo_moderation: on }),
    })
    .where('id', '=', site.id)
    .execute();
afterAll(async () => {
  await Promise.all(opened.map((one) => one.context.close()));
  await db
    .updateTable('sites')
    .set({ settings_json: site.settings_json })
    .where('id', '=', site.id)
    .execute();
});

const colouredPhoto = (colour: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/**
 * Logs in at /admin as the demo owner does: the authenticator's current code. A code is good
 * once (replay refused), and another console test may have just used this step's: like a
 * person, wait for the authenticator's next code then.
 */
async function logInToConsole() {
  const login = DEMO_STAFF.owner;
  const one = await openPage(browser, baseUrl, DESKTOP);
  opened.push(one);
  const { page } = one;
  await page.goto('/admin');
  await page.waitForURL('**/admin/login');
  await page.getByLabel('E-mail address').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  const { totp_last_step: lastStep } = await db
    .selectFrom('staff')
    .select('totp_last_step')
    .where('email', '=', login.email)
    .executeTakeFirstOrThrow();
  while (timeStepOf(new Date()) <= lastStep) await page.waitForTimeout(1000);
  await page
    .getByLabel('Authenticator code')
    .fill(totpCode(login.totpSecret, timeStepOf(new Date())));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /^Inbox/ }).waitFor();
  return one;
}

/** The photo queue's card of the member's photo: oldest first. */
const queueCards = (page: Page, member: Person) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('img', { name: `Photo of ${member.name}` }) });

describe('moderation in the console (issue 30 item 5)', () => {
  it(
    'approves and rejects a member’s photos; the member sees one active, the other’s reason in Dutch',
    { timeout: 180_000 },
    async () => {
      await mkdir(SHOTS, { recursive: true });
      const [mia, noah] = (await demoMembers(db, 2, { skip: 14 })) as [Person, Person];
      await setCredits(db, mia, 0, true); // premium: room for more photos (spec §9)
      await setPhotoModeration(true);

      const miaTab = await logIn(browser, baseUrl, mia, { locale: 'nl' });
      opened.push(miaTab);
      const { page: miaPage } = miaTab;
      await miaPage.goto('/profile');
      const picker = miaPage.locator('input[type=file]');
      const pending = () => miaPage.getByText('Wacht op controle', { exact: true }).count();
      // One upload at a time, as the page allows.
      for (const [index, colour] of ['#d03030', '#3050d0'].entries()) {
        await picker.setInputFiles({
          name: 'photo.jpg',
          mimeType: 'image/jpeg',
          buffer: await colouredPhoto(colour),
        });
        await expect.poll(pending, WAIT).toBe(index + 1);
      }
      const { profile } = (await (await miaPage.request.get('/api/profile.php')).json()) as {
        profile: { photos: Array<{ id: number; status: string; match: string }> };
      };
      const [approved, rejected] = profile.photos.filter((photo) => photo.status === 'pending');

      const owner = await logInToConsole();
      const desk = owner.page;
      await desk.getByRole('link', { name: 'Photos' }).click();
      await desk.getByRole('heading', { name: 'Photo queue' }).waitFor();
      await expect.poll(() => queueCards(desk, mia).count(), WAIT).toBe(2);
      await expect
        .poll(
          () => desk.evaluate(() => [...document.images].every((image) => image.naturalWidth > 0)),
          WAIT,
        )
        .toBe(true);
      await desk.screenshot({ path: `${SHOTS}/moderation-photos-1280.png` });
      await queueCards(desk, mia).first().getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => queueCards(desk, mia).count(), WAIT).toBe(1);
      await queueCards(desk, mia)
        .getByRole('group', { name: `Reject the photo of ${mia.name}` })
        .getByRole('button', { name: /Contact details/ })
        .click();
      await queueCards(desk, mia).first().waitFor({ state: 'detached' });

      // The member: the approved photo active, the other refused with the reason in Dutch.
      await miaPage.reload();
      await miaPage.getByRole('heading', { name: 'Een foto is niet goedgekeurd' }).waitFor();
      await miaPage
        .getByText(
          'Op de foto staan contactgegevens, zoals een telefoonnummer, e-mailadres of naam op sociale media.',
        )
        .waitFor();
      expect(await pending()).toBe(0);
      await miaPage.screenshot({
        path: `${SHOTS}/member-rejected-photo-nl-1280.png`,
        fullPage: true,
      });
      // And others see the approved photo, never the refused one.
      await setCredits(db, noah, 0, true); // premium: sees every photo, not blurred (spec §6)
      const noahTab = await logIn(browser, baseUrl, noah);
      opened.push(noahTab);
      const seen = JSON.stringify(
        await (await noahTab.page.request.get(`/api/member.php?id=${mia.id}`)).json(),
      );
      const keyOf = (url: string) =>
        url
          .split('/')
          .pop()!
          .replace(/-match\.webp$/, '');
      expect(seen).toContain(keyOf(approved!.match));
      expect(seen).not.toContain(keyOf(rejected!.match));
      expect([...owner.errors, ...miaTab.errors]).toEqual([]);
    },
  );

  it(
    'bans a member whose tab is open: the tab is logged out at once',
    { timeout: 180_000 },
    async () => {
      const [ben, zoe] = (await demoMembers(db, 2, { skip: 42 })) as [Person, Person];
      await setCredits(db, ben, 100, true);
      const benTab = await logIn(browser, baseUrl, ben);
      opened.push(benTab);
      const live = new Promise<void>((resolve) =>
        benTab.page.on('websocket', (socket) => {
          if (!socket.url().endsWith('/api/socket')) return;
          socket.on('framereceived', (frame) => {
            if (String(frame.payload).includes('"ready"')) resolve();
          });
        }),
      );
      await benTab.page.goto('/');
      await live; // the socket said ready: the tab is logged in and live
      await benTab.page.getByRole('link', { name: 'Messages' }).waitFor();
      expect(await benTab.page.getByRole('link', { name: 'Log in' }).count()).toBe(0);

      // Ben writes to Zoe, who reports the message.
      const sent = await benTab.page.request.post('/api/chat-message.php', {
        headers: { 'x-csrf-token': await csrfOf(benTab.page) },
        data: { kind: 'text', to: zoe.id, client_key: randomUUID(), text: 'Send me 200 euros' },
      });
      const { message } = (await sent.json()) as { message: { id: number } };
      const zoeTab = await logIn(browser, baseUrl, zoe);
      opened.push(zoeTab);
      await apiPost(zoeTab.page, '/api/report.php', {
        member: ben.id,
        message: message.id,
        reason: 'scam',
      });

      const owner = await logInToConsole();
      const desk = owner.page;
      await desk.getByRole('link', { name: 'Reports' }).click();
      await desk.getByText('Send me 200 euros').waitFor();
      await desk.screenshot({ path: `${SHOTS}/moderation-reports-1280.png` });
      await desk.getByRole('link', { name: 'Members' }).click();
      await desk.getByLabel('Look up a member').fill(ben.email);
      await desk.getByLabel('Look up a member').press('Enter');
      await desk.getByRole('button', { name: ben.name }).click();
      await desk.getByRole('heading', { name: ben.name }).waitFor();
      await desk.getByLabel('Reason for the ban').fill('Asked several members for money');
      await desk.screenshot({ path: `${SHOTS}/moderation-member-1280.png` });
      await desk.getByRole('button', { name: 'Ban', exact: true }).click();
      await desk.getByText('Asked several members for money').waitFor();
      await desk.getByRole('button', { name: 'Lift the ban' }).waitFor();
      await desk.screenshot({ path: `${SHOTS}/moderation-member-banned-1280.png` });

      // Ben's open tab shows the visitor's pages without a reload.
      await benTab.page.getByRole('link', { name: 'Log in' }).first().waitFor({ timeout: 15_000 });
      expect(
        (await (await benTab.page.request.get('/api/user.php')).json()) as { user: unknown },
      ).toEqual({ user: null });

      await desk.getByRole('link', { name: 'Audit log' }).click();
      await desk.getByRole('cell', { name: 'member.banned' }).first().waitFor();
      expect(owner.errors).toEqual([]);
    },
  );
});
