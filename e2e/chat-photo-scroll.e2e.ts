import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './support/browser';
import {
  type Person,
  apiPost,
  csrfOf,
  demoMembers,
  logIn,
  setCredits,
} from './support/demo-people';
import { openBrowserAndDatabase } from './support/browser-and-database';
import type { OpenedPage } from './support/page-helpers';
import { shootForReview } from './support/review-screenshots';

// Issue 23 item 10: a conversation with photos opens with the newest message in view and
// stays there as the photos load; a member reading further up gets a "New messages" button
// instead of a jump. At 1280 and 375 px.
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

const history = (page: Page) => page.getByRole('region', { name: 'Messages' });

/** A photo as a phone takes it: portrait, or landscape. */
const photo = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

let sent = 0;
async function sendPhoto(from: Page, to: Person, buffer: Buffer) {
  sent += 1;
  const response = await from.request.post('/api/chat-photo.php', {
    headers: { 'x-csrf-token': await csrfOf(from) },
    multipart: {
      to: String(to.id),
      client_key: `photo-scroll-${sent}-abcdefgh`,
      photo: { name: `photo-${sent}.jpg`, mimeType: 'image/jpeg', buffer },
    },
  });
  expect(response.status(), 'chat-photo.php').toBe(200);
}

async function sendText(from: Page, to: Person, text: string) {
  sent += 1;
  await apiPost(from, '/api/chat-message.php', {
    kind: 'text',
    to: to.id,
    client_key: `photo-scroll-${sent}-abcdefgh`,
    text,
  });
}

/**
 * Holds every chat photo's download until released: the history is laid out and put at the
 * newest message first, then the photos arrive, as on a slow phone connection.
 */
async function holdPhotos(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/chat-photo-file.php**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every photo inside the visible part of the history has loaded. */
function photosInViewLoaded(scroller: Locator) {
  return scroller.evaluate((view) => {
    const area = view.getBoundingClientRect();
    return [...view.querySelectorAll('img')]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > area.top && box.top < area.bottom;
      })
      .every((image) => image.complete && image.naturalWidth > 0);
  });
}

/** How far (px) the bottom of the element sits below the bottom of the history's view. */
async function belowView(scroller: Locator, element: Locator) {
  const box = await element.boundingBox();
  const area = await scroller.boundingBox();
  return Math.round(box!.y + box!.height - (area!.y + area!.height));
}

describe('a conversation with photos (issue 23 item 10)', () => {
  let gil: Person;
  let ida: Person;
  let gilApi: Page;
  let idaApi: Page;

  beforeAll(async () => {
    [gil, ida] = (await demoMembers(db, 2, { skip: 39 })) as [Person, Person];
    await setCredits(db, gil, 500, true);
    await setCredits(db, ida, 500, true);
    gilApi = await logInAs(gil);
    idaApi = await logInAs(ida);
    // Gil's own photos (shown to him as pictures) between texts, and the newest a text.
    await sendText(idaApi, gil, 'Where were you this weekend?');
    await sendPhoto(gilApi, ida, await photo(600, 800, '#2f7fd0'));
    await sendText(gilApi, ida, 'At the lake!');
    await sendPhoto(gilApi, ida, await photo(800, 600, '#40a060'));
    await sendPhoto(gilApi, ida, await photo(480, 960, '#d08040'));
    await sendText(idaApi, gil, 'Beautiful. See you tomorrow?');
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`opens at the newest message and stays there as the photos load, at ${viewport.width} px`, async () => {
      const page = await logInAs(gil, { viewport });
      const release = await holdPhotos(page);
      await page.goto(`/members/${ida.id}/chat`);
      const scroller = history(page);
      const newest = scroller.getByText('Beautiful. See you tomorrow?');
      await newest.waitFor();
      // The photos come only now, after the view was placed.
      release();
      await expect.poll(() => photosInViewLoaded(scroller)).toBe(true);
      expect(await scroller.getByRole('img', { name: 'Your photo' }).count()).toBe(3);
      expect(await belowView(scroller, newest)).toBeLessThanOrEqual(0);
      expect(
        await scroller.evaluate((view) => view.scrollHeight - view.scrollTop - view.clientHeight),
      ).toBeLessThanOrEqual(1);
      await shootForReview(page, 'conversation-photos-en', () =>
        expect.poll(() => photosInViewLoaded(scroller)).toBe(true),
      );
    });
  }

  it('shows "New messages" to a member reading further up instead of jumping, in Dutch too', async () => {
    const page = await logInAs(gil, { viewport: PHONE, locale: 'nl' });
    await page.goto(`/members/${ida.id}/chat`);
    const scroller = page.getByRole('region', { name: 'Berichten' });
    await scroller.getByText('Beautiful. See you tomorrow?').waitFor();
    await expect.poll(() => photosInViewLoaded(scroller)).toBe(true);
    await shootForReview(page, 'conversation-photos-nl', () =>
      expect.poll(() => photosInViewLoaded(scroller)).toBe(true),
    );

    // Gil reads from the top; Ida sends a photo and a text.
    await scroller.evaluate((view) => view.scrollTo({ top: 0 }));
    await expect.poll(() => scroller.evaluate((view) => view.scrollTop)).toBe(0);
    await sendPhoto(idaApi, gil, await photo(600, 800, '#a040a0'));
    await sendText(idaApi, gil, 'Are you there?');
    const jump = page.getByRole('button', { name: 'Nieuwe berichten' });
    await jump.waitFor();
    await scroller.getByText('Are you there?').waitFor({ state: 'attached' });
    expect(await scroller.evaluate((view) => view.scrollTop)).toBe(0);

    await jump.click();
    await jump.waitFor({ state: 'hidden' });
    await expect
      .poll(() => belowView(scroller, scroller.getByText('Are you there?')))
      .toBeLessThanOrEqual(0);
  });
});
