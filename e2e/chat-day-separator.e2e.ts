import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './support/browser';
import { openBrowserAndDatabase } from './support/browser-and-database';
import { type Person, apiPost, demoMembers, logIn, setCredits } from './support/demo-people';
import type { OpenedPage } from './support/page-helpers';

// Issue 25 item 8, the chat's design pass at 375 px: the day a message was sent stays readable
// below the partner's header while the member scrolls, and Report sits in a per-message
// "⋯" menu instead of under every bubble.
const { baseUrl, browser, db } = await openBrowserAndDatabase();
const opened: OpenedPage[] = [];
let mia: Person;
let noah: Person;

beforeAll(async () => {
  [mia, noah] = (await demoMembers(db, 2, { skip: 9 })) as [Person, Person];
  await setCredits(db, mia, 500, true);
  await setCredits(db, noah, 500, true);
  const miaApi = await logInAs(mia);
  const noahApi = await logInAs(noah);
  // Two days of conversation, enough of each to scroll: yesterday's twelve lines, then
  // today's twelve (alternating, so each stays under the per-minute send limit).
  const send = async (n: number) => {
    const [from, to] = n % 2 ? [noahApi, mia] : [miaApi, noah];
    await apiPost(from, '/api/chat-message.php', {
      kind: 'text',
      to: to.id,
      client_key: `day-separator-${n}-abcdefgh`,
      text: `Line ${n} with a few more words, so that it takes some room on a phone`,
    });
  };
  for (let n = 1; n <= 12; n++) await send(n);
  // Yesterday, by the stored time: the history groups messages by the day they were sent.
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  await db
    .updateTable('messages')
    .set({ created_at: yesterday })
    .where((eb) =>
      eb.or([
        eb.and([eb('sender_id', '=', mia.id), eb('recipient_id', '=', noah.id)]),
        eb.and([eb('sender_id', '=', noah.id), eb('recipient_id', '=', mia.id)]),
      ]),
    )
    .execute();
  for (let n = 13; n <= 24; n++) await send(n);
});
afterAll(async () => {
  await Promise.all(opened.map((one) => one.context.close()));
});

async function logInAs(member: Person, viewport = PHONE): Promise<Page> {
  const one = await logIn(browser, baseUrl, member, { viewport });
  opened.push(one);
  return one.page;
}

const history = (page: Page) => page.getByRole('region', { name: 'Messages' });

/** Today's date as the history writes it above today's messages. */
const todayLabel = (page: Page) =>
  page.evaluate(() =>
    new Intl.DateTimeFormat('en', { weekday: 'long', day: 'numeric', month: 'long' }).format(
      new Date(),
    ),
  );

/**
 * Whether a bubble shows beside or behind the stuck day label (issue 32 item 6): points across
 * the history's width, through the label's band, each hit the band and never a message.
 */
async function bubbleBesideLabel(label: Locator): Promise<boolean> {
  return label.evaluate((node) => {
    const band = node.closest('li')!.getBoundingClientRect();
    const view = node.closest('[role=region]')!.getBoundingClientRect();
    for (let x = view.left + 4; x < view.right - 16; x += 12) {
      for (const y of [band.top + 1, band.top + band.height / 2, band.bottom - 1]) {
        if (document.elementFromPoint(x, y)?.closest('.chat-message')) return true;
      }
    }
    return false;
  });
}

describe('the chat (issue 25 item 8, issue 32 item 6)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`keeps the day separator visible below the header at ${viewport.width} px, covering no bubble`, async () => {
      const page = await logInAs(mia, viewport);
      await page.goto(`/members/${noah.id}/chat`);
      const scroller = history(page);
      await scroller.getByText('Line 24 with', { exact: false }).waitFor();
      const today = scroller.getByText(await todayLabel(page), { exact: true });
      await today.waitFor();
      // The conversation fills the screen and no more: only the history scrolls (the read
      // states hidden for screen readers once made the page itself taller than the screen).
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(
        viewport.height,
      );

      // Scroll so today's separator meets the header, then well past it: as a member reading
      // today's first messages would.
      for (const past of [0, 160]) {
        await today.evaluate((separator, past) => {
          const view = separator.closest('[role=region]')!;
          const band = separator.closest('li')!;
          // Its place in the history (not where it sticks): from the first of today's messages.
          const first = band.nextElementSibling!;
          const firstTop =
            first.getBoundingClientRect().top - view.getBoundingClientRect().top + view.scrollTop;
          view.scrollTo({ top: firstTop - band.getBoundingClientRect().height + past });
        }, past);
        await expect
          .poll(async () => {
            const header = await page.getByRole('heading', { level: 1 }).boundingBox();
            const area = await scroller.boundingBox();
            const box = await today.boundingBox();
            if (!header || !area || !box) return 'not laid out';
            if (box.y < area.y || box.y < header.y + header.height) return 'under the header';
            // Nothing covers it: the topmost element at its centre is the separator itself.
            const seen = await today.evaluate((separator) => {
              const rect = separator.getBoundingClientRect();
              const top = document.elementFromPoint(
                rect.left + rect.width / 2,
                rect.top + rect.height / 2,
              );
              return top !== null && separator.contains(top);
            });
            if (!seen) return 'covered';
            return (await bubbleBesideLabel(today)) ? 'a bubble beside it' : 'visible';
          })
          .toBe('visible');
      }
    });
  }

  it('fits a long last message into the list, cut short with its time beside it', async () => {
    const page = await logInAs(mia);
    await page.goto('/chats');
    const entry = page.getByRole('list', { name: 'Your conversations' }).getByRole('listitem');
    await entry.getByText(/Line 24 with a few more words/).waitFor();
    // The link used to take the whole preview's width, pushing the page past the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    const time = await entry.locator('time').boundingBox();
    expect(time!.x + time!.width).toBeLessThanOrEqual(PHONE.width);
  });

  it('reports a message from its "⋯" menu, with no Report under the bubbles', async () => {
    const page = await logInAs(mia);
    await page.goto(`/members/${noah.id}/chat`);
    const scroller = history(page);
    await scroller.getByText('Line 23 with', { exact: false }).waitFor();
    expect(await scroller.getByRole('button', { name: 'Report', exact: true }).count()).toBe(0);

    const menus = scroller.getByRole('button', {
      name: `More options for this message from ${noah.name}`,
    });
    // One menu per message of Noah's, none on Mia's own.
    expect(await menus.count()).toBe(await scroller.getByText(/^Line \d*[13579] with/).count());
    await menus.last().click();
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const report = page.getByRole('dialog', { name: `Report a message from ${noah.name}` });
    await report.getByLabel('Spam or advertising').check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await report.getByText('Thank you. Our team will look into it.').waitFor();
    const stored = await db
      .selectFrom('reports')
      .innerJoin('messages', 'messages.id', 'reports.message_id')
      .select(['reports.reason', 'messages.text'])
      .where('reports.reporter_id', '=', mia.id)
      .execute();
    expect(stored).toEqual([{ reason: 'spam', text: expect.stringMatching(/^Line 23 with/) }]);
  });
});
